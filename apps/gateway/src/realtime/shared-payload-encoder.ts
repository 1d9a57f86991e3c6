/**
 * Websocket encoder for tRPC: JSON, except that a subscription payload object is serialised
 * once however many sockets it goes to. A cohort pushes the same message object to all its
 * members, so a push to N tabs costs one JSON.stringify of the payload, not N. Whole frames are
 * kept per envelope too: tabs that subscribed the same way share a request id, so they get the
 * very same string and a push makes no per-socket copy of the payload.
 */
interface Serialised {
  json: string;
  frames: Map<string, string>;
}
const serialised = new WeakMap<object, Serialised>();
/** Distinct envelopes (request id, event id) remembered per payload; beyond this, frames are built per call. */
const MAX_FRAMES = 32;

interface DataMessage {
  result: { type: 'data'; id?: string; data: { id: string; data: object } };
  [key: string]: unknown;
}

function isTrackedData(value: unknown): value is DataMessage {
  const result = (value as { result?: { type?: unknown; data?: unknown } } | null)?.result;
  if (result?.type !== 'data') return false;
  const envelope = result.data as { id?: unknown; data?: unknown } | null;
  return (
    typeof envelope === 'object' &&
    envelope !== null &&
    typeof envelope.id === 'string' &&
    typeof envelope.data === 'object' &&
    envelope.data !== null &&
    Object.keys(envelope).length === 2
  );
}

export const sharedPayloadEncoder = {
  encode(value: unknown): string {
    if (!isTrackedData(value)) return JSON.stringify(value);
    const { result, ...rest } = value;
    const payload = result.data.data;
    let entry = serialised.get(payload);
    if (entry === undefined) {
      entry = { json: JSON.stringify(payload), frames: new Map() };
      serialised.set(payload, entry);
    }
    // `{...,"result":{"type":"data","id":…}}` with the tracked envelope spliced in before the braces.
    const head = JSON.stringify({ ...rest, result: { type: result.type, id: result.id } });
    const envelope = `${head.slice(0, -2)},"data":{"id":${JSON.stringify(result.data.id)},"data":`;
    const known = entry.frames.get(envelope);
    if (known !== undefined) return known;
    const frame = `${envelope}${entry.json}}}}`;
    if (entry.frames.size < MAX_FRAMES) entry.frames.set(envelope, frame);
    return frame;
  },
  decode(data: string | ArrayBuffer | Uint8Array): unknown {
    if (typeof data !== 'string') throw new Error('Binary frames are not accepted: send JSON text frames');
    return JSON.parse(data);
  },
};
