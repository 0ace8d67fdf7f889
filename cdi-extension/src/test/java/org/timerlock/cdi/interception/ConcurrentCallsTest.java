package org.timerlock.cdi.interception;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.jboss.weld.environment.se.WeldContainer;
import org.junit.jupiter.api.Test;
import org.timerlock.cdi.support.SharedStore;
import org.timerlock.cdi.support.TimerLockTest;

/** Many threads calling one locked method through the interceptor: never two at once. */
@TimerLockTest(beans = {CounterJob.class, SharedStore.class})
class ConcurrentCallsTest {

  @Test
  void callsNeverOverlapAndSkippedCallsReturnNull(WeldContainer container) throws Exception {
    int threads = 8;
    int callsPerThread = 50;
    ExecutorService pool = Executors.newFixedThreadPool(threads);
    try {
      CounterJob job = container.select(CounterJob.class).get();
      AtomicInteger executed = new AtomicInteger();
      AtomicInteger skipped = new AtomicInteger();
      CountDownLatch start = new CountDownLatch(1);
      List<Future<?>> futures = new ArrayList<>();
      for (int t = 0; t < threads; t++) {
        futures.add(
            pool.submit(
                () -> {
                  start.await();
                  for (int i = 0; i < callsPerThread; i++) {
                    (job.increment() == null ? skipped : executed).incrementAndGet();
                  }
                  return null;
                }));
      }
      start.countDown();
      for (Future<?> future : futures) {
        future.get(2, TimeUnit.MINUTES);
      }

      assertThat(job.maxInside()).as("calls inside the method at once").isEqualTo(1);
      assertThat(job.counter()).as("no lost update").isEqualTo(executed.get());
      assertThat(skipped.get()).as("contention happened").isPositive();
      assertThat(executed.get() + skipped.get()).isEqualTo(threads * callsPerThread);
    } finally {
      pool.shutdownNow();
    }
  }
}
