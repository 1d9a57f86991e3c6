import { trace } from '@opentelemetry/api';
import { node, tracing } from '@opentelemetry/sdk-node';
import { afterAll, describe, expect, it } from 'vitest';
import { Cohort } from '../../src/realtime/cohort.js';

// An in-process tracer for this file only (vitest runs each file in its own worker).
const exporter = new tracing.InMemorySpanExporter();
const provider = new node.NodeTracerProvider({ spanProcessors: [new tracing.SimpleSpanProcessor(exporter)] });
provider.register();
afterAll(() => provider.shutdown());

const silent = { info() {}, warn() {}, error() {}, debug() {} };

describe('cohort refresh spans', () => {
  it('a refresh asked for inside a change poll cycle is its own trace, linked to that cycle', async () => {
    let version = 0;
    const cohort = new Cohort<{ uid: string; v: number }, { total: number }>(
      't',
      'k',
      async () => ({ rows: [{ uid: 'a', v: ++version }], meta: { total: 1 } }),
      silent,
    );
    await cohort.join('tok', null);
    const cycle = await trace
      .getTracer('test')
      .startActiveSpan('change poll', { root: true }, async (span) => {
        await cohort.refresh(Date.now());
        span.end();
        return span;
      });
    const refreshes = exporter.getFinishedSpans().filter((s) => s.name === 'cohort refresh');
    // The join's first load, then the refresh the poll cycle asked for.
    expect(refreshes).toHaveLength(2);
    const linked = refreshes[1]!;
    expect(linked.links.map((l) => l.context.spanId)).toEqual([cycle!.spanContext().spanId]);
    expect(linked.spanContext().traceId).not.toBe(cycle!.spanContext().traceId);
    expect(linked.attributes['waybill.cohort.kind']).toBe('t');
  });
});
