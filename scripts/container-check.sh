#!/usr/bin/env bash
# Builds the gateway and backend-sim images with podman and runs docker-compose.yml with podman-compose:
# - the images run compiled JavaScript (no tsx, no esbuild in them), each started with a read-only root
#   filesystem and no tmpfs at all (podman adds one on /tmp unless told not to): /healthz, a sign-in, a
#   search, and a clean exit on SIGTERM;
# - default profile: console on :3000, a password sign-in and an orders.search through the containers,
#   and the same session after a restart of the gateway container (DATA_DIR on a volume);
# - scale profile (Redis, gateway-a, gateway-b, nginx `lb` on :8080): the same through the balancer, a
#   session minted through it accepted by each replica, a comment reaching websocket subscribers, and
#   failover with gateway-a (the poll leader) killed (scripts/scale-check.mjs);
# - non-root processes on read-only root filesystems (compose's read_only), HEALTHCHECKs, the image
#   sizes against the bar; then the stack comes down.
# Needs root (podman). Takes a few minutes.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
base="$root/../shared/tools/container-base.sh"
[ -f "$base" ] || { echo "container-check: $base not found" >&2; exit 1; }

project=waybill-check
port_free() { ! (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }
export GATEWAY_PORT=${GATEWAY_PORT:-3000} SIM_PORT=${SIM_PORT:-4000} LB_PORT=${LB_PORT:-8080}
# docker-compose.yml passes it to the gateways: /metrics then answers only with it.
export METRICS_TOKEN=${METRICS_TOKEN:-container-check-metrics-token}
# docker-compose.yml passes it to backend-sim and the gateways: the production image refuses the default.
export SERVICE_TOKEN=${SERVICE_TOKEN:-container-check-service-token}
for var in GATEWAY_PORT SIM_PORT LB_PORT; do
  port_free "${!var}" || { echo "container-check: port ${!var} ($var) is in use; set $var to a free port" >&2; exit 1; }
done
gateway="http://127.0.0.1:$GATEWAY_PORT"
lb="http://127.0.0.1:$LB_PORT"
# The app layers' bar over the base image, in MB.
APP_LAYERS_BAR_MB=60

step() { printf '\n== %s\n' "$*"; }
fail() { echo "container-check: FAILED: $*" >&2; exit 1; }

step "container base (podman, node:24-slim stand-in)"
bash "$base"

registry=$(npm config get registry)
commit=$(git rev-parse --short HEAD)
build() {
  podman build --format docker --pull=never --network=host -v /etc/ssl/certs:/etc/ssl/certs:ro \
    --build-arg NPM_CONFIG_REGISTRY="$registry" \
    --build-arg NPM_CONFIG_CAFILE=/etc/ssl/certs/ca-certificates.crt \
    --build-arg WAYBILL_COMMIT="$commit" \
    -f "$1" -t "$2" .
}
built_after=$(date -u +%Y-%m-%dT%H:%M:%SZ)
step "build waybill-backend-sim"
build apps/backend-sim/Dockerfile waybill-backend-sim:latest
step "build waybill-gateway"
build apps/gateway/Dockerfile waybill-gateway:latest
# Earlier runs' untagged images (build stages, replaced tags); this run's build stages stay as the layer cache.
podman image prune -f --filter "until=$built_after" >/dev/null || true

compose() { podman-compose -p "$project" -f docker-compose.yml "$@"; }
logs=$(mktemp -d)
# podman-compose prints every podman command it runs: kept in a file, shown when it fails.
compose_up() {
  compose up -d --no-build "$@" >"$logs/compose-up.log" 2>&1 || { cat "$logs/compose-up.log"; fail "compose up $*"; }
}
container() { echo "${project}_$1_1"; } # podman-compose 1.0's container names
# The gateway's sessions and Redis's append-only file: each run starts from empty ones.
remove_volumes() { podman volume rm -f "${project}_gateway-data" "${project}_redis-data" >/dev/null 2>&1 || true; }
project_containers() { podman ps -a --filter "label=io.podman.compose.project=$project" --format '{{.Names}}'; }
cleanup() {
  status=$?
  if [ "$status" != 0 ]; then
    step "logs (the check failed)"
    for name in $(project_containers); do
      echo "--- $name ($(podman inspect -f '{{.State.Status}}' "$name" 2>/dev/null))"
      podman logs --tail 40 "$name" 2>&1 || true
    done
  fi
  step "compose down"
  compose down -t 15 >/dev/null 2>&1 || true
  podman network rm -f "${project}_default" >/dev/null 2>&1 || true
  remove_read_only_run
  remove_volumes
  rm -rf "$logs"
  left=$(project_containers)
  [ -z "$left" ] || { echo "container-check: left behind: $left" >&2; status=1; }
  exit "$status"
}
trap cleanup EXIT
trap 'exit 130' INT TERM # through the EXIT trap: the stack comes down when the run is interrupted too

# Waits up to $1 seconds for the command after it to succeed.
wait_for() {
  local seconds=$1
  shift
  for _ in $(seq 1 "$seconds"); do
    "$@" >/dev/null 2>&1 && return 0
    sleep 1
  done
  "$@"
}
# The read-only run's containers, network and volume (labelled as the project's, so a failure shows
# their logs and a leftover is reported).
ro_sim="${project}-ro-sim" ro_gateway="${project}-ro-gateway" ro_net="${project}-ro" ro_data="${project}-ro-data"
remove_read_only_run() {
  podman rm -f -t 2 "$ro_gateway" "$ro_sim" >/dev/null 2>&1 || true
  podman network rm -f "$ro_net" >/dev/null 2>&1 || true
  podman volume rm -f "$ro_data" >/dev/null 2>&1 || true
}
# GET $1 from inside a container (replicas publish no port).
fetch_in() { # container url [bearer]
  podman exec "$1" node -e '
    const [url, token] = process.argv.slice(1);
    fetch(url, { headers: token ? { authorization: `Bearer ${token}` } : {} })
      .then(async (r) => { process.stdout.write(await r.text()); process.exit(r.ok ? 0 : 1); }, () => process.exit(1));' "$2" "${3:-}"
}
sign_in() { # base-url -> bearer token
  local login
  login=$(curl -fsS -m 10 -X POST -H 'content-type: application/json' \
    -d '{"email":"ops@example.com","password":"waybill-demo","bearer":true}' "$1/trpc/auth.passwordLogin") \
    || fail "sign-in through $1 failed"
  node -e 'const b=JSON.parse(process.argv[1]);process.stdout.write(b.result.data.token)' "$login" \
    || fail "sign-in answer has no token: $login"
}
order_count() { # search answer -> number of orders
  node -e 'const b=JSON.parse(process.argv[1]);process.stdout.write(String(b.result.data.orders.length))' "$1" \
    || fail "orders.search answer unreadable: ${1:0:300}"
}
search() { curl -fsS -m 10 -H "authorization: Bearer $2" "$1/trpc/orders.search?input=%7B%7D"; }

step "the images run compiled JavaScript: no tsx, no esbuild"
for image in waybill-gateway:latest waybill-backend-sim:latest; do
  loaders=$(podman run --rm --network=none "$image" ls /app/node_modules/.pnpm 2>/dev/null | grep -E '^(tsx|esbuild|@esbuild\+)' || true)
  [ -z "$loaders" ] || fail "$image holds a TypeScript loader: $loaders"
  cmd=$(podman image inspect --format '{{json .Config.Cmd}}' "$image")
  [ "$cmd" = '["node","dist/server.js"]' ] || fail "$image runs $cmd, not dist/server.js"
  echo "ok: $image runs $cmd, without tsx or esbuild"
done

step "read-only root filesystems without any tmpfs, no capabilities"
remove_read_only_run
podman network create "$ro_net" >/dev/null
read_only_run() { # name image [podman run options]
  local name=$1 image=$2
  shift 2
  podman run -d --name "$name" --label "io.podman.compose.project=$project" --network "$ro_net" \
    --read-only --read-only-tmpfs=false --cap-drop=ALL --security-opt=no-new-privileges "$@" "$image" >/dev/null
}
read_only_run "$ro_sim" waybill-backend-sim:latest --network-alias ro-sim -e SERVICE_TOKEN
# The gateway writes only DATA_DIR (its sessions), on a volume as in docker-compose.yml.
read_only_run "$ro_gateway" waybill-gateway:latest -v "$ro_data:/app/data" -p 127.0.0.1::3000 \
  -e BACKEND_URL=http://ro-sim:4000 -e SERVICE_TOKEN
wait_for 120 fetch_in "$ro_sim" http://127.0.0.1:4000/healthz || fail "backend-sim not healthy read-only"
ro_url="http://$(podman port "$ro_gateway" 3000/tcp | head -1)"
wait_for 120 curl -fsS -m 5 "$ro_url/readyz" || fail "gateway not ready read-only on $ro_url"
echo
for name in "$ro_sim" "$ro_gateway"; do
  ! podman exec "$name" sh -c 'echo x > /tmp/probe' 2>/dev/null || fail "$name can write /tmp: not read-only"
done
ro_token=$(sign_in "$ro_url")
count=$(order_count "$(search "$ro_url" "$ro_token")")
[ "$count" -gt 0 ] || fail "orders.search on the read-only gateway returned no orders"
echo "ok: both answer read-only with no tmpfs; signed in, orders.search returned $count orders"
# SIGTERM: the drain and the close of the session store end in time, exit 0 (1 means the grace ran out).
podman stop -t 15 "$ro_gateway" >/dev/null
code=$(podman inspect --format '{{.State.ExitCode}}' "$ro_gateway")
[ "$code" = 0 ] || fail "the read-only gateway exited $code on SIGTERM"
echo "ok: the read-only gateway exits 0 on SIGTERM"
remove_read_only_run

step "compose up: default profile, and Redis + gateway-a of the scale profile"
# Named services: podman-compose from Debian ignores `profiles:` and would start everything.
# gateway-a starts before gateway-b so it takes the change-poll lease: the failover below kills the leader.
compose down -t 2 >/dev/null 2>&1 || true # what an interrupted run left
remove_volumes
compose_up backend-sim gateway redis gateway-a

step "wait for the gateway"
wait_for 120 curl -fsS -m 5 "$gateway/readyz" || fail "gateway not ready on $gateway"
echo

step "/healthz names the commit the image was built from"
curl -fsS -m 5 "$gateway/healthz" | grep -q "\"commit\":\"$commit\"" \
  || fail "/healthz does not name commit $commit: $(curl -sS -m 5 "$gateway/healthz")"
echo "ok: commit $commit"

step "console answers on $gateway"
curl -fsS "$gateway/" | grep -q '<div id="root"' || fail "console page not served"
echo "ok: console page"

step "/metrics answers only with METRICS_TOKEN"
metrics_status() { curl -s -o /dev/null -w '%{http_code}' -m 5 "$@" "$gateway/metrics"; }
[ "$(metrics_status)" = 401 ] || fail "/metrics answered without the metrics token"
[ "$(metrics_status -H "authorization: Bearer $METRICS_TOKEN")" = 200 ] || fail "/metrics refused METRICS_TOKEN"
echo "ok: /metrics is 401 without the token, 200 with it"

step "password sign-in and orders.search through the containers"
token=$(sign_in "$gateway")
count=$(order_count "$(search "$gateway" "$token")")
[ "$count" -gt 0 ] || fail "orders.search returned no orders"
echo "ok: signed in, orders.search returned $count orders"

step "a gateway restart keeps its sessions (DATA_DIR on the gateway-data volume)"
podman restart -t 15 "$(container gateway)" >/dev/null || fail "restarting the gateway failed"
wait_for 120 curl -fsS -m 5 "$gateway/readyz" || fail "gateway not ready after its restart"
echo
count=$(order_count "$(search "$gateway" "$token")")
[ "$count" -gt 0 ] || fail "the session minted before the restart is refused after it"
echo "ok: the session minted before the restart still works"

step "scale profile: gateway-a takes the change-poll lease, then gateway-b and the balancer start"
a=$(container gateway-a)
b=$(container gateway-b)
wait_for 120 fetch_in "$a" http://127.0.0.1:3000/readyz || fail "gateway-a not ready"
wait_for 30 sh -c "podman logs $a 2>&1 | grep -q 'took the change-poll lease'" || fail "gateway-a never took the change-poll lease"
compose_up gateway-b lb
wait_for 120 fetch_in "$b" http://127.0.0.1:3000/readyz || fail "gateway-b not ready"
wait_for 30 curl -fsS -m 5 "$lb/readyz" || fail "balancer not ready on $lb"
echo
! podman logs "$b" 2>&1 | grep -q 'took the change-poll lease' || fail "gateway-b took the lease: gateway-a is not the leader"
echo "ok: gateway-a holds the change-poll lease, gateway-b follows"

step "console, sign-in and search through the balancer ($lb)"
for _ in 1 2; do # round robin: one request on each replica
  curl -fsS -m 10 "$lb/" | grep -q '<div id="root"' || fail "console page not served through the balancer"
done
echo "ok: console page through the balancer"
lb_token=$(sign_in "$lb")
count=$(order_count "$(search "$lb" "$lb_token")")
[ "$count" -gt 0 ] || fail "orders.search through the balancer returned no orders"
echo "ok: signed in through the balancer, orders.search returned $count orders"
# Sessions live in Redis: the token the balancer's sign-in minted works on each replica directly.
for name in "$a" "$b"; do
  answer=$(fetch_in "$name" 'http://127.0.0.1:3000/trpc/orders.search?input=%7B%7D' "$lb_token") \
    || fail "$name refused the session minted through the balancer: ${answer:0:300}"
  [ "$(order_count "$answer")" -gt 0 ] || fail "orders.search on $name returned no orders"
done
echo "ok: the session works on gateway-a and gateway-b"

step "containers run as a non-root user on a read-only root filesystem, healthchecks pass"
# Our images (redis and nginx are the official images' stand-ins, without HEALTHCHECK).
names=$(podman ps --filter "label=io.podman.compose.project=$project" --format '{{.Names}} {{.Image}}' \
  | awk '$2 ~ /waybill-/ {print $1}')
[ "$(echo "$names" | wc -w)" = 4 ] || fail "expected 4 waybill containers, found: $names"
for name in $names; do
  uid=$(podman exec "$name" id -u)
  [ "$uid" != 0 ] || fail "$name runs as root"
  [ "$(podman inspect --format '{{.HostConfig.ReadonlyRootfs}}' "$name")" = true ] \
    || fail "$name has a writable root filesystem (compose read_only)"
  podman healthcheck run "$name" || fail "healthcheck of $name failed"
  echo "ok: $name runs as uid $uid on a read-only root filesystem, healthy"
done

step "live changes through the balancer, and failover with gateway-a killed"
node scripts/scale-check.mjs "$lb" "$lb_token" "$a" || fail "scale check"
for i in 1 2 3 4; do # both upstreams are tried: the dead one is skipped
  curl -fsS -m 10 "$lb/" | grep -q '<div id="root"' || fail "console page not served through the balancer after the kill ($i)"
  [ "$(order_count "$(search "$lb" "$lb_token")")" -gt 0 ] || fail "orders.search through the balancer after the kill ($i)"
done
echo "ok: console and orders.search keep answering through the balancer with gateway-a dead"

step "image sizes"
mb() { echo $(( ($(podman image inspect --format '{{.Size}}' "$1") + 500000) / 1000000 )); }
base_mb=$(mb docker.io/library/node:24-slim)
gateway_mb=$(mb waybill-gateway:latest)
sim_mb=$(mb waybill-backend-sim:latest)
app_mb=$((gateway_mb - base_mb))
podman history --format '{{.Size}}\t{{.CreatedBy}}' waybill-gateway:latest | awk -F'\t' '$1 != "0 B"' | head -4 | cut -c1-120
echo "container-check: backend-sim image $sim_mb MB, app layers $((sim_mb - base_mb)) MB"
echo "container-check: gateway image $gateway_mb MB, base $base_mb MB, app layers $app_mb MB (bar $APP_LAYERS_BAR_MB)"
[ "$app_mb" -le "$APP_LAYERS_BAR_MB" ] || fail "gateway app layers $app_mb MB are over the $APP_LAYERS_BAR_MB MB bar"

step "compose down"
trap - EXIT
compose down -t 15 >/dev/null 2>&1 || fail "compose down failed"
podman network rm -f "${project}_default" >/dev/null 2>&1 || true
remove_volumes
rm -rf "$logs"
left=$(project_containers)
[ -z "$left" ] || fail "containers left after compose down: $left"
echo "ok: nothing of $project left running"
echo
echo "container-check: all checks passed"
