// Preloaded into a gateway process by tracing.test.ts: on exit, tells (on stderr) what registered
// itself with the OpenTelemetry API's global (a started SDK registers its tracer provider there).
process.on('exit', () => {
  const global = globalThis[Symbol.for('opentelemetry.js.api.1')];
  const registered = global ? Object.keys(global).filter((key) => key !== 'version') : [];
  process.stderr.write(`otel-global: ${registered.length > 0 ? registered.join(',') : 'none'}\n`);
});
