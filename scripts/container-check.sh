#!/usr/bin/env bash
# Builds the gateway and backend-sim images with podman, starts docker-compose.yml (default
# profile) with podman-compose and checks the running stack: console on :3000, a password
# sign-in and an orders.search through the containers, non-root processes, HEALTHCHECKs.
# Prints the image sizes, then brings the stack down. Needs root (podman). Takes a few minutes.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
base="$root/../shared/tools/container-base.sh"
[ -f "$base" ] || { echo "container-check: $base not found" >&2; exit 1; }

project=waybill-check
port_free() { ! (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }
export GATEWAY_PORT=${GATEWAY_PORT:-3000} SIM_PORT=${SIM_PORT:-4000}
for var in GATEWAY_PORT SIM_PORT; do
  port_free "${!var}" || { echo "container-check: port ${!var} ($var) is in use; set $var to a free port" >&2; exit 1; }
done
gateway="http://127.0.0.1:$GATEWAY_PORT"

step() { printf '\n== %s\n' "$*"; }
fail() { echo "container-check: FAILED: $*" >&2; exit 1; }

step "container base (podman, node:24-slim stand-in)"
bash "$base"

registry=$(npm config get registry)
build() {
  podman build --format docker --pull=never --network=host -v /etc/ssl/certs:/etc/ssl/certs:ro \
    --build-arg NPM_CONFIG_REGISTRY="$registry" \
    --build-arg NPM_CONFIG_CAFILE=/etc/ssl/certs/ca-certificates.crt \
    -f "$1" -t "$2" .
}
step "build waybill-backend-sim"
build apps/backend-sim/Dockerfile waybill-backend-sim:latest
step "build waybill-gateway"
build apps/gateway/Dockerfile waybill-gateway:latest

compose() { podman-compose -p "$project" -f docker-compose.yml "$@"; }
cleanup() {
  step "compose down"
  compose down -t 15 >/dev/null 2>&1 || true
}
trap cleanup EXIT

step "compose up (default profile)"
# Named services: podman-compose from Debian ignores `profiles:` and would start the scale profile too.
compose up -d backend-sim gateway

step "wait for the gateway"
for _ in $(seq 1 120); do
  curl -fsS "$gateway/readyz" >/dev/null 2>&1 && break
  sleep 1
done
curl -fsS "$gateway/readyz" || { compose logs || true; fail "gateway not ready on $gateway"; }
echo

step "console answers on $gateway"
curl -fsS "$gateway/" | grep -q '<div id="root"' || fail "console page not served"
echo "ok: console page"

step "password sign-in and orders.search through the containers"
login=$(curl -fsS -X POST -H 'content-type: application/json' \
  -d '{"email":"ops@example.com","password":"waybill-demo","bearer":true}' "$gateway/trpc/auth.passwordLogin")
token=$(node -e 'const b=JSON.parse(process.argv[1]);process.stdout.write(b.result.data.token)' "$login") \
  || fail "sign-in answer has no token: $login"
search=$(curl -fsS -H "authorization: Bearer $token" "$gateway/trpc/orders.search?input=%7B%7D")
count=$(node -e 'const b=JSON.parse(process.argv[1]);process.stdout.write(String(b.result.data.orders.length))' "$search") \
  || fail "orders.search answer unreadable: ${search:0:300}"
[ "$count" -gt 0 ] || fail "orders.search returned no orders"
echo "ok: signed in, orders.search returned $count orders"

step "containers run as a non-root user, healthchecks pass"
names=$(podman ps --filter "label=io.podman.compose.project=$project" --format '{{.Names}}')
[ -n "$names" ] || fail "no containers of project $project"
for name in $names; do
  uid=$(podman exec "$name" id -u)
  [ "$uid" != 0 ] || fail "$name runs as root"
  podman healthcheck run "$name" || fail "healthcheck of $name failed"
  echo "ok: $name runs as uid $uid, healthy"
done

step "image sizes"
podman image ls --format '{{.Repository}}:{{.Tag}} {{.Size}}' | grep -E 'waybill-(gateway|backend-sim)'
echo
echo "container-check: all checks passed"
