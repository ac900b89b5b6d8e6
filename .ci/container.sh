#!/usr/bin/env bash
# CI stage: the self-hosting container, for real, with podman (no Docker engine here).
#
#   .ci/container.sh            (after the unit tests: needs shared/dist and botclient/dist)
#
# 1. stand-in base images (../shared/container/standin-images.sh; also installs
#    podman, podman-compose, docker-compose) unless already present
# 2. lints docker-compose.yml with docker-compose (v1.29 schema)
# 3. builds the real Dockerfile with podman (--pull=never --network host)
# 4. starts docker-compose.yml with podman-compose (unique project, free host port,
#    FIRESIDE_BOT_DELAY_MS=20) and waits for /healthz; runs the image's HEALTHCHECK
# 5. plays a whole bot game of every game of the shared registry through it
#    (botclient/dist/cli.js), checks the web client is served
# 5b. restarts the container in the middle of a bot game (SIGTERM): the room
#    comes back from the /data volume and the bot clients finish their game
# 6. SIGTERM with a client connected: the client gets `restarting`, the container
#    exits with code 0 and logs that it shut down gracefully
# 7. the cluster: docker-compose.cluster.yml with three processes behind Caddy, a game
#    of every game through the proxy, a process killed mid-game (.ci/container-cluster.sh)
# Cleans up its containers, network and image on exit, also on failure.
# Env: FIRESIDE_STANDIN (path of standin-images.sh), FIRESIDE_STANDIN_REBUILD=1
# (rebuild the stand-ins even if present), KEEP_IMAGE=1 (keep the built image).
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD

as_root() { if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi; }
pod() { as_root podman "$@"; }

RUN_ID="$(date +%s)-$$"
PROJECT="fireside-ci-${RUN_ID//-/_}"
IMAGE="localhost/fireside-ci:${RUN_ID}"
TMP=$(mktemp -d)
NODE_MAJOR=$(sed -n 's/^ARG NODE_VERSION=\([0-9]*\).*/\1/p' Dockerfile)
# redis: the cluster compose file's Redis, and the base of the stand-ins in .ci/standins/.
BASES=("node:${NODE_MAJOR:-22}-bookworm-slim" "redis:7-bookworm")
STANDIN=${FIRESIDE_STANDIN:-$ROOT/../shared/container/standin-images.sh}
[ -x "$STANDIN" ] || { echo "container: FAIL: no stand-in image script at $STANDIN (../shared must sit beside the repo)" >&2; exit 1; }

STEPS=()
t_step=0
now_ms() { date +%s%3N; }
secs() { printf '%d.%d' $(( $1 / 1000 )) $(( $1 % 1000 / 100 )); }
T0=$(now_ms)
step() { t_step=$(now_ms); echo; echo "== container: $* =="; }
done_step() {
  local ms=$(( $(now_ms) - t_step ))
  STEPS+=("$(printf '%-44s %7s s' "$1" "$(secs "$ms")")")
  printf '   (%s: %s s)\n' "$1" "$(secs "$ms")"
}
fail() { echo "container: FAIL: $*" >&2; exit 1; }
free_port() { node -e 'const s=require("net").createServer().listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})'; }

compose() {
  as_root env FIRESIDE_IMAGE="$IMAGE" FIRESIDE_PORT="${PORT:-0}" FIRESIDE_BIND=127.0.0.1 FIRESIDE_BOT_DELAY_MS=20 \
    podman-compose -p "$PROJECT" -f docker-compose.yml "$@"
}

LISTENER_PID=""
BOT_PID=""
cleanup() {
  local rc=$?
  set +e
  [ -n "$LISTENER_PID" ] && kill "$LISTENER_PID" 2>/dev/null
  [ -n "$BOT_PID" ] && kill "$BOT_PID" 2>/dev/null
  declare -F cluster_cleanup >/dev/null && cluster_cleanup
  if command -v podman >/dev/null; then
    if command -v podman-compose >/dev/null; then compose down -t 5 >/dev/null 2>&1; fi
    local ids
    ids=$(pod ps -aq --filter "label=io.podman.compose.project=$PROJECT" 2>/dev/null)
    [ -n "$ids" ] && pod rm -f -v $ids >/dev/null 2>&1
    pod network exists "${PROJECT}_default" 2>/dev/null && pod network rm -f "${PROJECT}_default" >/dev/null 2>&1
    pod volume exists "${PROJECT}_fireside-data" 2>/dev/null && pod volume rm -f "${PROJECT}_fireside-data" >/dev/null 2>&1
    if [ "${KEEP_IMAGE:-0}" != 1 ] && pod image exists "$IMAGE" 2>/dev/null; then pod rmi -f "$IMAGE" >/dev/null 2>&1; fi
  fi
  rm -rf "$TMP"
  echo
  echo "== container: timings =="
  for s in "${STEPS[@]}"; do echo "   $s"; done
  printf '   %-44s %7s s\n' "total" "$(secs $(( $(now_ms) - T0 )))"
  [ -n "${IMAGE_SIZE:-}" ] && echo "   image size: $IMAGE_SIZE"
  if [ $rc = 0 ]; then echo "container: OK"; else echo "container: FAILED (exit $rc)"; fi
  exit $rc
}
trap cleanup EXIT
trap 'exit 130' INT TERM

