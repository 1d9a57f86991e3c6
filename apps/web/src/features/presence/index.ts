export { PresenceProvider } from './presence-provider.js';
