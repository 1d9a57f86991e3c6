import { ConfigError } from '../config.js';
import type { RealtimeLogger } from '../realtime/types.js';
import { createRedisConnection, type RedisTarget } from './redis-connection.js';

/** Where the configuration points the gateway's Redis, as a start-up message shows it: never a password. */
export function describeRedisTarget(target: RedisTarget): string {
  if (target.sentinel) {
    const sentinels = target.sentinel.sentinels.map(({ host, port }) => `${host}:${port}`).join(',');
    return `REDIS_SENTINELS=${sentinels} (REDIS_MASTER_NAME=${target.sentinel.masterName})`;
  }
  const url = new URL(target.url);
  return `REDIS_URL=${url.protocol}//${url.host}${url.password ? ' (password hidden)' : ''}`;
}

/**
 * One PING before anything uses Redis, so an address nobody answers at, a wrong password or an
 * unknown Sentinel primary stops the start with one line naming the setting, instead of a library's
 * stack trace from whichever store asked first.
 */
export async function assertRedisAnswers(
  target: RedisTarget,
  logger: Pick<RealtimeLogger, 'warn'>,
): Promise<void> {
  const probe = createRedisConnection({ ...target, role: 'start-check', logger, lazyConnect: true });
  // The reason a connection failed (refused, unknown host); the failed command only says it gave up.
  let lastError: Error | null = null;
  probe.on('error', (error: Error) => {
    lastError = error;
  });
  try {
    await probe.ping();
  } catch (error) {
    const reason = (lastError ?? (error as Error)).message;
    throw new ConfigError(`Cannot start: Redis at ${describeRedisTarget(target)} did not answer: ${reason}`);
  } finally {
    probe.disconnect();
  }
}
