/** Order detail (/realtime/order): an overlay over the realtime list. */
export { OrderDetailRoute } from './components/order-detail-route.js';
