import { type ComponentType, createElement } from 'react';
import { createBrowserRouter, Outlet, type RouteObject, RouterProvider } from 'react-router';
import { RouteError } from '../components/route-error/route-error.js';
import { SkeletonRows } from '../components/skeleton/skeleton-rows.js';
import {
  GOOGLE_CALLBACK_PATH,
  SHOPIFY_AUTHORIZE_PATH,
  SHOPIFY_CALLBACK_PATH,
} from '../features/auth/index.js';
import { RealtimeRoute } from '../features/realtime/index.js';
import { NotFoundRoute } from './routes/not-found.js';
import { ProtectedLayout } from './routes/protected-layout.js';

/** A list route whose child (a detail) renders as an overlay over it: the list stays mounted. */
function withOverlay(List: ComponentType): ComponentType {
  return function ListWithOverlay() {
    return createElement('div', null, createElement(List), createElement(Outlet));
  };
}

const errorElement = createElement(RouteError);
/**
 * A lazy route gets its error boundary with its code: React Router cannot render an error element
 * of a route whose code failed to load (a deploy removed the chunk, the server is out of reach), so
 * that failure must reach the parent's boundary, which shows the reload offer (RouteError).
 */
const ErrorBoundary = RouteError;
const LoadingRows = () => createElement(SkeletonRows, { rows: 10 });
const realtime = withOverlay(RealtimeRoute);

/** Every console route. Realtime is the first screen; the other tabs load lazily. */
export const routes: RouteObject[] = [
  // Signed-in screens never need the sign-in pages' code up front.
  {
    path: '/login',
    lazy: async () => ({
      Component: (await import('../features/auth/components/login-page.js')).LoginPage,
      ErrorBoundary,
    }),
  },
  {
    path: GOOGLE_CALLBACK_PATH,
    lazy: async () => ({
      Component: (await import('../features/auth/components/google-callback.js')).GoogleCallback,
      ErrorBoundary,
    }),
  },
  {
    path: SHOPIFY_AUTHORIZE_PATH,
    lazy: async () => ({
      Component: (await import('../features/auth/components/shop-install.js')).ShopifyAuthorize,
      ErrorBoundary,
    }),
  },
  {
    path: SHOPIFY_CALLBACK_PATH,
    lazy: async () => ({
      Component: (await import('../features/auth/components/shop-install.js')).ShopifyCallback,
      ErrorBoundary,
    }),
  },
  {
    path: '/',
    Component: ProtectedLayout,
    errorElement,
    children: [
      {
        errorElement,
        // A lazy tab opened directly shows the shell and placeholder rows while its code loads,
        // not a blank page (and no React Router warning).
        HydrateFallback: LoadingRows,
        children: [
          { index: true, Component: RealtimeRoute, errorElement },
          {
            path: 'realtime',
            Component: realtime,
            errorElement,
            children: [
              {
                path: 'order',
                lazy: async () => ({
                  Component: (await import('../features/order-detail/index.js')).OrderDetailRoute,
                  ErrorBoundary,
                }),
              },
            ],
          },
          {
            path: 'inbounds',
            lazy: async () => ({
              Component: withOverlay((await import('../features/inbounds/index.js')).InboundsRoute),
              ErrorBoundary,
            }),
            children: [
              {
                path: 'inbound',
                lazy: async () => ({
                  Component: (await import('../features/inbounds/index.js')).InboundDetailRoute,
                  ErrorBoundary,
                }),
              },
            ],
          },
          {
            path: 'clients',
            lazy: async () => ({
              Component: (await import('../features/clients/index.js')).ClientsRoute,
              ErrorBoundary,
            }),
          },
          {
            path: 'activity',
            lazy: async () => ({
              Component: (await import('../features/activity/index.js')).ActivityRoute,
              ErrorBoundary,
            }),
          },
          {
            path: 'me',
            lazy: async () => ({ Component: (await import('./routes/me.js')).MeRoute, ErrorBoundary }),
          },
          { path: '*', Component: NotFoundRoute },
        ],
      },
    ],
  },
];

let browserRouter: ReturnType<typeof createBrowserRouter> | null = null;

export function AppRouterProvider() {
  browserRouter ??= createBrowserRouter(routes);
  return createElement(RouterProvider, { router: browserRouter });
}
