#!/usr/bin/env bash
# A cluster of WildFly servers running the example application, sharing one lock store.
#
#   wildfly-example/demo.sh                      3 nodes, locks in an embedded H2 file database
#   wildfly-example/demo.sh --postgres [URL]     locks in PostgreSQL (default jdbc:postgresql://127.0.0.1:5432/test, user postgres)
#   wildfly-example/demo.sh --redis [URI]        locks in Redis (default redis://127.0.0.1:6379)
#   options: --seconds N (how long the cluster runs, default 30), --nodes N (default 3), --no-build,
#            --boot-timeout N (how long each node may take to start and deploy, default 600 s)
#
# Needs Java 17+ and nothing else: the Maven wrapper builds the application and fetches WildFly.
# Every node runs the same WAR, unchanged; the store is chosen with system properties, which
# override the application's META-INF/microprofile-config.properties.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
MODULE="$ROOT/wildfly-example"
DEMO="$MODULE/target/demo"
SECONDS_TO_RUN=30
NODES=3
BOOT_TIMEOUT=600 # a loaded machine can take minutes to boot several WildFly nodes at once
STORE=h2
PG_URL="jdbc:postgresql://127.0.0.1:5432/test"
PG_USER="${PGUSER:-postgres}"
PG_PASSWORD="${PGPASSWORD:-}"
REDIS_URI="redis://127.0.0.1:6379"
BUILD=true
PORT_OFFSET_BASE=2000 # node N listens on 8080 + 2000 + (N-1)*100, management on 9990 + the same
CONSOLE_PASSWORD="demo-$(od -An -N6 -tx1 /dev/urandom | tr -d ' \n')" # the console users', new each run

usage() { sed -n '2,11p' "$0" | sed 's/^# \{0,1\}//'; exit "${1:-0}"; }

while [[ $# -gt 0 ]]; do
  case "$1" in
    --postgres) STORE=postgres; if [[ $# -gt 1 && "$2" == jdbc:* ]]; then PG_URL="$2"; shift; fi ;;
    --redis) STORE=redis; if [[ $# -gt 1 && "$2" == redis* ]]; then REDIS_URI="$2"; shift; fi ;;
    --seconds) SECONDS_TO_RUN="$2"; shift ;;
    --nodes) NODES="$2"; shift ;;
    --boot-timeout) BOOT_TIMEOUT="$2"; shift ;;
    --no-build) BUILD=false ;;
    -h|--help) usage 0 ;;
    *) echo "unknown option: $1" >&2; usage 2 ;;
  esac
  shift
done

say() { printf '\n== %s\n' "$*"; }

cd "$ROOT"
if $BUILD; then
  say "Building TimerLock and the example WAR (first run downloads WildFly, ~260 MB)"
  ./mvnw -B -q package -DskipTests -Dmaven.javadoc.skip=true -pl wildfly-example -am
  ./mvnw -B -q -pl wildfly-example -Dskip.wildfly=false \
    dependency:unpack@unpack-wildfly dependency:copy@test-deployment-libs
fi
JBOSS_HOME="$(ls -d "$MODULE"/target/wildfly-*/ 2>/dev/null | head -1)"
WAR="$MODULE/target/timerlock-wildfly-example.war"
[[ -n "$JBOSS_HOME" && -f "$WAR" ]] || { echo "WildFly or the WAR is missing: run without --no-build" >&2; exit 1; }
JBOSS_HOME="${JBOSS_HOME%/}"

rm -rf "$DEMO"
mkdir -p "$DEMO/store"

# --- the shared store -------------------------------------------------------------------------
DS_JNDI="java:jboss/datasources/TimerLockDemoDS"
DATASOURCE=""
PROPS=()
case "$STORE" in
  h2)
    # H2 ships with WildFly. AUTO_SERVER lets every node open the same file: the first one serves it.
    DATASOURCE="<datasource jndi-name=\"$DS_JNDI\" pool-name=\"TimerLockDemoDS\">
      <connection-url>jdbc:h2:file:$DEMO/store/locks;AUTO_SERVER=TRUE</connection-url>
      <driver>h2</driver>
      <security user-name=\"sa\" password=\"sa\"/>
    </datasource>"
    PROPS+=("-Dtimerlock.jdbc.datasource=$DS_JNDI")
    STORE_TEXT="H2 file database $DEMO/store/locks.mv.db (AUTO_SERVER)"
    ;;
  postgres)
    # The driver as a module of the demo's own (JBOSS_MODULEPATH), the datasource in each node.
    mkdir -p "$DEMO/modules/org/postgresql/main"
    cp "$MODULE/target/test-libs/postgresql.jar" "$DEMO/modules/org/postgresql/main/"
    cat > "$DEMO/modules/org/postgresql/main/module.xml" <<'XML'
