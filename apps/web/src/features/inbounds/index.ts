/** Inbounds feature: the list (/inbounds) and the detail overlay (/inbounds/inbound). */
export { InboundDetailPage as InboundDetailRoute } from './components/inbound-detail-page.js';
export { InboundsPage as InboundsRoute } from './components/inbounds-page.js';
