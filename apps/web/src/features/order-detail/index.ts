import { createElement } from 'react';

/** Placeholder until the order-detail feature lands (another engineer owns this folder). */
export function OrderDetailRoute() {
  return createElement('section', { 'aria-label': 'Order detail' }, createElement('h1', null, 'Order'));
}
