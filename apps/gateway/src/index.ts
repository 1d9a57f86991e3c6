export { type BuildAppOptions, buildApp, type ReadinessCheck, type ReadinessResult } from './app.js';
export { BackendClient, type BackendStream, type CallOptions } from './backend/backend-client.js';
export { BackendError, type BackendErrorDetails } from './backend/backend-error.js';
export { type Config, ConfigError, type ConfigInput, loadConfig, makeConfig } from './config.js';
export type { Context } from './context.js';
export { createMetrics, type GatewayMetrics } from './metrics.js';
export { ReferenceCache } from './reference/reference-cache.js';
export { type AppRouter, appRouter, type RouterInputs, type RouterOutputs } from './router.js';
export type { Services } from './services.js';
