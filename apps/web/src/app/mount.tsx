import '../lib/zod-jitless.js';
import { StrictMode, startTransition } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { installNoTapThrough } from '../lib/no-tap-through.js';
import { AppProvider } from './provider.js';
import { AppRouterProvider } from './router.js';

/** Mounts the console into #root; a page without it is a deployment error. */
export function mountApp(doc: Document = document): Root {
  const element = doc.getElementById('root');
  if (!element) throw new Error('Root element not found');
  installNoTapThrough(doc);
  const root = createRoot(element);
  // A pass React can interrupt: the page answers input while the console's first render runs.
  startTransition(() =>
    root.render(
      <StrictMode>
        <AppProvider>
          <AppRouterProvider />
        </AppProvider>
      </StrictMode>,
    ),
  );
  return root;
}
