#!/usr/bin/env bash
# Builds the benchmarks and runs TimerLock and ShedLock side by side on the same stores, then prints
# TimerLock/ShedLock throughput ratios computed from this one run. (The interceptor benchmarks,
# TimerLock's and shedlock-cdi's interceptors on Weld 6, are in ../interceptor.)
#
# The defaults suit a small, shared, noisy machine (about 15 minutes on 2 cores): every library and
# store gets 2 fresh JVMs, each warmed up for 3 x 2 s and measured for 5 x 2 s. Override with
# environment variables, e.g. FORKS=3 ITERATIONS=10 ./run.sh, and pass extra JMH options after the
# script's name, e.g. ./run.sh -p backend=postgres,redis.
#
# Stores: see Stores.java for the defaults and the TIMERLOCK_BENCH_* variables that override them.
set -euo pipefail

cd "$(dirname "$0")"
FORKS="${FORKS:-2}"
WARMUP_ITERATIONS="${WARMUP_ITERATIONS:-3}"
WARMUP_TIME="${WARMUP_TIME:-2s}"
ITERATIONS="${ITERATIONS:-5}"
ITERATION_TIME="${ITERATION_TIME:-2s}"
BENCHMARKS="${BENCHMARKS:-LockBenchmarks}"

# Through the reactor, so the jar holds this checkout's TimerLock modules, not installed ones.
../../mvnw -B -q -f ../../pom.xml package -pl benchmarks/stores -am -DskipTests

mkdir -p target
java -jar target/benchmarks.jar "$BENCHMARKS" \
  -f "$FORKS" -wi "$WARMUP_ITERATIONS" -w "$WARMUP_TIME" -i "$ITERATIONS" -r "$ITERATION_TIME" \
  -rf json -rff target/jmh-result.json "$@" | tee target/jmh-output.txt

echo
python3 ratios.py target/jmh-result.json | tee target/ratios.md