<?xml version="1.0" encoding="UTF-8"?>
<module xmlns="urn:jboss:module:1.9" name="org.postgresql">
  <resources>
    <resource-root path="postgresql.jar"/>
  </resources>
  <dependencies>
    <module name="java.se"/>
    <module name="jakarta.transaction.api"/>
  </dependencies>
</module>
XML
    export JBOSS_MODULEPATH="$JBOSS_HOME/modules:$DEMO/modules"
    DATASOURCE="<datasource jndi-name=\"$DS_JNDI\" pool-name=\"TimerLockDemoDS\">
      <connection-url>$(printf '%s' "$PG_URL" | sed 's/&/\&amp;/g')</connection-url>
      <driver>postgresql</driver>
      <security user-name=\"$PG_USER\"${PG_PASSWORD:+ password=\"$PG_PASSWORD\"}/>
    </datasource>
    <drivers>
      <driver name=\"postgresql\" module=\"org.postgresql\"><driver-class>org.postgresql.Driver</driver-class></driver>"
    PROPS+=("-Dtimerlock.jdbc.datasource=$DS_JNDI" "-Dtimerlock.jdbc.table=timerlock_demo")
    STORE_TEXT="PostgreSQL $PG_URL, table timerlock_demo"
    ;;
  redis)
    PROPS+=("-Dtimerlock.provider=redis" "-Dtimerlock.redis.uri=$REDIS_URI" "-Dtimerlock.redis.environment=wildfly-demo")
    STORE_TEXT="Redis $REDIS_URI, keys job-lock:wildfly-demo:*"
    ;;
esac

# --- the nodes: one base directory each, the same WAR in each ------------------------------------
PIDS=()
stop_nodes() {
  local pid pidfile
  # SIGTERM makes WildFly shut down gracefully; standalone.sh passes it on to the server JVM.
  for pidfile in "$DEMO"/node*/server.pid; do
    [[ -f "$pidfile" ]] && kill -TERM "$(cat "$pidfile")" 2>/dev/null || true
  done
  for pid in "${PIDS[@]}"; do kill -TERM "$pid" 2>/dev/null || true; done
  for pid in "${PIDS[@]}"; do
    for _ in $(seq 1 120); do kill -0 "$pid" 2>/dev/null || break; sleep 0.5; done
    kill -0 "$pid" 2>/dev/null && { echo "node process $pid did not stop; killing it"; kill -KILL "$pid" 2>/dev/null || true; }
  done
  PIDS=()
}
trap stop_nodes EXIT INT TERM

say "Starting $NODES WildFly nodes on $STORE_TEXT"
for n in $(seq 1 "$NODES"); do
  base="$DEMO/node$n"
  mkdir -p "$base/deployments"
  cp -r "$JBOSS_HOME/standalone/configuration" "$base/"
  if [[ -n "$DATASOURCE" ]]; then
    config="$base/configuration/standalone.xml"
    # Insert the datasource before <drivers> (for PostgreSQL the text re-opens <drivers> itself).
    DS="$DATASOURCE" REPLACE="$([[ "$STORE" == postgres ]] && echo 1 || echo 0)" awk '
      /<drivers>/ && !done { print ENVIRON["DS"]; done = 1; if (ENVIRON["REPLACE"] == "1") next }
      { print }' "$config" > "$config.new"
    mv "$config.new" "$config"
  fi
  cp "$WAR" "$base/deployments/"
  # The operator console's users, in this node's application realm (docs/servers/wildfly.md).
  for user in viewer:timerlock-viewer operator:timerlock-operator; do
    JBOSS_HOME="$JBOSS_HOME" "$JBOSS_HOME/bin/add-user.sh" -s -a -u "${user%%:*}" \
      -p "$CONSOLE_PASSWORD" -g "${user#*:}" -sc "$base/configuration"
  done
  offset=$((PORT_OFFSET_BASE + (n - 1) * 100))
  LAUNCH_JBOSS_IN_BACKGROUND=1 JBOSS_PIDFILE="$base/server.pid" \
    "$JBOSS_HOME/bin/standalone.sh" \
      -Djboss.server.base.dir="$base" -Djboss.node.name="node$n" -Djboss.tx.node.id="node$n" \
      -Djboss.socket.binding.port-offset="$offset" "${PROPS[@]}" \
      > "$base/console.log" 2>&1 &
  PIDS+=($!)
  echo "node$n: http://127.0.0.1:$((8080 + offset))/timerlock-wildfly-example/api/executions (log $base/log/server.log)"
  echo "       console http://127.0.0.1:$((8080 + offset))/timerlock-wildfly-example/timerlock/"
done

