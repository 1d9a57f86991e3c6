import { z } from 'zod';

// The console's CSP allows no eval: zod's compiled parsers would only probe `new Function`, which
// the browser reports as a CSP violation on every load. zod reads the setting when a schema is
// built, so vite.config.ts bundles this file into zod's own chunk, ahead of every schema.
z.config({ jitless: true });
