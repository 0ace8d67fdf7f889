package org.timerlock.benchmarks.cdi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/**
 * The interceptor benchmark's container boots on Weld 6 with both libraries' interceptors, and its
 * set-up's own checks pass: the pass-through interceptor is enabled, the TimerLock and shedlock-cdi
 * jobs run under their locks, each job runs once per call. Measures nothing.
 */
class InterceptorBenchmarksSmokeTest {

  @Test
  void theContainerStartsAndEachJobRunsOncePerCall() {
    InterceptorBenchmarks.Container container = new InterceptorBenchmarks.Container();
    container.start();
    try {
      InterceptorBenchmarks benchmarks = new InterceptorBenchmarks();
      benchmarks.plainCall(container);
      benchmarks.passThroughCall(container);
      benchmarks.timerLockCall(container);
      benchmarks.shedLockCall(container);

      assertThat(container.plain.runs).isEqualTo(2);
      assertThat(container.passThrough.runs).isEqualTo(2);
      assertThat(container.timerLock.runs).isEqualTo(2);
      assertThat(container.shedLock.runs).isEqualTo(2);
    } finally {
      container.stop();
    }
  }

  @Test
  void aCallThatDidNotRunTheJobFailsTheBenchmark() {
    assertThatThrownBy(
            () -> InterceptorBenchmarks.ranOnce(5, 5, InterceptorBenchmarks.ShedLockJob.class))
        .isInstanceOf(IllegalStateException.class)
        .hasMessage("ShedLockJob ran 0 times in one call, expected once");
  }
}
