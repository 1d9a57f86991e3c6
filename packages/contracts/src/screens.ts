/**
 * The console's pages, in one list: the header's tabs, the command palette's Screens group, the
 * router's paths (its test checks each resolves) and the gateway's SPA fallback all read it. A new
 * screen is added here first.
 */
export interface ConsoleScreen {
  /** Its address; a screen is also shown on the addresses below it (its overlays). */
  path: `/${string}`;
  /** The header tab's text; screens without one are reached from menus only. */
  tab: string | null;
  /** What the command palette offers it as. */
  paletteLabel: string;
  /** Overlays shown over it (an order or inbound detail), each with its own address. */
  overlays: readonly `/${string}`[];
}

export const CONSOLE_SCREENS = [
  { path: '/realtime', tab: 'Realtime', paletteLabel: 'Realtime orders', overlays: ['/realtime/order'] },
  { path: '/inbounds', tab: 'Inbounds', paletteLabel: 'Inbounds', overlays: ['/inbounds/inbound'] },
  { path: '/clients', tab: 'Clients', paletteLabel: 'Clients', overlays: [] },
  { path: '/activity', tab: 'Activity', paletteLabel: 'Team activity', overlays: [] },
  { path: '/me', tab: null, paletteLabel: 'My account', overlays: [] },
] as const satisfies readonly ConsoleScreen[];

/** Where Google sends the browser back after consent (the gateway builds the redirect URI from it). */
export const GOOGLE_CALLBACK_PATH = '/login/callback/google';

export const SIGN_IN_PATHS = ['/login', GOOGLE_CALLBACK_PATH] as const;

/**
 * The shop platform's install flow: the platform opens the app at the first (the console asks the
 * backend for the install page and goes there) and comes back to the second (the console turns the
 * platform's answer into a login state and opens /realtime with it, or /login when signed out).
 */
export const SHOPIFY_AUTHORIZE_PATH = '/shopify/authorize';
export const SHOPIFY_CALLBACK_PATH = '/shopify/callback';

/** Every address the console answers with a page of its own (the gateway serves index.html there). */
export const CONSOLE_PAGE_PATHS: readonly string[] = [
  '/',
  ...SIGN_IN_PATHS,
  SHOPIFY_AUTHORIZE_PATH,
  SHOPIFY_CALLBACK_PATH,
  ...CONSOLE_SCREENS.flatMap((screen) => [screen.path, ...screen.overlays]),
];
