// Manual helper: `pnpm exec tsx e2e/serve.ts` starts the e2e stack and prints its URL.
import { startStack } from './harness.js';

const stack = await startStack();
console.log(`console: ${stack.baseUrl}  sim: ${stack.sim.url}`);
process.on('SIGINT', () => {
  void stack.close().then(() => process.exit(0));
});
