import { serialisePayload } from './payload-json.js';
import { tagSubscription } from './wire-fanout.js';

/**
 * Websocket encoder for tRPC: JSON, except that a subscription payload object is serialised
 * once however many sockets it goes to (payload-json.ts).
 */

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
    const json = serialisePayload(result.data.data);
    // `{...,"result":{"type":"data","id":…}}` with the tracked envelope spliced in before the braces.
    const head = JSON.stringify({ ...rest, result: { type: result.type, id: result.id } });
    return `${head.slice(0, -2)},"data":{"id":${JSON.stringify(result.data.id)},"data":${json}}}}`;
  },
  decode(data: string | ArrayBuffer | Uint8Array): unknown {
    if (typeof data !== 'string') throw new Error('Binary frames are not accepted: send JSON text frames');
    const decoded: unknown = JSON.parse(data);
    // Subscriptions learn their request id, so a cohort can write their pushes directly.
    if (Array.isArray(decoded)) for (const m of decoded) tagSubscription(m);
    else tagSubscription(decoded);
    return decoded;
  },
};
