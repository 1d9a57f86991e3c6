import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { LIMIT_NAMES } from '@waybill/contracts';
import { describe, expect, it } from 'vitest';
import { assertProductionSafe, ConfigError, configSchema, loadConfig } from '../src/config.js';

/** src/server.ts in a process of its own, as ops start it, until it exits (or 90 s pass). */
function runServer(env: NodeJS.ProcessEnv) {
  const server = fileURLToPath(new URL('../src/server.ts', import.meta.url));
  return spawnSync(process.execPath, ['--import', 'tsx', server], {
    cwd: fileURLToPath(new URL('..', import.meta.url)),
    env,
    encoding: 'utf8',
    timeout: 90_000,
  });
}

describe('loadConfig', () => {
  it('has a setting for every limit a refusal names in its data (VIEW_MAX_BYTES is fixed in contracts)', () => {
    const settings = new Set(Object.keys(configSchema.shape));
    expect(LIMIT_NAMES.filter((name) => !settings.has(name) && name !== 'VIEW_MAX_BYTES')).toEqual([]);
  });

  it('fills the documented defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      PORT: 3000,
      HOST: '127.0.0.1',
      BACKEND_URL: 'http://127.0.0.1:4000',
      SERVICE_TOKEN: 'dev-service-token',
      MANAGED_BY: 'waybill',
      CHANGE_POLL_MS: 1000,
      LIVE_TOKEN_CHECK_MS: 5000,
      ALLOWED_ORIGINS: [],
      IMAGE_ORIGINS: [],
      PASSWORD_LOGIN: true,
      COOKIE_SECURE: false,
      LOG_LEVEL: 'info',
      BACKEND_TIMEOUT_MS: 10_000,
      REQUEST_TIMEOUT_MS: 30_000,
      NODE_ENV: 'production',
    });
    expect(config.REDIS_URL).toBeUndefined();
    expect(config.WEB_DIST.endsWith('/apps/web/dist')).toBe(true);
  });

  it('parses every variable', () => {
    const config = loadConfig({
      PORT: '8080',
      HOST: '0.0.0.0',
      BACKEND_URL: 'https://mgmt.example.com/',
      ALLOWED_ORIGINS: 'https://a.example.com, https://b.example.com/',
      IMAGE_ORIGINS: 'http://127.0.0.1:4000/',
      PASSWORD_LOGIN: 'off',
      COOKIE_SECURE: 'true',
      REDIS_URL: 'redis://127.0.0.1:6379',
      LOG_LEVEL: 'warn',
      WEB_DIST: '/srv/web',
      NODE_ENV: 'development',
    });
    expect(config).toMatchObject({
      PORT: 8080,
      HOST: '0.0.0.0',
      BACKEND_URL: 'https://mgmt.example.com',
      ALLOWED_ORIGINS: ['https://a.example.com', 'https://b.example.com'],
      IMAGE_ORIGINS: ['http://127.0.0.1:4000'],
      PASSWORD_LOGIN: false,
      COOKIE_SECURE: true,
      REDIS_URL: 'redis://127.0.0.1:6379',
      LOG_LEVEL: 'warn',
      WEB_DIST: '/srv/web',
      NODE_ENV: 'development',
    });
  });

  it('treats empty values as unset', () => {
    const config = loadConfig({ PORT: '', REDIS_URL: '', ALLOWED_ORIGINS: '' });
    expect(config).toMatchObject({ PORT: 3000, ALLOWED_ORIGINS: [] });
    expect(config.REDIS_URL).toBeUndefined();
  });

  it('caps live cohorts per user at 20 unless set, and names a bad value', () => {
    expect(loadConfig({}).LIVE_COHORTS_PER_USER).toBe(20);
    expect(loadConfig({ LIVE_COHORTS_PER_USER: '5' }).LIVE_COHORTS_PER_USER).toBe(5);
    expect(() => loadConfig({ LIVE_COHORTS_PER_USER: '0' })).toThrow(
      'LIVE_COHORTS_PER_USER="0": must be at least 1',
    );
  });

  it('defaults and validates the presence and follow caps', () => {
    const config = loadConfig({});
    expect(config.PRESENCE_ORDERS_PER_SESSION).toBe(10);
    expect(config.PRESENCE_VIEWERS_PER_ORDER).toBe(20);
    expect(config.PRESENCE_TTL_MS).toBe(8000);
    expect(config.FOLLOWS_PER_USER).toBe(200);
    expect(loadConfig({ PRESENCE_TTL_MS: '1000' }).PRESENCE_TTL_MS).toBe(1000);
    expect(() => loadConfig({ PRESENCE_ORDERS_PER_SESSION: '0' })).toThrow(
      'PRESENCE_ORDERS_PER_SESSION="0": must be at least 1',
    );
    expect(() => loadConfig({ PRESENCE_VIEWERS_PER_ORDER: 'many' })).toThrow(
      'PRESENCE_VIEWERS_PER_ORDER="many": must be a whole number in decimal digits',
    );
    // Above 60 s a crashed replica's presence would outlive the 10 s rule by far.
    expect(() => loadConfig({ PRESENCE_TTL_MS: '60001' })).toThrow(
      'PRESENCE_TTL_MS="60001": must be at most 60000',
    );
    expect(() => loadConfig({ FOLLOWS_PER_USER: '1.5' })).toThrow(
      'FOLLOWS_PER_USER="1.5": must be a whole number',
    );
  });

  it.each([
    ['PORT', ' ', 'must be a whole number in decimal digits'],
    ['PORT', '0b101', 'must be a whole number in decimal digits'],
    ['CHANGE_POLL_MS', '0x3e8', 'must be a whole number in decimal digits'],
    ['UNDO_WINDOW_MS', '  ', 'must be a whole number in decimal digits'],
    ['METRICS_PORT', ' ', 'must be a whole number in decimal digits'],
    ['METRICS_PORT', '1e3', 'must be a whole number in decimal digits'],
  ])('refuses %s=%j rather than reading it as a number', (name, value, message) => {
    expect(() => loadConfig({ [name]: value })).toThrow(`${name}=${JSON.stringify(value)}: ${message}`);
  });

  it('reads decimal digits with spaces around them', () => {
    expect(loadConfig({ PORT: ' 3100 ' }).PORT).toBe(3100);
    expect(loadConfig({ METRICS_PORT: '9100' }).METRICS_PORT).toBe(9100);
  });

  it.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['BACKEND_URL', 'not a url'],
    ['BACKEND_URL', 'ftp://x'],
    ['PASSWORD_LOGIN', 'maybe'],
    ['COOKIE_SECURE', 'yes please'],
    ['LOG_LEVEL', 'loud'],
    ['CHANGE_POLL_MS', '-5'],
    ['ALLOWED_ORIGINS', 'nope'],
    ['ALLOWED_ORIGINS', 'ftp://x'],
    ['ALLOWED_ORIGINS', 'mailto:a@b'],
    ['ALLOWED_ORIGINS', 'https://a.example.com/console?x=1'],
    ['IMAGE_ORIGINS', 'images please'],
    ['NODE_ENV', 'staging'],
  ])('names %s when it is %j', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(`${name}=`));
  });

  it('keeps each allowed origin as a browser sends it: lower-case host, no default port', () => {
    expect(
      loadConfig({
        ALLOWED_ORIGINS: 'https://OPS.Example.com, http://localhost:80/, https://b.example.com:8443',
      }).ALLOWED_ORIGINS,
    ).toEqual(['https://ops.example.com', 'http://localhost', 'https://b.example.com:8443']);
  });

  it('takes Redis through Sentinel: addresses, master name and passwords, each mistake named (no password shown)', () => {
    expect(
      loadConfig({
        REDIS_SENTINELS: 'sentinel-1:26379, 10.0.0.7:26380,[fd00::5]:26379',
        REDIS_MASTER_NAME: 'waybill',
        REDIS_SENTINEL_PASSWORD: 's',
        REDIS_PASSWORD: 'p',
      }),
    ).toMatchObject({
      REDIS_SENTINELS: [
        { host: 'sentinel-1', port: 26379 },
        { host: '10.0.0.7', port: 26380 },
        { host: 'fd00::5', port: 26379 },
      ],
      REDIS_MASTER_NAME: 'waybill',
      REDIS_SENTINEL_PASSWORD: 's',
      REDIS_PASSWORD: 'p',
    });
    expect(loadConfig({}).REDIS_SENTINELS).toEqual([]);
    const named = 'REDIS_MASTER_NAME';
    for (const [env, message] of [
      [{ REDIS_SENTINELS: 'a:1,b', [named]: 'm' }, 'REDIS_SENTINELS="a:1,b": "b" is not a host:port'],
      [{ REDIS_SENTINELS: 'a:0', [named]: 'm' }, 'REDIS_SENTINELS="a:0": "a:0" is not a host:port'],
      [{ REDIS_SENTINELS: 'a:1' }, 'REDIS_MASTER_NAME (not set): must be set with REDIS_SENTINELS'],
      [{ [named]: 'm' }, 'REDIS_SENTINELS (not set): must be set with REDIS_MASTER_NAME'],
      [
        { REDIS_SENTINELS: 'a:1', [named]: 'm', REDIS_URL: 'redis://:secret@r:6379' },
        'REDIS_SENTINELS="a:1": cannot be used with REDIS_URL',
      ],
    ] as const) {
      expect(() => loadConfig(env), JSON.stringify(env)).toThrow(message);
      expect(() => loadConfig(env)).not.toThrow(/secret/);
    }
  });

  it('refuses a Redis password without Redis: the replica would otherwise run alone, with its own sessions', () => {
    expect(() => loadConfig({ REDIS_PASSWORD: 'secret-pw' })).toThrow(
      'REDIS_URL (not set): must be set (or REDIS_SENTINELS) when REDIS_PASSWORD is',
    );
    expect(() => loadConfig({ REDIS_PASSWORD: 'secret-pw' })).not.toThrow(/secret-pw/);
    expect(() => loadConfig({ REDIS_URL: 'redis://r:6379', REDIS_SENTINEL_PASSWORD: 's' })).toThrow(
      'REDIS_SENTINELS (not set): must be set when REDIS_SENTINEL_PASSWORD is',
    );
    expect(loadConfig({ REDIS_URL: 'redis://r:6379', REDIS_PASSWORD: 'p' }).REDIS_PASSWORD).toBe('p');
  });

  it('refuses credentials in BACKEND_URL, and never shows a URL password in a message', () => {
    const withCredentials = 'http://svc:S3cretBackendPw@backend.internal:4000';
    expect(() => loadConfig({ BACKEND_URL: withCredentials })).toThrow(
      'BACKEND_URL="http://…@backend.internal:4000": must not carry credentials (user:password@)',
    );
    expect(() => loadConfig({ BACKEND_URL: 'ftp://svc:S3cretBackendPw@backend.internal' })).toThrow(
      'BACKEND_URL="ftp://…@backend.internal": must be an http(s) URL',
    );
    expect(() => loadConfig({ ALLOWED_ORIGINS: 'https://u:S3cretBackendPw@ops.example.com' })).toThrow(
      'ALLOWED_ORIGINS="https://…@ops.example.com"',
    );
    expect(loadConfig({ BACKEND_URL: 'https://backend.internal/api/' }).BACKEND_URL).toBe(
      'https://backend.internal/api',
    );
  });

  it('caps a bulk action at 100 orders unless set, at most 1000, and names a bad value', () => {
    expect(loadConfig({}).BULK_MAX_ORDERS).toBe(100);
    expect(loadConfig({ BULK_MAX_ORDERS: '250' }).BULK_MAX_ORDERS).toBe(250);
    expect(() => loadConfig({ BULK_MAX_ORDERS: '0' })).toThrow('BULK_MAX_ORDERS="0": must be at least 1');
    expect(() => loadConfig({ BULK_MAX_ORDERS: '1001' })).toThrow(
      'BULK_MAX_ORDERS="1001": must be at most 1000',
    );
  });

  it('defaults and validates the abuse limits', () => {
    expect(loadConfig({})).toMatchObject({
      WS_MAX_SUBSCRIPTIONS_PER_SOCKET: 20,
      WS_MAX_LIVE_ROWS_PER_SOCKET: 2000,
      WS_MAX_UNAUTHENTICATED_PER_ADDRESS: 20,
      WS_AUTH_DEADLINE_MS: 5000,
      LIST_MAX_LOADED_ROWS: 1000,
      BATCH_MAX_ROWS: 1000,
      BACKEND_SESSION_CONCURRENCY: 2,
      BACKEND_CONCURRENCY: 64,
      BACKEND_SESSION_QUEUE: 200,
      SESSION_MAX_IN_FLIGHT: 200,
      NOTIFICATION_RATE_MAX: 600,
      NOTIFICATION_RATE_WINDOW_MS: 600_000,
    });
    const set = loadConfig({
      LIST_MAX_LOADED_ROWS: '10000',
      BATCH_MAX_ROWS: '10000',
      WS_AUTH_DEADLINE_MS: '2000',
    });
    expect(set).toMatchObject({
      LIST_MAX_LOADED_ROWS: 10_000,
      BATCH_MAX_ROWS: 10_000,
      WS_AUTH_DEADLINE_MS: 2000,
    });
    for (const [name, value, problem] of [
      ['LIST_MAX_LOADED_ROWS', '10001', 'at most 10000'],
      ['LIST_MAX_LOADED_ROWS', '5', 'at least 20'],
      ['BATCH_MAX_ROWS', 'lots', 'a whole number in decimal digits'],
      ['WS_MAX_SUBSCRIPTIONS_PER_SOCKET', '0', 'at least 1'],
      ['WS_MAX_LIVE_ROWS_PER_SOCKET', '10', 'at least 20'],
      ['WS_MAX_UNAUTHENTICATED_PER_ADDRESS', '1.5', 'a whole number'],
      ['WS_AUTH_DEADLINE_MS', '10', 'at least 100'],
      ['BACKEND_SESSION_CONCURRENCY', '0', 'at least 1'],
      ['BACKEND_CONCURRENCY', '-1', 'at least 1'],
      ['BACKEND_SESSION_QUEUE', 'x', 'a whole number in decimal digits'],
      ['SESSION_MAX_IN_FLIGHT', '0', 'at least 1'],
    ] as const)
      expect(() => loadConfig({ [name]: value }), name).toThrow(
        `${name}=${JSON.stringify(value)}: must be ${problem}`,
      );
  });

  it('defaults and validates the session lifetimes and the sign-in state lifetime', () => {
    const day = 86_400_000;
    expect(loadConfig({})).toMatchObject({
      SESSION_IDLE_MS: 14 * day,
      SESSION_MAX_MS: 365 * day,
      SIGNIN_STATE_TTL_MS: 600_000,
    });
    expect(
      loadConfig({ SESSION_IDLE_MS: '3600000', SESSION_MAX_MS: '86400000', SIGNIN_STATE_TTL_MS: '60000' }),
    ).toMatchObject({ SESSION_IDLE_MS: 3_600_000, SESSION_MAX_MS: 86_400_000, SIGNIN_STATE_TTL_MS: 60_000 });
    for (const [name, value, problem] of [
      ['SESSION_IDLE_MS', '10', 'at least 1000'],
      ['SESSION_IDLE_MS', String(400 * day), `at most ${366 * day}`],
      ['SESSION_MAX_MS', 'forever', 'a whole number in decimal digits'],
      ['SIGNIN_STATE_TTL_MS', '7200000', 'at most 3600000'],
    ] as const)
      expect(() => loadConfig({ [name]: value }), name).toThrow(
        `${name}=${JSON.stringify(value)}: must be ${problem}`,
      );
  });

  it.each([
    ['REDIS_URL', 'redis//:Sup3rSecretRedisPw@redis:6379'],
    ['REDIS_URL', 'http://x'],
    ['METRICS_TOKEN', 'abcdEFGH1234'],
    ['SERVICE_TOKEN', ' '],
  ])('names %s when it is wrong without printing its value', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(
      new RegExp(`${name} \\(value hidden, ${value.length} characters\\): `),
    );
    let message = '';
    try {
      loadConfig({ [name]: value });
    } catch (error) {
      message = (error as Error).message;
    }
    if (value.trim()) expect(message).not.toContain(value);
  });

  it('names a variable that was not set as such in a rule across variables', () => {
    expect(() => loadConfig({ SHUTDOWN_GRACE_MS: '500' })).toThrow(
      'DRAIN_IDLE_CLOSE_MS (not set): must be below SHUTDOWN_GRACE_MS (500)',
    );
  });

  it('takes an empty METRICS_TOKEN as unset, and refuses a short one', () => {
    expect(loadConfig({ METRICS_TOKEN: '' }).METRICS_TOKEN).toBeUndefined();
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN/);
  });

  it('stops the server process with a clear message on a bad variable', () => {
    const result = runServer({ ...process.env, PORT: 'eighty', BACKEND_TIMEOUT_MS: '0' });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('Invalid gateway configuration');
    expect(result.stderr).toContain('PORT="eighty"');
    expect(result.stderr).toContain('BACKEND_TIMEOUT_MS="0"');
    // Starting a process that loads the gateway's TypeScript can take many seconds on a busy machine.
  }, 120_000);

  it('stops the process on a tracing endpoint it cannot read, naming the variable, before spans go elsewhere', () => {
    const result = runServer({ ...process.env, OTEL_EXPORTER_OTLP_ENDPOINT: 'not a url', PORT: '0' });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('Invalid tracing configuration');
    expect(result.stderr).toContain('OTEL_EXPORTER_OTLP_ENDPOINT="not a url": must be an http(s) URL');
    expect(result.stderr).not.toContain('    at ');
  }, 120_000);

  it('refuses to start in production with the development SERVICE_TOKEN, naming it', () => {
    const { SERVICE_TOKEN: _unset, ...env } = process.env;
    const result = runServer({ ...env, NODE_ENV: 'production', PORT: '0' });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('SERVICE_TOKEN="dev-service-token": must be set');
    expect(result.stderr).toContain('NODE_ENV=production');
    // In-process configs (tests, embedding) are not refused: only a production process start.
    expect(() => assertProductionSafe(loadConfig({ NODE_ENV: 'development' }))).not.toThrow();
    expect(() => assertProductionSafe(loadConfig({ SERVICE_TOKEN: 'a-real-service-token' }))).not.toThrow();
    expect(() => assertProductionSafe(loadConfig({}))).toThrow(ConfigError);
  }, 120_000);

  it('takes REDIS_KEY_PREFIX and WAYBILL_COMMIT, and names a bad one', () => {
    expect(loadConfig({}).REDIS_KEY_PREFIX).toBe('waybill:');
    expect(loadConfig({ REDIS_KEY_PREFIX: 'staging:' }).REDIS_KEY_PREFIX).toBe('staging:');
    expect(() => loadConfig({ REDIS_KEY_PREFIX: 'has space' })).toThrow(
      /REDIS_KEY_PREFIX="has space": must be 1 to 64/,
    );
    expect(loadConfig({ WAYBILL_COMMIT: 'abc1234' }).WAYBILL_COMMIT).toBe('abc1234');
    expect(() => loadConfig({ WAYBILL_COMMIT: 'x;rm' })).toThrow(
      /WAYBILL_COMMIT="x;rm": must be a commit id/,
    );
  });
});
