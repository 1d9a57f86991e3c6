import { closeSync, openSync, readdirSync, readSync } from 'node:fs';

/** A process to watch, and whether only its main thread (the one running its JavaScript) counts. */
export interface Watched {
  pid: number | 'self';
  mainThreadOnly?: boolean;
}

/** A process's CPU time so far, in ms, read on demand. */
export interface CpuReader {
  ms(): number;
  close(): void;
}

/**
 * CPU time a process has run, over all its threads, in ms: the first field of each thread's
 * `/proc/<pid>/task/<tid>/schedstat` (nanoseconds on CPU). `/proc/<pid>/stat` counts in 10 ms ticks,
 * too coarse for one change cycle. Each thread's file stays open and is read again from its start (one
 * `pread` per thread per reading), so reading every 10 ms costs the bench little. The threads are
 * listed once: Node's (main, libuv pool, V8 platform workers) live as long as the process. The main
 * thread's id is the process id.
 */
export class ProcessCpu implements CpuReader {
  private readonly fds: number[];
  private readonly buffer = Buffer.alloc(256);

  constructor(pid: number | 'self', mainThreadOnly = false) {
    const dir = `/proc/${pid}/task`;
    const main = String(pid === 'self' ? process.pid : pid);
    const tids = mainThreadOnly ? [main] : readdirSync(dir);
    this.fds = tids.map((tid) => openSync(`${dir}/${tid}/schedstat`, 'r'));
  }

  /** CPU time so far, in ms. */
  ms(): number {
    let ns = 0;
    for (const fd of this.fds) {
      try {
        const n = readSync(fd, this.buffer, 0, this.buffer.length, 0);
        ns += onCpuNs(this.buffer.toString('latin1', 0, n));
      } catch {
        // The thread ended: its time no longer counts, as with any thread that ends.
      }
    }
    return ns / 1e6;
  }

  close(): void {
    for (const fd of this.fds) closeSync(fd);
  }
}

/** The time on CPU a `schedstat` line reports (its first field), in ns. */
export function onCpuNs(schedstat: string): number {
  const first = /^\d+/.exec(schedstat.trim());
  if (!first) throw new Error(`unreadable schedstat: ${JSON.stringify(schedstat)}`);
  return Number(first[0]);
}

/** One reading of every watched process: when (ms epoch), and each one's CPU time so far (ms). */
export interface CpuSample {
  at: number;
  cpu: Record<string, number>;
}

/**
 * Reads the CPU time of named processes every `intervalMs` while running. The reading's own cost is
 * taken out of this process's figure (`'self'`), since it is the bench's work, not the watched one.
 */
export class CpuSampler {
  private readonly samples: CpuSample[] = [];
  private timer: NodeJS.Timeout | null = null;
  /** CPU the sampler itself spent reading so far, in ms. */
  private own = 0;
  private readonly processes: Array<{ name: string; cpu: CpuReader; self: boolean }>;

  /** `open` makes each process's reader: `/proc` by default; tests pass readers they drive. */
  constructor(
    watched: Record<string, number | 'self' | Watched>,
    private readonly intervalMs = 10,
    open: (watched: Watched) => CpuReader = (w) => new ProcessCpu(w.pid, w.mainThreadOnly),
  ) {
    this.processes = Object.entries(watched).map(([name, w]) => {
      const { pid, mainThreadOnly } = typeof w === 'object' ? w : { pid: w, mainThreadOnly: false };
      return { name, cpu: open({ pid, mainThreadOnly }), self: pid === 'self' };
    });
  }

  start(): void {
    this.sample();
    this.timer = setInterval(() => this.sample(), this.intervalMs);
  }

  /** Stops, takes a last reading and returns them all. */
  stop(): CpuSample[] {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.sample();
    for (const { cpu } of this.processes) cpu.close();
    return this.samples;
  }

  private sample(): void {
    const started = performance.now();
    const cpu: Record<string, number> = {};
    for (const p of this.processes) cpu[p.name] = p.cpu.ms() - (p.self ? this.own : 0);
    this.samples.push({ at: Date.now(), cpu });
    this.own += performance.now() - started;
  }
}

/** A process's CPU time at `at`, read linearly between the samples around it. */
function cpuAt(samples: readonly CpuSample[], name: string, at: number): number {
  const after = samples.findIndex((s) => s.at >= at);
  if (after <= 0) {
    const edge = after === 0 ? samples[0] : samples.at(-1);
    return edge?.cpu[name] ?? 0;
  }
  const [a, b] = [samples[after - 1]!, samples[after]!];
  const share = b.at === a.at ? 1 : (at - a.at) / (b.at - a.at);
  return (a.cpu[name] ?? 0) + share * ((b.cpu[name] ?? 0) - (a.cpu[name] ?? 0));
}

/** Each process's CPU time between `from` and `to` (ms epoch), in ms. */
export function cpuBetween(samples: readonly CpuSample[], from: number, to: number): Record<string, number> {
  if (samples.length === 0) throw new Error('no CPU samples');
  const names = Object.keys(samples[0]!.cpu);
  return Object.fromEntries(names.map((n) => [n, cpuAt(samples, n, to) - cpuAt(samples, n, from)]));
}
