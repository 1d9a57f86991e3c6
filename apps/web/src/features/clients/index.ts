import { createElement } from 'react';

/** Placeholder until the clients feature lands (another engineer owns this folder). */
export function ClientsRoute() {
  return createElement('section', { 'aria-label': 'Clients' }, createElement('h1', null, 'Clients'));
}
