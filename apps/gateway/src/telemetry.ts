import { type Attributes, type Link, type Span, SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';

/**
 * The gateway's own spans. Only `@opentelemetry/api` is imported here: without a started SDK
 * (tracing.ts) every call below is a no-op costing a function call.
 */
export const tracer = trace.getTracer('waybill-gateway');

export { SpanKind };

interface SpanOptions {
  kind?: SpanKind;
  attributes?: Attributes;
  links?: Link[];
  /** Starts a new trace (a timer's work), linked to what caused it instead of nested in it. */
  root?: boolean;
}

/** Runs `work` inside a span named `name`, ended when it settles; a throw marks the span failed. */
export async function inSpan<T>(
  name: string,
  options: SpanOptions,
  work: (span: Span) => Promise<T>,
): Promise<T> {
  return tracer.startActiveSpan(name, options, async (span) => {
    try {
      return await work(span);
    } catch (error) {
      failSpan(span, error);
      throw error;
    } finally {
      span.end();
    }
  });
}

/** Marks a span failed with the error's class only: messages may quote what a user sent. */
export function failSpan(span: Span, error: unknown): void {
  const type = error instanceof Error ? error.constructor.name : typeof error;
  span.setStatus({ code: SpanStatusCode.ERROR });
  span.setAttribute('error.type', type);
}

/** The active span as a link, for work done later on its behalf (a cohort refresh after a change). */
export function activeLink(): Link | null {
  const span = trace.getActiveSpan();
  if (!span) return null;
  const context = span.spanContext();
  return trace.isSpanContextValid(context) ? { context } : null;
}

/** The active trace's id, for log lines (none while tracing is off). */
export function activeTraceId(): string | undefined {
  const context = trace.getActiveSpan()?.spanContext();
  return context && trace.isSpanContextValid(context) ? context.traceId : undefined;
}
