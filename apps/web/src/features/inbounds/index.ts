import { createElement } from 'react';

/** Placeholder until the inbounds feature lands (another engineer owns this folder). */
export function InboundsRoute() {
  return createElement('section', { 'aria-label': 'Inbounds' }, createElement('h1', null, 'Inbounds'));
}

export function InboundDetailRoute() {
  return createElement('section', { 'aria-label': 'Inbound detail' }, createElement('h1', null, 'Inbound'));
}
