import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One span as OTLP/JSON carries it, with its attributes flattened to strings. */
export interface ReceivedSpan {
  traceId: string;
  spanId: string;
  parentSpanId: string;
  name: string;
  attributes: Record<string, string>;
  links: Array<{ traceId: string; spanId: string }>;
  durationMs: number;
}

interface OtlpValue {
  stringValue?: string;
  intValue?: string | number;
  boolValue?: boolean;
  doubleValue?: number;
}

interface OtlpSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  attributes?: Array<{ key: string; value: OtlpValue }>;
  links?: Array<{ traceId: string; spanId: string }>;
  startTimeUnixNano?: string;
  endTimeUnixNano?: string;
}

interface OtlpTraces {
  resourceSpans?: Array<{
    resource?: { attributes?: Array<{ key: string; value: OtlpValue }> };
    scopeSpans?: Array<{ spans?: OtlpSpan[] }>;
  }>;
}

const text = (value: OtlpValue) =>
  String(value.stringValue ?? value.intValue ?? value.boolValue ?? value.doubleValue);

/** A tiny OTLP/HTTP receiver (JSON encoding) on 127.0.0.1 port 0: what a collector would get. */
export async function startOtlpReceiver() {
  const spans: ReceivedSpan[] = [];
  const services = new Set<string>();
  const requests: string[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => {
      body += chunk.toString('utf8');
    });
    req.on('end', () => {
      requests.push(req.url ?? '');
      const parsed = JSON.parse(body) as OtlpTraces;
      for (const resource of parsed.resourceSpans ?? []) {
        for (const a of resource.resource?.attributes ?? [])
          if (a.key === 'service.name') services.add(text(a.value));
        for (const scope of resource.scopeSpans ?? [])
          for (const span of scope.spans ?? [])
            spans.push({
              traceId: span.traceId,
              spanId: span.spanId,
              parentSpanId: span.parentSpanId ?? '',
              name: span.name,
              attributes: Object.fromEntries((span.attributes ?? []).map((a) => [a.key, text(a.value)])),
              links: (span.links ?? []).map((l) => ({ traceId: l.traceId, spanId: l.spanId })),
              durationMs:
                Number(BigInt(span.endTimeUnixNano ?? '0') - BigInt(span.startTimeUnixNano ?? '0')) / 1e6,
            });
      }
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    spans,
    services,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A trace as indented text, children under their parent: "name  1.23 ms". */
export function traceTree(spans: readonly ReceivedSpan[], traceId: string): string {
  const mine = spans.filter((s) => s.traceId === traceId);
  const ids = new Set(mine.map((s) => s.spanId));
  const lines: string[] = [];
  const walk = (parent: string, depth: number) => {
    for (const span of mine.filter(
      (s) => (s.parentSpanId && ids.has(s.parentSpanId) ? s.parentSpanId : '') === parent,
    )) {
      lines.push(`${'  '.repeat(depth)}${span.name}  ${span.durationMs.toFixed(2)} ms`);
      walk(span.spanId, depth + 1);
    }
  };
  walk('', 0);
  return lines.join('\n');
}
