package org.timerlock.benchmarks;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * The interceptor benchmark's container boots, and its set-up's own checks pass: the pass-through
 * interceptor is enabled, the locked job runs under its lock, each job runs once per call.
 */
class InterceptorBenchmarksSmokeTest {

  @Test
  void theContainerStartsAndEachJobRunsPerCall() {
    InterceptorBenchmarks.Container container = new InterceptorBenchmarks.Container();
    container.start();
    try {
      InterceptorBenchmarks benchmarks = new InterceptorBenchmarks();
      benchmarks.plainCall(container);
      benchmarks.passThroughCall(container);
      benchmarks.lockedCall(container);

      assertThat(container.plain.runs).isEqualTo(2);
      assertThat(container.passThrough.runs).isEqualTo(2);
      assertThat(container.locked.runs).isEqualTo(2);
    } finally {
      container.stop();
    }
  }
}
