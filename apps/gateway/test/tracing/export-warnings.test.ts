import { describe, expect, it } from 'vitest';
import { collectorAddress, EXPORT_WARNING_EVERY_MS, exportFailures } from '../../src/tracing.js';

describe('the warning for spans the collector did not take', () => {
  it('comes at the first failure, then at most once per EXPORT_WARNING_EVERY_MS with the failures since', () => {
    let clock = 5_000_000;
    const warnings: Array<{ fields: Record<string, unknown>; message: string }> = [];
    const failed = exportFailures(
      (fields, message) => warnings.push({ fields, message }),
      'the collector',
      () => clock,
    );
    const refused = Object.assign(new AggregateError([]), { code: 'ECONNREFUSED' });

    failed(refused);
    for (let i = 0; i < 50; i++) {
      clock += 5000;
      failed(new Error('Request timed out'));
    }
    expect(warnings).toHaveLength(1);
    expect(warnings[0]?.fields).toEqual({ failedExports: 1, reason: 'ECONNREFUSED' });
    expect(warnings[0]?.message).toMatch(
      /^spans could not be sent to the OpenTelemetry collector at the collector: ECONNREFUSED;/,
    );

    clock += EXPORT_WARNING_EVERY_MS;
    failed(new Error('Request timed out'));
    expect(warnings).toHaveLength(2);
    expect(warnings[1]?.fields).toEqual({ failedExports: 51, reason: 'Request timed out' });
  });

  it('names the collector by the variable that set it, without a user or password', () => {
    expect(collectorAddress({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://otel-collector:4318' })).toBe(
      'http://otel-collector:4318 (OTEL_EXPORTER_OTLP_ENDPOINT)',
    );
    expect(
      collectorAddress({
        OTEL_EXPORTER_OTLP_ENDPOINT: 'http://ignored:4318',
        OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'https://ops:s3cret@collector.example/v1/traces',
      }),
    ).toBe('https://collector.example/v1/traces (OTEL_EXPORTER_OTLP_TRACES_ENDPOINT)');
  });
});
