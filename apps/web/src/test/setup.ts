import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { connectionStore } from '../lib/connection-state.js';

// findBy and waitFor wait on what the screen shows; a busy machine can take over a second to render
// a page the first time in a file, so the wait is bounded generously (a test passes as soon as it shows).
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  cleanup();
  // Drafts and the connection state are the page's: each test starts without another's.
  window.localStorage.clear();
  window.sessionStorage.clear();
  connectionStore.reset();
});

// jsdom lacks these; Radix and the virtualiser read them.
if (!('ResizeObserver' in globalThis)) {
  class ResizeObserverStub {
    observe() {}
    unobserve() {}
    disconnect() {}
  }
  (globalThis as unknown as { ResizeObserver: unknown }).ResizeObserver = ResizeObserverStub;
}
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener() {},
      removeListener() {},
      addEventListener() {},
      removeEventListener() {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}
window.scrollTo = (() => {}) as typeof window.scrollTo;
Element.prototype.scrollIntoView = () => {};
if (!Element.prototype.hasPointerCapture) {
  Element.prototype.hasPointerCapture = () => false;
  Element.prototype.releasePointerCapture = () => {};
}
