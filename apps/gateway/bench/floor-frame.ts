/**
 * The frames a broadcast floor sends. Where the send time goes in a frame's text: the floor server
 * writes `Date.now()` over this placeholder just before its write loop.
 */
export const SENT_AT = '__SENT_AT__';

/** Placeholder plus the 13 digits it becomes, for frames whose length must match a given size. */
const SENT_AT_GROWTH = String(Date.now()).length - SENT_AT.length;

/**
 * A frame of `bytes` bytes that costs the receiver next to nothing to parse: one number and one
 * long string. The floor's historical frame.
 */
export function paddedTemplate(bytes: number): string {
  const head = `{"sentAt":${SENT_AT},"pad":"`;
  return `${head}${'x'.repeat(Math.max(0, bytes - head.length - SENT_AT_GROWTH - 2))}"}`;
}

/**
 * The timed push's own first frame, byte for byte, with its poll time as the send time: receivers
 * parse the same JSON (a tRPC data message carrying an order row) as in `push_latency_ms`.
 * Null when the frame carries no poll time to replace.
 */
export function sameBytesTemplate(frame: string): string | null {
  const template = frame.replace(/"polledAt":\d+/, `"polledAt":${SENT_AT}`);
  return template === frame ? null : template;
}

/** The send time a floor frame carries, read where each template puts it. */
export function sentAtOf(frame: unknown): number | undefined {
  const f = frame as { sentAt?: number; result?: { data?: { data?: { polledAt?: number } } } };
  return f.sentAt ?? f.result?.data?.data?.polledAt;
}
