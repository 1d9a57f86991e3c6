export { useLogout } from './hooks/use-logout.js';
export { useSession } from './hooks/use-session.js';
export { GOOGLE_CALLBACK_PATH, loginPath } from './lib/state.js';
