/** Clients analytics feature (/clients). */
export { ClientsPage as ClientsRoute } from './components/clients-page.js';
