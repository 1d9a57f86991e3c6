import { describe, expect, it } from 'vitest';
import { sharedPayloadEncoder } from './shared-payload-encoder.js';

describe('sharedPayloadEncoder', () => {
  it('encodes tracked data messages to the same JSON as JSON.stringify', () => {
    const payload = {
      kind: 'patch',
      upserts: [{ uid: 'a', n: 'x"y' }],
      removed: [],
      order: ['a'],
      meta: null,
    };
    for (const message of [
      { id: 7, jsonrpc: '2.0', result: { type: 'data', data: { id: 'e:1', data: payload }, id: 'e:1' } },
      { id: 'abc', result: { type: 'data', data: { id: 'e:2', data: payload } } },
    ]) {
      expect(JSON.parse(sharedPayloadEncoder.encode(message))).toEqual(JSON.parse(JSON.stringify(message)));
    }
  });

  it('serialises a shared payload once and reuses it for every socket', () => {
    const payload = { kind: 'snapshot', rows: [] as unknown[] };
    const first = sharedPayloadEncoder.encode({
      id: 1,
      result: { type: 'data', id: 'x', data: { id: 'x', data: payload } },
    });
    payload.rows.push('mutated after sending');
    const second = sharedPayloadEncoder.encode({
      id: 2,
      result: { type: 'data', id: 'x', data: { id: 'x', data: payload } },
    });
    // Cohort messages are immutable once pushed; the cache returns the first serialisation.
    expect(JSON.parse(second).result.data.data).toEqual(JSON.parse(first).result.data.data);
    expect(JSON.parse(second).id).toBe(2);
  });

  it('leaves other messages (started, errors, untracked data) as plain JSON', () => {
    for (const message of [
      { id: 1, result: { type: 'started' } },
      { id: 1, error: { message: 'x', code: -32600 } },
      { id: 1, result: { type: 'data', data: { plain: true } } },
      { id: null, method: 'reconnect' },
    ]) {
      expect(sharedPayloadEncoder.encode(message)).toBe(JSON.stringify(message));
    }
  });

  it('refuses binary frames with a clear error', () => {
    expect(() => sharedPayloadEncoder.decode(new Uint8Array([1]))).toThrow(/JSON text frames/);
    expect(sharedPayloadEncoder.decode('{"a":1}')).toEqual({ a: 1 });
  });
});
