#!/usr/bin/env bash
# Builds the interceptor benchmarks and runs them in one JMH run: the same empty job called plainly,
# through an interceptor that only proceeds, through TimerLock's @SchedulerLock and through
# shedlock-cdi's, each with an in-memory store; then prints throughput ratios with their errors and,
# from JMH's GC profiler (-prof gc), the bytes each call allocates.
#
# The defaults suit a small, shared, noisy machine (about 7 minutes on 2 cores): each call gets 4
# fresh JVMs, each warmed up for 5 x 2 s and measured for 5 x 2 s. Override with environment
# variables, e.g. FORKS=6 ITERATIONS=10 ./run.sh, and pass extra JMH options after the script's name,
# e.g. ./run.sh -prof stack. The load average is printed before and after: other processes on the
# machine widen the errors.
set -euo pipefail

cd "$(dirname "$0")"
FORKS="${FORKS:-4}"
WARMUP_ITERATIONS="${WARMUP_ITERATIONS:-5}"
WARMUP_TIME="${WARMUP_TIME:-2s}"
ITERATIONS="${ITERATIONS:-5}"
ITERATION_TIME="${ITERATION_TIME:-2s}"

# Through the reactor, so the class path holds this checkout's TimerLock modules, not installed ones.
../../mvnw -B -q -f ../../pom.xml package -pl benchmarks/interceptor -am -DskipTests

mkdir -p target
echo "load before: $(uptime)" | tee target/jmh-output.txt
java -cp "target/classes:$(cat target/classpath.txt)" org.openjdk.jmh.Main InterceptorBenchmarks \
  -f "$FORKS" -wi "$WARMUP_ITERATIONS" -w "$WARMUP_TIME" -i "$ITERATIONS" -r "$ITERATION_TIME" \
  -prof gc -rf json -rff target/jmh-result.json "$@" | tee -a target/jmh-output.txt
echo "load after: $(uptime)" | tee -a target/jmh-output.txt

echo
python3 ../stores/ratios.py target/jmh-result.json | tee target/ratios.md
