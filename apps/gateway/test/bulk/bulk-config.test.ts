import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config.js';

describe('bulk job settings', () => {
  it('defaults: 3 running, 20 listed, kept a day', () => {
    const config = loadConfig({});
    expect(config.BULK_JOBS_RUNNING_PER_USER).toBe(3);
    expect(config.BULK_JOBS_KEPT).toBe(20);
    expect(config.BULK_JOB_KEEP_MS).toBe(86_400_000);
  });

  it('refuses bad values, naming the variable and the problem', () => {
    expect(() => loadConfig({ BULK_JOBS_RUNNING_PER_USER: '0' })).toThrow(
      /BULK_JOBS_RUNNING_PER_USER="0": must be at least 1/,
    );
    expect(() => loadConfig({ BULK_JOB_KEEP_MS: 'soon' })).toThrow(
      /BULK_JOB_KEEP_MS="soon": must be a whole number in decimal digits/,
    );
    // Running jobs are counted over the listed ones.
    const short = () => loadConfig({ BULK_JOBS_KEPT: '2', BULK_JOBS_RUNNING_PER_USER: '5' });
    expect(short).toThrow(ConfigError);
    expect(short).toThrow(/BULK_JOBS_KEPT="2": must be at least BULK_JOBS_RUNNING_PER_USER \(5\)/);
  });
});
