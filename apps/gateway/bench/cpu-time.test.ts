import { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { type CpuSample, CpuSampler, cpuBetween, onCpuNs, ProcessCpu } from './cpu-time.js';

const samples: CpuSample[] = [
  { at: 1000, cpu: { gateway: 100, sim: 50 } },
  { at: 1010, cpu: { gateway: 108, sim: 50 } },
  { at: 1020, cpu: { gateway: 110, sim: 60 } },
];

/** Keeps this process on the CPU for `ms`. */
function spin(ms: number): void {
  const until = performance.now() + ms;
  while (performance.now() < until);
}

describe('CPU time per process', () => {
  it("reads a schedstat line's time on CPU", () => {
    expect(onCpuNs('123456789 2000 7\n')).toBe(123_456_789);
    expect(() => onCpuNs('')).toThrow('unreadable schedstat');
  });

  it('takes the CPU time between two instants, read linearly inside a sampling interval', () => {
    expect(cpuBetween(samples, 1000, 1020)).toEqual({ gateway: 10, sim: 10 });
    expect(cpuBetween(samples, 1005, 1015)).toEqual({ gateway: 5, sim: 5 });
  });

  it('holds the first and last readings outside the sampled span', () => {
    expect(cpuBetween(samples, 900, 2000)).toEqual({ gateway: 10, sim: 10 });
    expect(() => cpuBetween([], 0, 1)).toThrow('no CPU samples');
  });

  it("counts this process's own work", () => {
    const self = new ProcessCpu('self');
    const before = self.ms();
    spin(30);
    const spent = self.ms() - before;
    self.close();
    // 30 ms of spinning, on a machine that may also run other work.
    expect(spent).toBeGreaterThan(20);
    expect(spent).toBeLessThan(200);
  });

  it("counts only the main thread's work when asked, not another thread's", async () => {
    // A worker spins 60 ms on its own thread when told to, while this thread waits.
    const worker = new Worker(
      `const { parentPort } = require('node:worker_threads');
       parentPort.on('message', (ms) => { const until = performance.now() + ms; while (performance.now() < until); parentPort.postMessage('done'); });`,
      { eval: true },
    );
    await new Promise((r) => worker.once('online', r));
    const all = new ProcessCpu('self');
    const main = new ProcessCpu('self', true);
    const [allBefore, mainBefore] = [all.ms(), main.ms()];
    worker.postMessage(60);
    await new Promise((r) => worker.once('message', r));
    const [allSpent, mainSpent] = [all.ms() - allBefore, main.ms() - mainBefore];
    all.close();
    main.close();
    await worker.terminate();
    expect(allSpent).toBeGreaterThan(45);
    expect(mainSpent).toBeLessThan(20);
  });

  it('samples while the event loop runs, and reads the work done between two readings', async () => {
    const sampler = new CpuSampler({ bench: 'self' }, 5);
    sampler.start();
    await new Promise((r) => setTimeout(r, 20));
    spin(40);
    await new Promise((r) => setTimeout(r, 20));
    const samples = sampler.stop();
    expect(samples.length).toBeGreaterThan(3);
    const spent = cpuBetween(samples, samples[0]!.at, samples.at(-1)!.at).bench!;
    expect(spent).toBeGreaterThan(30);
    expect(spent).toBeLessThan(300);
  });
});
