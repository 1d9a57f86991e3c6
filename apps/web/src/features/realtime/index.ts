export { RealtimeRoute } from './components/realtime-route.js';
