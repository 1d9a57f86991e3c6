#!/usr/bin/env bash
# Proves the README's start command on a fresh machine: a fresh clone, no node_modules, and a PATH
# without pnpm. `npm start` must bring pnpm and the dependencies, build the console and answer /readyz.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d)
port=${FRESH_PORT:-3391}
sim_port=${FRESH_SIM_PORT:-4391}
pid=
cleanup() {
  if [ -n "$pid" ]; then kill -TERM -- "-$pid" 2>/dev/null || true; wait "$pid" 2>/dev/null || true; fi
  [ -n "${KEEP_LOG:-}" ] && cp "$work/start.log" "$KEEP_LOG"; rm -rf "$work"
}
trap cleanup EXIT

git clone -q "$root" "$work/waybill"
# Every program on PATH but pnpm.
mkdir "$work/bin"
IFS=: read -ra dirs <<<"$PATH"
for dir in "${dirs[@]}"; do
  for file in "$dir"/*; do
    name=$(basename "$file")
    case $name in pnpm | pnpx) continue ;; esac
    [ -x "$file" ] && [ ! -e "$work/bin/$name" ] && ln -s "$file" "$work/bin/$name"
  done
done
if PATH="$work/bin" command -v pnpm >/dev/null; then echo "fresh-start-check: pnpm still on PATH" >&2; exit 1; fi

started=$(date +%s)
cd "$work/waybill"
# Its own process group, so the whole tree stops at the end.
PATH="$work/bin" XDG_CACHE_HOME="$work/cache" PORT=$port SIM_PORT=$sim_port \
  setsid npm start >"$work/start.log" 2>&1 &
pid=$!
for _ in $(seq 1 600); do
  if curl -fsS "http://127.0.0.1:$port/readyz" >/dev/null 2>&1; then
    echo "fresh-start-check: /readyz answered $(($(date +%s) - started)) s after npm start (fresh clone, no pnpm, no node_modules)"
    # Ctrl-C: SIGINT to the terminal's process group. Both servers must close gracefully and free
    # their ports, not take a second signal as "exit now".
    kill -INT -- "-$pid"
    for _ in $(seq 1 30); do kill -0 "$pid" 2>/dev/null || break; sleep 1; done
    if kill -0 "$pid" 2>/dev/null; then echo "fresh-start-check: npm start still running 30 s after Ctrl-C" >&2; exit 1; fi
    pid=
    if grep -q "second SIG" "$work/start.log"; then
      echo "fresh-start-check: a server took Ctrl-C as a second signal:" >&2; grep "second SIG" "$work/start.log" >&2; exit 1
    fi
    if curl -fsS "http://127.0.0.1:$port/healthz" >/dev/null 2>&1; then
      echo "fresh-start-check: the gateway still answers after Ctrl-C" >&2; exit 1
    fi
    echo "fresh-start-check: Ctrl-C stopped backend-sim and the gateway gracefully"
    exit 0
  fi
  if ! kill -0 "$pid" 2>/dev/null; then break; fi
  sleep 1
done
echo "fresh-start-check: npm start did not answer /readyz; its output:" >&2
tail -50 "$work/start.log" >&2
exit 1