# Each node gets BOOT_TIMEOUT seconds from the start of the wait; they boot in parallel.
boot_started=$(date +%s)
for n in $(seq 1 "$NODES"); do
  marker="$DEMO/node$n/deployments/timerlock-wildfly-example.war"
  pid="${PIDS[$((n - 1))]}"
  while [[ ! -f "$marker.deployed" && ! -f "$marker.failed" ]]; do
    if ! kill -0 "$pid" 2>/dev/null; then
      echo "node$n's server exited before it deployed the example; see $DEMO/node$n/console.log" >&2
      exit 1
    fi
    if (($(date +%s) - boot_started >= BOOT_TIMEOUT)); then
      echo "node$n was still starting after $BOOT_TIMEOUT s (a busy machine boots slowly: try" \
        "--boot-timeout $((BOOT_TIMEOUT * 2))); stopping the nodes. Errors logged after this" \
        "line come from the stop, not from TimerLock. Log: $DEMO/node$n/log/server.log" >&2
      exit 1
    fi
    sleep 0.5
  done
  if [[ -f "$marker.failed" ]]; then
    echo "node$n failed to deploy the example; see $DEMO/node$n/log/server.log" >&2
    cat "$marker.failed" >&2 || true
    exit 1
  fi
  echo "node$n deployed the example after $(($(date +%s) - boot_started)) s"
done

say "All nodes are up. Letting the cluster run for $SECONDS_TO_RUN s"
echo "Operator console: http://127.0.0.1:$((8080 + PORT_OFFSET_BASE))/timerlock-wildfly-example/timerlock/"
echo "  log in as operator / $CONSOLE_PASSWORD (pause, resume, release) or viewer / $CONSOLE_PASSWORD (read only)"
from=$(date +%s)
sleep "$SECONDS_TO_RUN"
to=$(date +%s)

say "Stopping the nodes"
stop_nodes

# --- what happened: one line per fire of the EJB timer, from the nodes' logs -------------------
# Log lines look like: ... [timerlock-example] fire=12:00:04 lock=nightly-report node=node2 outcome=ran millis=301
first=$(date -d "@$((from + 2))" +%H:%M:%S 2>/dev/null || date -r "$((from + 2))" +%H:%M:%S)
last=$(date -d "@$((to - 2))" +%H:%M:%S 2>/dev/null || date -r "$((to - 2))" +%H:%M:%S)
cat "$DEMO"/node*/log/server.log* 2>/dev/null | grep -ho '\[timerlock-example\] fire=.*' \
  | sed 's/\[timerlock-example\] //' > "$DEMO/fires.txt" || true

say "nightly-report: an EJB @Schedule timer on every node, every 2 s, @SchedulerLock"
# The demo's exit status: 0 when every fire of the window ran on exactly one node.
status=0
sort "$DEMO/fires.txt" | awk -v first="$first" -v last="$last" -v lock="nightly-report" '
  { delete f; for (i = 1; i <= NF; i++) { split($i, kv, "="); f[kv[1]] = kv[2] } }
  f["lock"] == lock && f["fire"] >= first && f["fire"] <= last {
    t = f["fire"]
    if (!(t in seen)) { seen[t] = 1; order[++n] = t }
    if (f["outcome"] == "skipped" || f["outcome"] == "already-ran") skipped[t] = skipped[t] " " f["node"]
    else { ran[t] = ran[t] " " f["node"]; runs[t]++ }
  }
  END {
    if (n == 0) { print "no fires recorded"; exit 1 }
    printf "%-10s %-16s %s\n", "fire", "ran on", "skipped on"
    bad = 0
    for (i = 1; i <= n; i++) {
      t = order[i]
      r = (ran[t] == "" ? "(none)" : substr(ran[t], 2))
      printf "%-10s %-16s %s\n", t, r, substr(skipped[t], 2)
      if (runs[t] != 1) bad++
    }
    if (bad == 0) printf "\n%d fires, each ran on exactly one node.\n", n
    else printf "\n%d fires, %d of them did not run exactly once.\n", n, bad
    exit (bad > 0)
  }' || status=1

say "cache-refresh: a ManagedScheduledExecutorService task on every node (LockedTasks.wrap), every 3 s"
sort "$DEMO/fires.txt" | awk -v first="$first" -v last="$last" '
  { delete f; for (i = 1; i <= NF; i++) { split($i, kv, "="); f[kv[1]] = kv[2] } }
  f["lock"] == "cache-refresh" && f["fire"] >= first && f["fire"] <= last {
    k = f["node"] " " f["outcome"]
    if (!(k in count)) order[++n] = k
    count[k]++
  }
  END { for (i = 1; i <= n; i++) printf "  %-20s %d\n", order[i], count[order[i]] }'

say "Done. Logs: $DEMO/node*/log/server.log (console output in $DEMO/node*/console.log)"
exit "$status"
