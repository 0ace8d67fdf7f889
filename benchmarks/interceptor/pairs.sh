#!/usr/bin/env bash
# Compares the two locking interceptors in interleaved pairs: each round runs one JMH fork of
# timerLockCall and one of shedLockCall right after each other (the order alternating from round to
# round), so that a change of the machine's load falls on both sides of a pair instead of on one
# call of a long run. Prints each round's throughput ratio and bytes per call, then the mean ratio
# with the 99.9 % confidence half-width of the rounds' ratios (pairs.py).
#
# Settings: ROUNDS (default 8), WARMUP_ITERATIONS (3), WARMUP_TIME (1s), ITERATIONS (5),
# ITERATION_TIME (1s); extra arguments go to JMH. SKIP_BUILD=1 reuses target/classes.
set -euo pipefail

cd "$(dirname "$0")"
ROUNDS="${ROUNDS:-8}"
WARMUP_ITERATIONS="${WARMUP_ITERATIONS:-3}"
WARMUP_TIME="${WARMUP_TIME:-1s}"
ITERATIONS="${ITERATIONS:-5}"
ITERATION_TIME="${ITERATION_TIME:-1s}"

if [ -z "${SKIP_BUILD:-}" ]; then
  # Through the reactor, so the class path holds this checkout's TimerLock modules.
  ../../mvnw -B -q -f ../../pom.xml package -pl benchmarks/interceptor -am -DskipTests
fi

out=target/pairs
rm -rf "$out"
mkdir -p "$out"
echo "load before: $(uptime)" | tee "$out/output.txt"
for round in $(seq 1 "$ROUNDS"); do
  if [ $((round % 2)) -eq 1 ]; then order="timerLockCall shedLockCall"; else order="shedLockCall timerLockCall"; fi
  for call in $order; do
    java -cp "target/classes:$(cat target/classpath.txt)" org.openjdk.jmh.Main \
      "InterceptorBenchmarks.$call\$" -f 1 -wi "$WARMUP_ITERATIONS" -w "$WARMUP_TIME" \
      -i "$ITERATIONS" -r "$ITERATION_TIME" -prof gc -rf json -rff "$out/$round-$call.json" "$@" \
      >>"$out/output.txt"
  done
  echo "round $round done, load: $(uptime)" | tee -a "$out/output.txt"
done
echo "load after: $(uptime)" | tee -a "$out/output.txt"
echo
python3 pairs.py "$out" | tee "$out/pairs.md"
