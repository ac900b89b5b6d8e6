# CI stage, part 2 (sourced by .ci/container.sh after the single-process stage, with its
# helpers: pod, step, done_step, fail, free_port, IMAGE, PROJECT, TMP): the cluster compose
# file, docker-compose.cluster.yml, for real with podman-compose.
#
# C1. stand-ins for the images it names besides ours (.ci/standins/: postgres, caddy),
#     built here from the local redis:7-bookworm stand-in, rebuilt when their files change
# C2. lints it with docker-compose (v1.29 schema); checks that the settings reach the
#     services and that cluster/Caddyfile routes exactly the Fireside services it has
# C3. starts it (unique project, free host port) and waits until the proxy reaches
#     every process at /fN/ and each says it is one of several on the PostgreSQL store
# C4. plays a bot game of every game through the proxy, at once
# C5. stops (SIGTERM, as an upgrade does) the Fireside container whose process holds a
#     game, mid-game: the game ends on the other processes. Then kills (SIGKILL) the one
#     of another game: the game ends on the other processes when failover is in the tree
#     (server/src/cluster/failover.ts; FIRESIDE_CI_FAILOVER=strict|tolerant overrides), else
#     after the killed container is started again
# C6. down -v, and nothing of the project is left
# cluster_cleanup (called by container.sh's cleanup) removes everything, also on failure.

CPROJECT="${PROJECT}_cluster"
CFILE=docker-compose.cluster.yml
CLUSTER_STANDINS=(postgres:15-bookworm caddy:2)
CLUSTER_ANON_VOLUMES=""
CBOT_PID=""

ccompose() {
  as_root env FIRESIDE_IMAGE="$IMAGE" FIRESIDE_PORT="${CPORT:-0}" FIRESIDE_BIND=127.0.0.1 \
    FIRESIDE_HOST="127.0.0.1:${CPORT:-0}" FIRESIDE_BOT_DELAY_MS=20 POSTGRES_PASSWORD="ci${RUN_ID//-/}" \
    podman-compose -p "$CPROJECT" -f "$CFILE" "$@"
}
cluster_ids() { pod ps -aq --filter "label=io.podman.compose.project=$CPROJECT" 2>/dev/null; }
# The container of service $1 (podman-compose 1.0.3 names it <project>_<service>_1).
ctr_of() { echo "${CPROJECT}_$1_1"; }

cluster_cleanup() {
  [ -n "$CBOT_PID" ] && kill "$CBOT_PID" 2>/dev/null
  command -v podman >/dev/null || return 0
  local ids
  ids=$(cluster_ids)
  # rm -v: the image's VOLUME /data gives each Fireside container an anonymous volume
  # (unused with PostgreSQL) that podman-compose 1.0.3's down does not remove.
  [ -n "$ids" ] && pod rm -f -v -t 2 $ids >/dev/null 2>&1
  command -v podman-compose >/dev/null && ccompose down -v -t 2 >/dev/null 2>&1
  pod network exists "${CPROJECT}_default" 2>/dev/null && pod network rm -f "${CPROJECT}_default" >/dev/null 2>&1
  pod volume exists "${CPROJECT}_fireside-pg" 2>/dev/null && pod volume rm -f "${CPROJECT}_fireside-pg" >/dev/null 2>&1
  for v in $CLUSTER_ANON_VOLUMES; do pod volume rm -f "$v" >/dev/null 2>&1; done
  return 0
}

# GET $1 through the proxy; prints the body, fails on anything but 200.
proxy_get() { URL="http://127.0.0.1:$CPORT$1" node -e 'fetch(process.env.URL).then(async (r) => { if (!r.ok) process.exit(1); console.log(await r.text()); }, () => process.exit(1))'; }

# ---------------------------------------------------------------- C1. stand-ins for the cluster
step "cluster stand-ins (${CLUSTER_STANDINS[*]})"
for img in "${CLUSTER_STANDINS[@]}"; do
  dir=.ci/standins/${img%%:*}
  hash=$(cd "$dir" && find . -type f | LC_ALL=C sort | xargs sha256sum | sha256sum | cut -c1-16)
  have=$(pod image inspect --format '{{index .Labels "fireside.standin"}}' "docker.io/library/$img" 2>/dev/null || true)
  if [ "${FIRESIDE_STANDIN_REBUILD:-0}" != 1 ] && [ "$have" = "$hash" ]; then
    echo "   present: $img ($hash)"
    continue
  fi
  old_id=$(pod image inspect --format '{{.Id}}' "docker.io/library/$img" 2>/dev/null || true)
  pod build --pull=never --network host --layers=false --force-rm --label "fireside.standin=$hash" \
    -t "docker.io/library/$img" "$dir" >"$TMP/standin.log" 2>&1 || { tail -30 "$TMP/standin.log"; fail "building the $img stand-in"; }
  # The previous build, now untagged, would stay behind.
  [ -z "$old_id" ] || pod rmi "$old_id" >/dev/null 2>&1 || true
  echo "   built: $img ($hash)"
