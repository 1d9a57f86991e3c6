import { describe, expect, it } from 'vitest';
import { paddedTemplate, SENT_AT, sameBytesTemplate, sentAtOf } from './floor-frame.js';

const send = (template: string, at: number) => template.replace(SENT_AT, String(at));
const at = 1_795_460_289_774;

describe('broadcast floor frames', () => {
  it('pads a frame to the timed frame size once the send time is written in', () => {
    for (const bytes of [200, 1968, 3000]) {
      const frame = send(paddedTemplate(bytes), at);
      expect(frame).toHaveLength(bytes);
      expect(sentAtOf(JSON.parse(frame))).toBe(at);
    }
  });

  it('sends the timed frame itself, its poll time replaced by the send time', () => {
    const timed = JSON.stringify({
      id: 1,
      result: {
        type: 'data',
        id: 'a:1',
        data: { id: 'a:1', data: { kind: 'patch', upserts: [{ uid: 'o1' }], polledAt: 42 } },
      },
    });
    const frame = send(sameBytesTemplate(timed) ?? '', at);
    expect(sentAtOf(JSON.parse(frame))).toBe(at);
    expect(frame.replace(String(at), '42')).toBe(timed);
  });

  it('refuses a frame with no poll time to replace', () => {
    expect(sameBytesTemplate('{"id":1,"result":{"type":"started"}}')).toBeNull();
  });
});
