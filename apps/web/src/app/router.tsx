import { type ComponentType, createElement } from 'react';
import { createBrowserRouter, Outlet, type RouteObject, RouterProvider } from 'react-router';
import { RouteError } from '../components/route-error/route-error.js';
import { SkeletonRows } from '../components/skeleton/skeleton-rows.js';
import { GOOGLE_CALLBACK_PATH, GoogleCallback, LoginPage } from '../features/auth/index.js';
import { RealtimeRoute } from '../features/realtime/index.js';
import { MeRoute } from './routes/me.js';
import { NotFoundRoute } from './routes/not-found.js';
import { ProtectedLayout } from './routes/protected-layout.js';

/** A list route whose child (a detail) renders as an overlay over it: the list stays mounted. */
function withOverlay(List: ComponentType): ComponentType {
  return function ListWithOverlay() {
    return createElement('div', null, createElement(List), createElement(Outlet));
  };
}

const errorElement = createElement(RouteError);
const LoadingRows = () => createElement(SkeletonRows, { rows: 10 });
const realtime = withOverlay(RealtimeRoute);

/** Every console route. Realtime is the first screen; the other tabs load lazily. */
export const routes: RouteObject[] = [
  { path: '/login', Component: LoginPage, errorElement },
  { path: GOOGLE_CALLBACK_PATH, Component: GoogleCallback, errorElement },
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
                errorElement,
                lazy: async () => ({
                  Component: (await import('../features/order-detail/index.js')).OrderDetailRoute,
                }),
              },
            ],
          },
          {
            path: 'inbounds',
            errorElement,
            lazy: async () => ({
              Component: withOverlay((await import('../features/inbounds/index.js')).InboundsRoute),
            }),
            children: [
              {
                path: 'inbound',
                errorElement,
                lazy: async () => ({
                  Component: (await import('../features/inbounds/index.js')).InboundDetailRoute,
                }),
              },
            ],
          },
          {
            path: 'clients',
            errorElement,
            lazy: async () => ({ Component: (await import('../features/clients/index.js')).ClientsRoute }),
          },
          { path: 'me', Component: MeRoute, errorElement },
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
