import { afterEach, describe, expect, it, vi } from 'vitest';
import { type CpuReader, type CpuSample, CpuSampler, cpuBetween, onCpuNs } from './cpu-time.js';

// The arithmetic and the sampler's timing, on readings the test sets and a fake clock: nothing here
// depends on how fast the machine runs. The readings of the real `/proc` are in cpu-time-proc.test.ts.

const samples: CpuSample[] = [
  { at: 1000, cpu: { gateway: 100, sim: 50 } },
  { at: 1010, cpu: { gateway: 108, sim: 50 } },
  { at: 1020, cpu: { gateway: 110, sim: 60 } },
];

/** A reader whose figure is whatever `now()` says; `closed` tells whether the sampler let it go. */
function reader(now: () => number): CpuReader & { closed: boolean } {
  const r = {
    closed: false,
    ms: now,
    close() {
      r.closed = true;
    },
  };
  return r;
}

afterEach(() => {
  vi.useRealTimers();
});

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

  it('reads every process at start, at each interval and at stop, stamped with the time', () => {
    vi.useFakeTimers({ now: 1000 });
    let gateway = 100;
    const readers = new Map<number | 'self', ReturnType<typeof reader>>();
    const sampler = new CpuSampler({ gateway: 41, sim: { pid: 42, mainThreadOnly: true } }, 10, (w) => {
      const r = reader(() => (w.pid === 41 ? gateway : 50));
      readers.set(w.pid, r);
      return r;
    });
    sampler.start();
    gateway += 8;
    vi.advanceTimersByTime(10);
    gateway += 2;
    vi.advanceTimersByTime(10);
    vi.advanceTimersByTime(5);
    const taken = sampler.stop();
    expect(taken).toEqual([
      { at: 1000, cpu: { gateway: 100, sim: 50 } },
      { at: 1010, cpu: { gateway: 108, sim: 50 } },
      { at: 1020, cpu: { gateway: 110, sim: 50 } },
      { at: 1025, cpu: { gateway: 110, sim: 50 } },
    ]);
    expect(cpuBetween(taken, 1005, 1015)).toEqual({ gateway: 5, sim: 0 });
    // Stopped: the readers are closed and no interval reads again.
    expect([...readers.values()].every((r) => r.closed)).toBe(true);
    vi.advanceTimersByTime(100);
    expect(taken).toHaveLength(4);
  });

  it("takes the sampler's own reading time out of this process's figure", () => {
    vi.useFakeTimers({ now: 1000 });
    // Each reading of this process costs 2 ms of its CPU, and 2 ms pass while it runs.
    let self = 0;
    const sampler = new CpuSampler({ bench: 'self', other: 7 }, 60_000, (w) =>
      reader(() => {
        if (w.pid !== 'self') return 0;
        self += 2;
        vi.advanceTimersByTime(2);
        return self;
      }),
    );
    sampler.start();
    self += 30; // the bench's own work between the readings
    const taken = sampler.stop();
    expect(taken).toHaveLength(2);
    expect(cpuBetween(taken, taken[0]!.at, taken[1]!.at)).toEqual({ bench: 30, other: 0 });
  });
});
