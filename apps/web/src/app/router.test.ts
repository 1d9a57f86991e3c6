import { CONSOLE_PAGE_PATHS } from '@waybill/contracts';
import { matchRoutes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { routes } from './router.js';
import { NotFoundRoute } from './routes/not-found.js';

describe('the console routes', () => {
  it.each(CONSOLE_PAGE_PATHS)(
    'has a page of its own at %s (the gateway serves the console there)',
    (path) => {
      const matched = matchRoutes(routes, path);
      expect(matched, path).not.toBeNull();
      expect(matched?.at(-1)?.route.Component).not.toBe(NotFoundRoute);
    },
  );

  it('shows its not-found page elsewhere', () => {
    expect(matchRoutes(routes, '/nowhere')?.at(-1)?.route.Component).toBe(NotFoundRoute);
  });
});
