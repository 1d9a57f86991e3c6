import type { WebSocket } from 'ws';

interface Probe {
  holds: number;
  stop(): void;
}

const probes = new WeakMap<WebSocket, Probe>();

/** Pings `socket` every `intervalMs`; terminates it when the previous ping went unanswered. */
function startProbe(socket: WebSocket, intervalMs: number): Probe {
  let answered = true;
  const timer = setInterval(() => {
    if (!answered) {
      socket.terminate();
      return;
    }
    answered = false;
    socket.ping();
  }, intervalMs).unref();
  const onPong = () => {
    answered = true;
  };
  const probe: Probe = {
    holds: 0,
    stop() {
      clearInterval(timer);
      socket.off('pong', onPong);
      socket.off('close', probe.stop);
      if (probes.get(socket) === probe) probes.delete(socket);
    },
  };
  socket.on('pong', onPong);
  socket.on('close', probe.stop);
  return probe;
}

/**
 * Presence rule: a colleague's "has this order open" goes within `PRESENCE_TTL_MS` of their tab going
 * away. A tab that closes or crashes closes its socket; a half-open one (a laptop that lost its
 * network) says nothing, and tRPC's keep-alive finds it only after `WS_PING_MS` + `WS_PONG_WAIT_MS`.
 * So while a socket holds presence it is pinged every `intervalMs` (a websocket ping, which browsers
 * answer below the page's JavaScript), and one that has not answered by the next ping is terminated:
 * its subscriptions end, and with them its presence, within two intervals.
 */
export function probeWhileHeld(socket: WebSocket, intervalMs: number): { release(): void } {
  let probe = probes.get(socket);
  if (!probe) {
    probe = startProbe(socket, intervalMs);
    probes.set(socket, probe);
  }
  const held = probe;
  held.holds += 1;
  let released = false;
  return {
    release() {
      if (released) return;
      released = true;
      held.holds -= 1;
      if (held.holds === 0) held.stop();
    },
  };
}
