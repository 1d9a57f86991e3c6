import WebSocket from 'ws';

/** A node of the DevTools sampling heap profile: bytes allocated in this frame, callees below. */
export interface SamplingHeapNode {
  callFrame: { functionName: string; url: string };
  selfSize: number;
  children: SamplingHeapNode[];
}
export interface SamplingHeapProfile {
  head: SamplingHeapNode;
}

/**
 * A DevTools-protocol session to a process started with `--inspect=127.0.0.1:{port}`, so the
 * bench can force a full GC in the gateway before reading its memory: without one, a reading
 * measures garbage not yet collected as well as what subscribers retain.
 */
export async function inspectorSession(port: number) {
  const targets = (await (await fetch(`http://127.0.0.1:${port}/json/list`)).json()) as {
    webSocketDebuggerUrl: string;
  }[];
  const url = targets[0]?.webSocketDebuggerUrl;
  if (!url) throw new Error(`no inspector target on port ${port}`);
  const ws = new WebSocket(url, { perMessageDeflate: false });
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  let nextId = 1;
  const pending = new Map<number, (result: unknown) => void>();
  ws.on('message', (raw) => {
    const msg = JSON.parse(String(raw)) as { id?: number; result?: unknown };
    if (msg.id !== undefined) pending.get(msg.id)?.(msg.result);
  });
  const send = (method: string, params?: unknown) =>
    new Promise<unknown>((resolve) => {
      const id = nextId++;
      pending.set(id, resolve);
      ws.send(JSON.stringify({ id, method, params }));
    });
  return {
    /** Heap in use after two full collections, in bytes. */
    async liveHeap(): Promise<number> {
      await send('HeapProfiler.collectGarbage');
      await send('HeapProfiler.collectGarbage');
      const usage = (await send('Runtime.getHeapUsage')) as { usedSize: number };
      return usage.usedSize;
    },
    /**
     * Every allocation `work` makes, sampled one per `intervalBytes` on average, the objects that
     * scavenges and full collections took since counted too: what the code allocates, not what it keeps.
     */
    async allocations(work: () => Promise<void>, intervalBytes = 1024): Promise<SamplingHeapProfile> {
      await send('HeapProfiler.startSampling', {
        samplingInterval: intervalBytes,
        includeObjectsCollectedByMinorGC: true,
        includeObjectsCollectedByMajorGC: true,
      });
      await work();
      const { profile } = (await send('HeapProfiler.stopSampling')) as { profile: SamplingHeapProfile };
      return profile;
    },
    close: () => ws.close(),
  };
}
