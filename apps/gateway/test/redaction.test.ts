import { Writable } from 'node:stream';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { loggerOptions } from '../src/logger.js';

describe('log redaction', () => {
  it('censors tokens, cookies, passwords and connectionParams wherever they are logged', () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const options = loggerOptions(loadConfig({}));
    const logger = pino(options as pino.LoggerOptions, sink);
    logger.info(
      { req: { headers: { authorization: 'Bearer t1', cookie: 'mgmt_auth_token=t2' } } },
      'request',
    );
    logger.info({ headers: { authorization: 'Bearer t3' } }, 'headers');
    logger.info({ token: 't4', access_token: 't5', password: 'p1' }, 'top level');
    logger.info(
      { input: { token: 't6', password: 'p2' }, info: { connectionParams: { token: 't7' } } },
      'nested',
    );
    logger.info({ res: { headers: { 'set-cookie': 'mgmt_auth_token=t8' } } }, 'response');
    const text = lines.join('');
    for (const secret of ['t1', 't2', 't3', 't4', 't5', 't6', 't7', 't8', 'p1', 'p2'])
      expect(text).not.toMatch(new RegExp(`"[^"]*\\b${secret}\\b`));
    expect(text.match(/\[redacted\]/g)?.length).toBeGreaterThanOrEqual(10);
  });
});