done
done_step "cluster stand-ins"

# ---------------------------------------------------------------- C2. lint, settings, routes
step "docker-compose config -q ($CFILE)"
docker-compose -f "$CFILE" config -q
resolved=$(FIRESIDE_HOST=games.example.com FIRESIDE_PORT=8443 FIRESIDE_BIND=127.0.0.1 POSTGRES_PASSWORD=s3cret docker-compose -f "$CFILE" config)
grep -q '127.0.0.1:8443:80' <<<"$resolved" || fail "FIRESIDE_PORT/FIRESIDE_BIND do not reach the proxy's port mapping"
grep -q 'postgres://fireside:s3cret@db:5432/fireside' <<<"$resolved" || fail "POSTGRES_PASSWORD does not reach DATABASE_URL"
mapfile -t SERVICES < <(docker-compose -f "$CFILE" config --services | grep '^fireside-[0-9]*$' | sort -V)
[ ${#SERVICES[@]} -ge 2 ] || fail "fewer than two Fireside services in $CFILE"
for s in "${SERVICES[@]}"; do
  n=${s#fireside-}
  grep -q "FIRESIDE_PUBLIC_ADDRESS: games.example.com/f$n\$" <<<"$resolved" || fail "$s does not announce FIRESIDE_HOST/f$n"
  # cluster/Caddyfile: a /fN/ route to it, and it among the processes of every other path.
  grep -A1 -E "^\s*handle_path /f$n/\\*" cluster/Caddyfile | grep -q "reverse_proxy $s:2567\$" || fail "cluster/Caddyfile has no /f$n/ route to $s"
  grep -E "^\s*reverse_proxy( fireside-[0-9]+:2567){2,}" cluster/Caddyfile | grep -q " $s:2567" || fail "cluster/Caddyfile does not send other paths to $s"
done
[ "$(grep -cE '^\s*handle_path /f[0-9]+/\*' cluster/Caddyfile)" = ${#SERVICES[@]} ] || fail "cluster/Caddyfile routes processes that $CFILE does not have"
for img in "${CLUSTER_STANDINS[@]}"; do grep -q "image: $img\$" <<<"$resolved" || fail "$CFILE no longer uses $img (update the stand-ins)"; done
echo "   ${#SERVICES[@]} processes (${SERVICES[*]}), each routed at /fN/ and in the pool of /"
done_step "cluster compose lint"

# ---------------------------------------------------------------- C3. up, every process reachable
step "podman-compose up -d ($CFILE)"
CPORT=$(free_port)
ccompose up -d --no-build >"$TMP/cup.log" 2>&1 || { cat "$TMP/cup.log"; fail "podman-compose up ($CFILE)"; }
CLUSTER_ANON_VOLUMES=$(pod inspect --format '{{range .Mounts}}{{if eq .Type "volume"}}{{.Name}} {{end}}{{end}}' $(cluster_ids) | tr ' ' '\n' | grep -E '^[0-9a-f]{64}$' || true)
echo "   project $CPROJECT, proxy http://127.0.0.1:$CPORT, $(cluster_ids | wc -l) containers"
done_step "cluster up"

step "wait for every process behind the proxy"
ok=0
for _ in $(seq 240); do
  ok=1
  for s in "${SERVICES[@]}" ""; do
    path=${s:+/f${s#fireside-}}/healthz
    proxy_get "$path" >/dev/null 2>&1 || { ok=0; break; }
  done
  [ $ok = 1 ] && break
  sleep 0.5
done
if [ $ok != 1 ]; then
  for id in $(cluster_ids); do echo "--- $(pod inspect --format '{{.Name}} {{.State.Status}}' "$id")"; pod logs --tail 8 "$id" 2>&1; done
  fail "the proxy did not reach every process within 120 s"
fi
for s in "${SERVICES[@]}"; do
  n=${s#fireside-}
  pod logs "$(ctr_of "$s")" >"$TMP/$s.log" 2>&1
  grep -q "\"store\":\"postgres\",\"publicAddress\":\"127.0.0.1:$CPORT/f$n\"" "$TMP/$s.log" || { tail -5 "$TMP/$s.log"; fail "$s is not a cluster process on PostgreSQL at 127.0.0.1:$CPORT/f$n"; }
  echo "   /f$n/healthz: $(proxy_get "/f$n/healthz") (restarts before PostgreSQL was ready: $(pod inspect --format '{{.RestartCount}}' "$(ctr_of "$s")"))"
done
pod exec "$(ctr_of db)" pg_isready -h 127.0.0.1 -U fireside -d fireside >/dev/null || fail "PostgreSQL does not accept connections"
[ "$(pod exec "$(ctr_of redis)" redis-cli ping)" = PONG ] || fail "Redis does not answer"
proxy_get / | grep -qi '<html' || fail "the web client is not served through the proxy"
for p in /metrics /f1/metrics; do ! proxy_get "$p" >/dev/null 2>&1 || fail "$p is open through the proxy"; done
done_step "cluster healthy"

# ---------------------------------------------------------------- C4. a game of every game, at once
step "bot games through the proxy (every game at once)"
pids=()
for entry in "${GAMES[@]}"; do
  read -r game players <<<"$entry"
  node botclient/dist/cli.js --server "http://127.0.0.1:$CPORT" --game "$game" --players "$players" --timeout 300 \
    >"$TMP/cbot-$game.out" 2>"$TMP/cbot-$game.err" &
  pids+=($!)
done
for i in "${!pids[@]}"; do
  game=${GAMES[$i]%% *}
  wait "${pids[$i]}" || { tail -20 "$TMP/cbot-$game.err"; fail "bot game $game through the proxy"; }
  grep -q '"winners":\[[0-9]' "$TMP/cbot-$game.out" || fail "bot game $game: no winners"
  echo "   $(cat "$TMP/cbot-$game.out")"
done
spread=""
for s in "${SERVICES[@]}"; do
  pod logs "$(ctr_of "$s")" >"$TMP/$s.log" 2>&1
  spread+=" f${s#fireside-}:$(grep -c '"event":"room.created"' "$TMP/$s.log" || true)"
done
echo "   rooms created per process:$spread"
done_step "cluster bot games"

# ---------------------------------------------------------------- C5. a process lost mid-game
# Starts a bot game of santa through the proxy, waits until it plays (past the SDK's
# 5 s minimum uptime, so that its own reconnection is tried too, not only the bot's
# rejoin) and sets ROOM and VICTIM, the service whose process holds the room.
start_game() {
  node botclient/dist/cli.js --server "http://127.0.0.1:$CPORT" --game santa --players 3 --delay 150 --timeout 300 \
    >"$TMP/$1.out" 2>"$TMP/$1.err" &
  CBOT_PID=$!
  for _ in $(seq 100); do grep -q 'seats:' "$TMP/$1.err" && break; sleep 0.2; done
  grep -q 'seats:' "$TMP/$1.err" || { cat "$TMP/$1.err"; fail "the bot game did not start"; }
  sleep 6
  ROOM=$(sed -n 's/^\[bot\] room \([^ ]*\) created.*/\1/p' "$TMP/$1.err")
  VICTIM=""
  for s in "${SERVICES[@]}"; do
    pod logs "$(ctr_of "$s")" >"$TMP/$s.log" 2>&1
    grep -q "\"roomId\":\"$ROOM\".*\"event\":\"room.created\"" "$TMP/$s.log" && VICTIM=$s
  done
  [ -n "$VICTIM" ] || fail "no process logged the creation of room $ROOM"
}

# Waits for the game of start_game $1 to end, $2 ms after T_LOST; with $3=restart, starts
# VICTIM's container again if the game has not ended 30 s after it was lost.
game_ends() {
  local back_ms="" restarted=0 waited
  while kill -0 "$CBOT_PID" 2>/dev/null; do
    [ -z "$back_ms" ] && grep -q 'back in room' "$TMP/$1.err" && back_ms=$(( $(now_ms) - T_LOST ))
    waited=$(( $(now_ms) - T_LOST ))
    if [ "${2:-}" = restart ] && [ $restarted = 0 ] && [ $waited -gt 30000 ]; then
      echo "   no failover in this tree: starting $VICTIM again after $(secs $waited) s"
      pod start "$(ctr_of "$VICTIM")" >/dev/null 2>&1 || fail "podman start $VICTIM"
      restarted=1
    fi
    [ $waited -lt 240000 ] || fail "the game did not end within 240 s"
    sleep 0.2
  done
  wait "$CBOT_PID" || { tail -20 "$TMP/$1.err"; fail "the bot game did not survive losing $VICTIM"; }
  CBOT_PID=""
  local end_ms=$(( $(now_ms) - T_LOST ))
  echo "   $(cat "$TMP/$1.out")"
  grep -q '"winners":\[[0-9]' "$TMP/$1.out" || fail "no result after losing $VICTIM"
  grep -q 'rejoining\|the SDK reconnects' "$TMP/$1.err" || fail "the bot clients never lost the room (was $VICTIM stopped?)"
  echo "   players back $(secs "${back_ms:-$end_ms}") s after, game over $(secs "$end_ms") s after"
}

# Checks that VICTIM is still down and that another process restored ROOM.
restored_elsewhere() {
  [ "$(pod inspect --format '{{.State.Status}}' "$(ctr_of "$VICTIM")")" != running ] || fail "$VICTIM runs again: the game did not need another process"
  local found="" s
  for s in "${SERVICES[@]}"; do
    [ "$s" = "$VICTIM" ] && continue
    pod logs "$(ctr_of "$s")" >"$TMP/$s.log" 2>&1
    grep -q "\"roomId\":\"$ROOM\".*\"event\":\"room.restored\"" "$TMP/$s.log" && found=$s
  done
  [ -n "$found" ] || fail "no other process restored room $ROOM"
  echo "   room $ROOM restored by $found while $VICTIM was down"
}

step "stop the process of a game mid-game (SIGTERM, as an upgrade does)"
start_game cstop
T_LOST=$(now_ms)
pod stop -t 10 "$(ctr_of "$VICTIM")" >/dev/null 2>"$TMP/cstop-ctr.err" || { cat "$TMP/cstop-ctr.err"; fail "podman stop $VICTIM"; }
echo "   room $ROOM lived in $VICTIM: stopped in $(secs $(( $(now_ms) - T_LOST ))) s"
game_ends cstop
restored_elsewhere
pod start "$(ctr_of "$VICTIM")" >/dev/null 2>&1 || fail "podman start $VICTIM"
for _ in $(seq 120); do proxy_get "/f${VICTIM#fireside-}/healthz" >/dev/null 2>&1 && break; sleep 0.5; done
proxy_get "/f${VICTIM#fireside-}/healthz" >/dev/null 2>&1 || fail "$VICTIM did not come back"
done_step "graceful stop mid-game"

mode=${FIRESIDE_CI_FAILOVER:-auto}
[ "$mode" = auto ] && { [ -f server/src/cluster/failover.ts ] && mode=strict || mode=tolerant; }
step "kill the process of a game mid-game (failover: $mode)"
start_game ckill
T_LOST=$(now_ms)
pod kill "$(ctr_of "$VICTIM")" >/dev/null || fail "podman kill $VICTIM"
echo "   room $ROOM lived in $VICTIM: SIGKILL"
if [ "$mode" = strict ]; then
  game_ends ckill
  restored_elsewhere
else
  game_ends ckill restart
fi
done_step "kill mid-game ($mode)"

# ---------------------------------------------------------------- C6. down -v
step "podman-compose down -v ($CFILE)"
ccompose down -v -t 5 >"$TMP/cdown.log" 2>&1 || { tail "$TMP/cdown.log"; fail "podman-compose down -v"; }
[ -z "$(cluster_ids)" ] || fail "containers left after down"
! pod volume exists "${CPROJECT}_fireside-pg" 2>/dev/null || fail "the PostgreSQL volume is left after down -v"
# podman-compose 1.0.3 leaves the network, and the anonymous volumes of the image's VOLUME /data.
! pod network exists "${CPROJECT}_default" 2>/dev/null || pod network rm -f "${CPROJECT}_default" >/dev/null 2>&1 || true
for v in $CLUSTER_ANON_VOLUMES; do pod volume rm -f "$v" >/dev/null 2>&1 || true; done
done_step "cluster down -v"
