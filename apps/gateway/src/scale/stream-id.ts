/** Redis stream ids are `{ms}-{seq}`; both parts can exceed 2^53, so compare as bigints. */
const STREAM_ID = /^(\d{1,20})-(\d{1,20})$/;

export function isStreamId(id: string): boolean {
  return STREAM_ID.test(id);
}

function parts(id: string): [bigint, bigint] {
  const match = STREAM_ID.exec(id);
  if (!match) throw new Error(`not a stream id: ${JSON.stringify(id)}`);
  return [BigInt(match[1]!), BigInt(match[2]!)];
}

/** Negative when a is older than b, 0 when equal, positive when newer. */
export function compareStreamIds(a: string, b: string): number {
  const [am, as] = parts(a);
  const [bm, bs] = parts(b);
  if (am !== bm) return am < bm ? -1 : 1;
  if (as !== bs) return as < bs ? -1 : 1;
  return 0;
}
