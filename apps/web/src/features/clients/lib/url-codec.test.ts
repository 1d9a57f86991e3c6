import { DEFAULT_CLIENTS_FILTER } from '@waybill/contracts';
import { describe, expect, it } from 'vitest';
import { clientsUrlCodec } from './url-codec.js';

const decode = (query: string) => clientsUrlCodec.decode(new URLSearchParams(query), DEFAULT_CLIENTS_FILTER);

describe('clients links', () => {
  it("reads a lower-case country as its option's key", () => {
    expect(decode('country=ro').country).toBe('RO');
  });

  it('keeps the default activity cards for a link that turns them all off', () => {
    expect(decode('prio=').displayPriorities).toEqual(DEFAULT_CLIENTS_FILTER.displayPriorities);
    expect(decode('prio=4').displayPriorities).toEqual([4]);
  });
});
