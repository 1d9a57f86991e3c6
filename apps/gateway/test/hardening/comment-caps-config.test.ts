import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';

describe('the comment and list caps are configurable and validated', () => {
  it('defaults to 300 comments per 10 minutes, 8 MB per list answer and 3,000 live rows per session', () => {
    expect(loadConfig({})).toMatchObject({
      COMMENT_RATE_MAX: 300,
      COMMENT_RATE_WINDOW_MS: 600_000,
      LIST_MAX_ANSWER_BYTES: 8_000_000,
      SESSION_MAX_LIVE_ROWS: 3_000,
    });
    expect(
      loadConfig({
        COMMENT_RATE_MAX: '50',
        COMMENT_RATE_WINDOW_MS: '60000',
        LIST_MAX_ANSWER_BYTES: '2000000',
        SESSION_MAX_LIVE_ROWS: '1000',
      }),
    ).toMatchObject({
      COMMENT_RATE_MAX: 50,
      COMMENT_RATE_WINDOW_MS: 60_000,
      LIST_MAX_ANSWER_BYTES: 2_000_000,
      SESSION_MAX_LIVE_ROWS: 1000,
    });
  });

  it.each([
    ['COMMENT_RATE_MAX', '0', 'must be at least 1'],
    ['COMMENT_RATE_WINDOW_MS', '10', 'must be at least 1000'],
    ['LIST_MAX_ANSWER_BYTES', 'lots', 'must be a whole number in decimal digits'],
    ['LIST_MAX_ANSWER_BYTES', '100', 'must be at least 10000'],
    ['SESSION_MAX_LIVE_ROWS', '10', 'must be at least 20'],
  ])('names %s when it is %j', (name, value, problem) => {
    expect(() => loadConfig({ [name]: value })).toThrow(`${name}=${JSON.stringify(value)}: ${problem}`);
  });
});
