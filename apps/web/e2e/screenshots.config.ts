import { defineConfig } from 'vitest/config';

// Only the screenshot script (`e2e/take-screenshots.ts`), apart from the e2e suite.
export default defineConfig({
  test: {
    environment: 'node',
    include: ['e2e/take-screenshots.ts'],
    hookTimeout: 240_000,
  },
});
