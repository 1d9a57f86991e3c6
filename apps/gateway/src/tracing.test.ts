import { describe, expect, it } from 'vitest';
import { tracingConfigProblems, tracingEnabled } from './tracing.js';

describe('tracing configuration', () => {
  it('is on with an endpoint, off when the SDK is disabled in any case', () => {
    expect(tracingEnabled({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' })).toBe(true);
    for (const disabled of ['true', 'TRUE', ' True '])
      expect(
        tracingEnabled({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318', OTEL_SDK_DISABLED: disabled }),
      ).toBe(false);
    expect(tracingEnabled({})).toBe(false);
  });

  it('names an endpoint that is no http(s) URL and an unknown protocol, without a URL password', () => {
    expect(
      tracingConfigProblems({
        OTEL_EXPORTER_OTLP_ENDPOINT: 'not a url',
        OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'ftp://user:hunter2@collector',
        OTEL_EXPORTER_OTLP_PROTOCOL: 'bogus',
      }),
    ).toEqual([
      'OTEL_EXPORTER_OTLP_ENDPOINT="not a url": must be an http(s) URL',
      'OTEL_EXPORTER_OTLP_TRACES_ENDPOINT="ftp://…@collector": must be an http(s) URL',
      'OTEL_EXPORTER_OTLP_PROTOCOL="bogus": must be one of http/protobuf, http/json, grpc',
    ]);
  });

  it('takes every valid setting, and checks nothing while tracing is off', () => {
    expect(
      tracingConfigProblems({
        OTEL_EXPORTER_OTLP_ENDPOINT: 'https://collector.example.com:4318/',
        OTEL_EXPORTER_OTLP_TRACES_PROTOCOL: 'http/json',
        OTEL_EXPORTER_OTLP_PROTOCOL: 'grpc',
      }),
    ).toEqual([]);
    expect(tracingConfigProblems({ OTEL_EXPORTER_OTLP_PROTOCOL: 'bogus' })).toEqual([]);
  });
});
