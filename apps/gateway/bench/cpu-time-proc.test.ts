import { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { ProcessCpu } from './cpu-time.js';

// ProcessCpu against the real `/proc`. Every busy loop here runs until a CPU clock has moved, never
// for a stretch of wall-clock time: on a loaded machine a wall-clock loop gets only part of a CPU, so
// the CPU it burns (the figure under test) would depend on the machine's load.

/** This process's CPU time over all threads, in ms, from getrusage: a clock independent of /proc. */
const rusageMs = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

describe('ProcessCpu on /proc', () => {
  it("counts this process's own work, in ms", () => {
    const all = new ProcessCpu('self');
    const main = new ProcessCpu('self', true);
    const [allBefore, mainBefore, usageBefore] = [all.ms(), main.ms(), rusageMs()];
    // Spins until the main thread's reading has moved 50 ms. If the reading counted too little (say
    // µs taken for ms), getrusage stops the loop at 1 s of CPU instead, and the checks below fail.
    while (main.ms() - mainBefore < 50 && rusageMs() - usageBefore < 1000);
    const [allSpent, mainSpent, usageSpent] = [
      all.ms() - allBefore,
      main.ms() - mainBefore,
      rusageMs() - usageBefore,
    ];
    all.close();
    main.close();
    expect(mainSpent).toBeGreaterThanOrEqual(50);
    expect(allSpent).toBeGreaterThanOrEqual(mainSpent);
    // getrusage saw the same work: less only by the scheduler's lag in updating a running thread's
    // schedstat (one tick, at most 10 ms), more only by what other threads did meanwhile.
    expect(usageSpent).toBeGreaterThan(40);
    expect(usageSpent).toBeLessThan(1000);
  });

  it("counts only the main thread's work when asked, not another thread's", async () => {
    // Told a number of ms, the worker spins until its own thread's schedstat has moved that much.
    const worker = new Worker(
      `const { parentPort } = require('node:worker_threads');
       const { readFileSync } = require('node:fs');
       const ms = () => Number(/^\\d+/.exec(readFileSync('/proc/thread-self/schedstat', 'latin1'))[0]) / 1e6;
       parentPort.on('message', (n) => { const from = ms(); while (ms() - from < n); parentPort.postMessage('done'); });`,
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
    // The worker's 60 ms are in the process's figure; the main thread, waiting, spent next to nothing.
    expect(allSpent).toBeGreaterThanOrEqual(60);
    expect(mainSpent).toBeLessThan(20);
  });
});
