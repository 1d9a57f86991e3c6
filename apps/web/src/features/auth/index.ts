export { useLogout } from './hooks/use-logout.js';
export { useSession } from './hooks/use-session.js';
export {
  GOOGLE_CALLBACK_PATH,
  loginPath,
  SESSION_ENDED,
  SHOPIFY_AUTHORIZE_PATH,
  SHOPIFY_CALLBACK_PATH,
} from './lib/state.js';
