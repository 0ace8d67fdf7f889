package org.timerlock.testkit;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.timerlock.core.LockConfiguration;
import org.timerlock.core.LockProvider;
import org.timerlock.core.SimpleLock;

/** Many threads on two nodes racing for one name: mutual exclusion under real contention. */
public interface ConcurrencyContract extends ProviderFixture {

  /**
   * Threads per node in the race.
   *
   * @return 4 by default
   */
  default int threadsPerNode() {
    return 4;
  }

  /**
   * Lock attempts per thread.
   *
   * @return 100 by default
   */
  default int attemptsPerThread() {
    return 100;
  }

  /**
   * A counter incremented by read, pause, write while holding the lock ends equal to the number of
   * acquisitions: no two holders ever overlapped. Skips must have happened, or there was no race.
   */
  @Test
  default void noLostUpdateUnderContention() throws Exception {
    LockConfiguration config = lockFor("race", Duration.ofMinutes(5));
    RaceState state = new RaceState();
    int threads = threadsPerNode() * 2;
    ExecutorService pool = Executors.newFixedThreadPool(threads);
    CountDownLatch start = new CountDownLatch(1);
    try {
      List<Future<?>> racers = new ArrayList<>();
      for (int t = 0; t < threads; t++) {
        LockProvider node = t % 2 == 0 ? provider() : otherNode();
        racers.add(pool.submit(() -> race(node, config, state, start)));
      }
      start.countDown();
      for (Future<?> racer : racers) {
        racer.get(5, TimeUnit.MINUTES);
      }
    } finally {
      pool.shutdownNow();
    }

    assertThat(state.maxHolders.get()).as("holders at the same instant").isEqualTo(1);
    assertThat(state.counter).as("counter = acquisitions").isEqualTo(state.acquisitions.get());
    assertThat(state.acquisitions.get()).as("acquisitions").isPositive();
    assertThat(state.skips.get()).as("refused attempts: proof of contention").isPositive();
    assertThat(state.acquisitions.get() + state.skips.get())
        .isEqualTo(threads * attemptsPerThread());
  }

  private void race(
      LockProvider node, LockConfiguration config, RaceState state, CountDownLatch start) {
    await(start);
    for (int i = 0; i < attemptsPerThread(); i++) {
      Optional<SimpleLock> lock = node.lock(config);
      if (lock.isEmpty()) {
        state.skips.incrementAndGet();
        continue;
      }
      try {
        state.acquisitions.incrementAndGet();
        int holders = state.holders.incrementAndGet();
        state.maxHolders.accumulateAndGet(holders, Math::max);
        int read = state.counter;
        Polling.sleep(Duration.ofMillis(1));
        state.counter = read + 1;
        state.holders.decrementAndGet();
      } finally {
        lock.get().unlock();
      }
    }
  }

  private static void await(CountDownLatch latch) {
    try {
      latch.await();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }

  /** What the racers share. */
  final class RaceState {
    volatile int counter;
    final AtomicInteger acquisitions = new AtomicInteger();
    final AtomicInteger skips = new AtomicInteger();
    final AtomicInteger holders = new AtomicInteger();
    final AtomicInteger maxHolders = new AtomicInteger();
  }
}
