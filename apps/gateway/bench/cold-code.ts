import { setTimeout as sleep } from 'node:timers/promises';
import { BACKEND_ROUTES } from '@waybill/contracts';
import { percentile } from './stats.js';

/**
 * The same work, hot and spaced: the gateway's answer schema for an order detail validated 2,000
 * times back to back, then 200 times 5 ms apart, as requests come at 200 rps. On this VM code that
 * has not run for a few milliseconds runs several times slower, so in the overhead step every stage
 * of the gateway's per-request work (hooks, validation, tRPC, writing the answer) costs its spaced
 * figure, while a bare forwarder runs almost none of that code. Times in µs.
 */
export async function validationSpacing(detail: unknown): Promise<{ tight_p50: number; spaced_p50: number }> {
  const schema = BACKEND_ROUTES['orders.detail'].response;
  const time = () => {
    const started = performance.now();
    if (!schema.safeParse(detail).success)
      throw new Error('the sim answered an order detail the schema refuses');
    return (performance.now() - started) * 1000;
  };
  const tight = Array.from({ length: 2000 }, time);
  const spaced: number[] = [];
  for (let i = 0; i < 200; i++) {
    await sleep(5);
    spaced.push(time());
  }
  return { tight_p50: percentile(tight, 50), spaced_p50: percentile(spaced, 50) };
}