# ---------------------------------------------------------------- 1. tools and stand-ins
step "stand-in base images (${BASES[*]})"
need_standin=()
for b in "${BASES[@]}"; do
  if [ "${FIRESIDE_STANDIN_REBUILD:-0}" = 1 ] || ! command -v podman >/dev/null || ! pod image exists "docker.io/library/$b"; then
    need_standin+=("$b")
  fi
done
for c in podman-compose docker-compose; do command -v "$c" >/dev/null || need_standin=("${BASES[@]}"); done
if [ ${#need_standin[@]} -gt 0 ]; then
  [ -x "$STANDIN" ] || fail "standin-images.sh not found (set FIRESIDE_STANDIN)"
  as_root "$STANDIN" "${need_standin[@]}"
else
  echo "   present: ${BASES[*]}"
fi
podman --version; podman-compose version 2>/dev/null | grep -m1 podman-composer || true; docker-compose --version
done_step "stand-in base images"

# ---------------------------------------------------------------- 2. lint the compose file
step "docker-compose config -q"
docker-compose -f docker-compose.yml config -q
resolved=$(FIRESIDE_PORT=8080 FIRESIDE_BIND=127.0.0.1 docker-compose -f docker-compose.yml config)
grep -q '127.0.0.1:8080:2567' <<<"$resolved" || fail "FIRESIDE_PORT/FIRESIDE_BIND do not reach the port mapping"
done_step "compose lint"

# ---------------------------------------------------------------- 3. build the image
step "podman build $IMAGE"
# --format docker keeps the HEALTHCHECK (OCI images have none); --layers=false leaves no cached
# intermediate images behind (nothing to clean up but the image itself).
pod build --pull=never --network host --format docker --layers=false --force-rm -t "$IMAGE" . >"$TMP/build.log" 2>&1 \
  || { tail -40 "$TMP/build.log"; fail "podman build"; }
grep -E '^(added|✓ built)' "$TMP/build.log" | sed 's/^/   /' || true
bytes=$(pod image inspect --format '{{.Size}}' "$IMAGE")
base_bytes=$(pod image inspect --format '{{.Size}}' "docker.io/library/${BASES[0]}")
IMAGE_SIZE="$(( bytes / 1000000 )) MB ($(( (bytes - base_bytes) / 1000000 )) MB above the ${BASES[0]} stand-in base)"
echo "   image size: $IMAGE_SIZE"
[ "$(pod image inspect --format '{{.Config.User}}' "$IMAGE")" = node ] || fail "the image does not run as node"
done_step "podman build"

# ---------------------------------------------------------------- prerequisites on this side
if [ ! -f shared/dist/index.js ] || [ ! -f botclient/dist/cli.js ]; then
  npm run build -w shared >/dev/null && npm run build -w botclient >/dev/null
fi

# ---------------------------------------------------------------- the image alone: PORT, HEALTHCHECK
step "podman run -e PORT (the image's own HEALTHCHECK)"
RUN_PORT=$(free_port)
pod run -d --name "${PROJECT}_run" --label "io.podman.compose.project=$PROJECT" --network host -e PORT="$RUN_PORT" "$IMAGE" >/dev/null 2>"$TMP/run.err" \
  || { cat "$TMP/run.err"; fail "podman run"; }
for _ in $(seq 100); do pod logs "${PROJECT}_run" >"$TMP/run.log" 2>&1; grep -q "listening on http://localhost:$RUN_PORT" "$TMP/run.log" && break; sleep 0.2; done
pod healthcheck run "${PROJECT}_run" >/dev/null 2>&1 || { pod logs "${PROJECT}_run" | tail; fail "the image's HEALTHCHECK (PORT=$RUN_PORT)"; }
[ "$(pod exec "${PROJECT}_run" id -un)" = node ] || fail "the server does not run as node"
# (podman without systemd complains about healthcheck timers: not an error here)
# -v: the anonymous volume of the image's VOLUME /data goes with it.
pod rm -f -v -t 5 "${PROJECT}_run" >/dev/null 2>&1
echo "   PORT=$RUN_PORT honoured, HEALTHCHECK healthy, runs as node"
done_step "podman run + HEALTHCHECK"

# ---------------------------------------------------------------- 4. compose up, health
step "podman-compose up -d"
PORT=$(free_port)
URL="http://127.0.0.1:$PORT"
compose up -d --no-build >"$TMP/up.log" 2>&1 || { cat "$TMP/up.log"; fail "podman-compose up"; }
CTR=$(pod ps -aq --filter "label=io.podman.compose.project=$PROJECT" | head -1)
[ -n "$CTR" ] || { cat "$TMP/up.log"; fail "no container for project $PROJECT"; }
echo "   project $PROJECT, container $(pod inspect --format '{{.Name}}' "$CTR"), $URL"
done_step "podman-compose up"

step "wait for $URL/healthz"
HEALTH=$(URL="$URL" node -e '
  const t0 = Date.now();
  (async () => {
    for (;;) {
      try {
        const r = await fetch(process.env.URL + "/healthz");
        if (r.ok) { console.log(JSON.stringify(await r.json())); return; }
      } catch {}
      if (Date.now() - t0 > 60000) { console.error("no /healthz within 60 s"); process.exit(1); }
      await new Promise((r) => setTimeout(r, 250));
    }
  })();') || { pod logs "$CTR" | tail -30; fail "/healthz"; }
echo "   /healthz: $HEALTH"
echo "$HEALTH" | grep -q '"ok":true' || fail "unexpected /healthz answer"
pod healthcheck run "$CTR" >/dev/null 2>&1 && echo "   compose healthcheck: healthy" || fail "the compose file's healthcheck failed"
env_delay=$(pod inspect --format '{{range .Config.Env}}{{println .}}{{end}}' "$CTR" | sed -n 's/^FIRESIDE_BOT_DELAY_MS=//p')
[ "$env_delay" = 20 ] || fail "FIRESIDE_BOT_DELAY_MS in the container is '$env_delay', not 20"
# The compose file's blank default for the metrics token reaches the server blank (podman-compose 1.0.3 left
# "${FIRESIDE_METRICS_TOKEN:-}" as it is: /metrics then asked for that text as its token), and /metrics is open.
env_token=$(pod inspect --format '{{range .Config.Env}}{{println .}}{{end}}' "$CTR" | sed -n 's/^FIRESIDE_METRICS_TOKEN=//p')
[ -z "${env_token// /}" ] || fail "FIRESIDE_METRICS_TOKEN in the container is '$env_token', not blank"
URL="$URL" node -e 'fetch(process.env.URL + "/metrics").then(async (r) => process.exit(r.ok && /^fireside_/m.test(await r.text()) ? 0 : 1), () => process.exit(1))' ||
  fail "/metrics with no token set is not open"
done_step "healthy"

# ---------------------------------------------------------------- 5. the client, and a bot game of every game
step "web client served"
URL="$URL" node -e '
  (async () => {
    for (const p of ["/", "/room/AbCdEf123"]) {
      const r = await fetch(process.env.URL + p);
      const body = await r.text();
      if (!r.ok || !/<html/i.test(body)) { console.error(`GET ${p}: ${r.status}`); process.exit(1); }
    }
    console.log("   / and /room/<id> serve the web client");
  })();' || fail "web client"
done_step "web client"

mapfile -t GAMES < <(node --input-type=module -e '
  const { gameIds, getGame } = await import("./shared/dist/index.js");
  for (const id of gameIds) {
    const g = getGame(id);
    console.log(`${id} ${Math.min(g.maxPlayers, Math.max(g.minPlayers, 4))}`);
  }')
[ ${#GAMES[@]} -gt 0 ] || fail "no games in the shared registry"
for entry in "${GAMES[@]}"; do
  read -r game players <<<"$entry"
  step "bot game: $game, $players players"
  out=$(node botclient/dist/cli.js --server "$URL" --game "$game" --players "$players" --timeout 300 2>"$TMP/bot-$game.err") \
    || { tail -20 "$TMP/bot-$game.err"; pod logs "$CTR" | tail -20; fail "bot game $game"; }
  echo "   $out"
  OUT="$out" GAME="$game" node -e '
    const lines = process.env.OUT.split("\n").filter(Boolean);
    const r = JSON.parse(lines.at(-1));
    if (lines.length !== 1 || r.game !== process.env.GAME || !Array.isArray(r.winners) || r.winners.length < 1) process.exit(1);' \
    || fail "bot game $game: unexpected result line"
  done_step "bot game $game ($players players)"
done

# ---------------------------------------------------------------- 5b. restart mid-game: the game goes on from the volume
step "restart mid-game (the store's volume)"
node botclient/dist/cli.js --server "$URL" --game santa --players 3 --delay 120 --timeout 300 >"$TMP/restart.out" 2>"$TMP/restart.err" &
BOT_PID=$!
playing=0
for _ in $(seq 300); do
  n=$(URL="$URL" node -e 'fetch(process.env.URL + "/healthz").then((r) => r.json()).then((h) => console.log(h.rooms), () => console.log(0))')
  if [ "${n:-0}" -ge 1 ]; then playing=1; break; fi
  sleep 0.1
done
[ "$playing" = 1 ] || { cat "$TMP/restart.err"; fail "the bot game did not open a room"; }
sleep 3
pod restart -t 10 "$CTR" >/dev/null 2>"$TMP/restart-ctr.err" || { cat "$TMP/restart-ctr.err"; fail "podman restart"; }
wait "$BOT_PID" || { tail -20 "$TMP/restart.err"; pod logs "$CTR" 2>&1 | tail -20; fail "the bot game did not survive the restart"; }
BOT_PID=""
echo "   $(cat "$TMP/restart.out")"
grep -q '"winners"' "$TMP/restart.out" || fail "no result after the restart"
grep -q 'rejoining' "$TMP/restart.err" || fail "the bot clients never lost the room (was the server restarted?)"
ROOM_ID=$(node -e 'console.log(JSON.parse(require("fs").readFileSync(process.argv[1], "utf8").trim().split("\n").pop()).roomId)' "$TMP/restart.out")
# The server logs JSON lines (docs/self-hosting.md, "Logs and metrics"): the room's own `room.restored` event, mid-match.
RESTORED="\"roomId\":\"$ROOM_ID\".*\"event\":\"room.restored\",\"status\":\"playing\""
# Logs go to a file before grep: under pipefail, `pod logs | grep -q` fails when grep stops
# reading early and `pod logs` dies of SIGPIPE (this is what failed CI once, with the line there).
pod logs "$CTR" >"$TMP/ctr.log" 2>&1
grep -q "$RESTORED" "$TMP/ctr.log" || { tail -20 "$TMP/ctr.log"; fail "the server did not restore room $ROOM_ID from /data"; }
grep "$RESTORED\|\"event\":\"restore.done\"" "$TMP/ctr.log" | sed 's/^/   | /' | tail -3
done_step "restart mid-game"

# ---------------------------------------------------------------- 6. graceful stop
step "SIGTERM with a client in a room"
# A client in a room of its own, waiting for the server's `restarting` message.
URL="$URL" node --input-type=module -e '
  if (!globalThis.WebSocket) globalThis.WebSocket = (await import("ws")).WebSocket;
  const { Client } = await import("@colyseus/sdk");
  const room = await new Client(process.env.URL).create("game", { game: process.argv[1], name: "CI" });
  room.onMessage("*", (type) => console.log(`message ${type}`));
  room.onLeave((code) => { console.log(`left ${code}`); process.exit(0); });
  console.log("joined");
  setTimeout(() => { console.log("timeout"); process.exit(1); }, 60000);
' "${GAMES[0]%% *}" >"$TMP/listener.log" 2>&1 &
LISTENER_PID=$!
for _ in $(seq 100); do grep -q joined "$TMP/listener.log" && break; sleep 0.1; done
grep -q joined "$TMP/listener.log" || { cat "$TMP/listener.log"; fail "the listening client did not join"; }
t_stop=$(now_ms)
pod stop -t 10 "$CTR" >/dev/null 2>"$TMP/stop.err" || { cat "$TMP/stop.err"; fail "podman stop"; }
stop_ms=$(( $(now_ms) - t_stop ))
wait "$LISTENER_PID" || true
LISTENER_PID=""
code=$(pod inspect --format '{{.State.ExitCode}}' "$CTR")
echo "   podman stop took ${stop_ms} ms; exit code $code"
pod logs "$CTR" 2>&1 | sed 's/^/   | /' | tail -8
sed 's/^/   client: /' "$TMP/listener.log"
[ "$code" = 0 ] || fail "exit code $code (expected 0)"
pod logs "$CTR" >"$TMP/ctr.log" 2>&1
grep -q 'shut down gracefully' "$TMP/ctr.log" || fail "no 'shut down gracefully' log line"
grep -q 'message restarting' "$TMP/listener.log" || fail "the client did not receive restarting"
grep -q 'left 4001' "$TMP/listener.log" || fail "the client was not closed with 4001"
[ "$stop_ms" -lt 9000 ] || fail "stopping took ${stop_ms} ms (the stop timeout is 10 s)"
done_step "graceful stop"

step "podman-compose down"
compose down -t 5 >/dev/null 2>&1
[ -z "$(pod ps -aq --filter "label=io.podman.compose.project=$PROJECT")" ] || fail "containers left after down"
done_step "podman-compose down"

# ---------------------------------------------------------------- 7. the cluster compose file
. .ci/container-cluster.sh
