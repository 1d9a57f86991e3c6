#!/usr/bin/env bash
# The unit suites (contracts; the gateway's src/ and bench/) once more while two processes keep the
# CPUs busy, as on a shared CI host: a test that passes only on an idle machine (a wall-clock sleep,
# a duration bound) fails here every time rather than now and then. The gateway's integration tests
# (test/) are not run here: they start processes and time them, and run once in `pnpm test`.
# Exit status: non-zero when either suite fails.
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)

burners=()
stop_burners() {
  for pid in "${burners[@]}"; do kill "$pid" 2>/dev/null || true; done
}
trap stop_burners EXIT
trap 'exit 130' INT TERM
for _ in 1 2; do
  node -e 'for (;;) {}' &
  burners+=("$!")
done
echo "loaded-unit-check: CPU burners ${burners[*]} running"

failed=()
(cd "$root/packages/contracts" && pnpm exec vitest run) || failed+=(contracts)
(cd "$root/apps/gateway" && pnpm exec vitest run src bench) || failed+=("gateway src and bench")

if [ ${#failed[@]} -gt 0 ]; then
  echo "loaded-unit-check: failed under load: ${failed[*]}"
  exit 1
fi
echo "loaded-unit-check: both suites passed under load"
