/** The team's activity (/activity): who did what through Waybill, live. */
export { ActivityRoute } from './components/activity-route.js';
