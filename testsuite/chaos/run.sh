#!/usr/bin/env bash
# Builds the chaos harness through the reactor (no install) and runs it: for each store, the same
# seed with the fire guard and fencing on, then off, side by side.
#
#   testsuite/chaos/run.sh                       # the long run: 180 s per store and mode on PostgreSQL, Redis
#                                      # (append-only file, fsync always) and Redis without persistence
#   testsuite/chaos/run.sh --seconds=600         # longer
#   testsuite/chaos/run.sh --short               # the build's short run (12 s per store and mode)
#   testsuite/chaos/run.sh --stores=redis,redis-volatile --seed=42
#
# Reports: testsuite/chaos/target/chaos-long/summary.md (and .json), one directory per run with the node logs.
# PostgreSQL: TIMERLOCK_TEST_POSTGRES_URL (+ _USER/_PASSWORD), else 127.0.0.1:5432 db test user
# postgres. Redis: a private redis-server on a free port (TIMERLOCK_TEST_REDIS_SERVER names the
# binary when it is not on the PATH). Extra Maven flags: MVN_FLAGS, e.g. MVN_FLAGS=-o for offline.
set -euo pipefail

cd "$(dirname "$0")/../.."
# shellcheck disable=SC2086
./mvnw -B -q ${MVN_FLAGS:-} compile -pl core,testsuite/stores,providers/jdbc,providers/redis,testsuite/chaos

cd testsuite/chaos
exec java -cp "target/classes:$(cat target/chaos.classpath)" org.timerlock.chaos.ChaosMain \
  --out=target/chaos-long "$@"
