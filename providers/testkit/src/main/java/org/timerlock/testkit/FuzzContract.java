package org.timerlock.testkit;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicIntegerArray;
import org.junit.jupiter.api.Test;
import org.timerlock.core.LockConfiguration;
import org.timerlock.core.LockProvider;
import org.timerlock.core.SimpleLock;

/**
 * Random mixes of lock, extend and release with random lockAtLeastFor on a few names, from threads
 * on both nodes. The seed is in the failure message, so a failing run can be replayed with {@link
 * #fuzzSeed()}.
 */
public interface FuzzContract extends ProviderFixture {

  /** Names shared by the fuzzing threads: few, so that they collide often. */
  int NAMES = 3;

  /**
   * The seed of the random operations.
   *
   * @return a new seed per run by default
   */
  default long fuzzSeed() {
    return System.nanoTime();
  }

  /**
   * Operations per thread.
   *
   * @return 60 by default
   */
  default int fuzzOperationsPerThread() {
    return 60;
  }

  /** No two holders of a name at once, whatever the mix; nothing stays locked afterwards. */
  @Test
  default void randomOperationsKeepMutualExclusion() throws Exception {
    long seed = fuzzSeed();
    String[] names = new String[NAMES];
    for (int i = 0; i < NAMES; i++) {
      names[i] = uniqueName("fuzz" + i);
    }
    AtomicIntegerArray holders = new AtomicIntegerArray(NAMES);
    AtomicInteger overlaps = new AtomicInteger();
    AtomicInteger acquisitions = new AtomicInteger();
    int threads = 6;
    ExecutorService pool = Executors.newFixedThreadPool(threads);
    try {
      List<Future<?>> futures = new ArrayList<>();
      for (int t = 0; t < threads; t++) {
        LockProvider node = t % 2 == 0 ? provider() : otherNode();
        Random random = new Random(seed + t);
        futures.add(
            pool.submit(
                () -> {
                  for (int op = 0; op < fuzzOperationsPerThread(); op++) {
                    int n = random.nextInt(NAMES);
                    Duration atLeast =
                        Duration.ofMillis(random.nextInt(3) == 0 ? random.nextInt(30) : 0);
                    LockConfiguration config =
                        new LockConfiguration(names[n], Duration.ofMinutes(5), atLeast);
                    Optional<SimpleLock> lock = node.lock(config);
                    if (lock.isEmpty()) {
                      continue;
                    }
                    acquisitions.incrementAndGet();
                    if (holders.incrementAndGet(n) > 1) {
                      overlaps.incrementAndGet();
                    }
                    SimpleLock held = lock.get();
                    if (supportsExtension() && random.nextBoolean()) {
                      held =
                          held.extend(Duration.ofMinutes(5), atLeast)
                              .orElseThrow(
                                  () ->
                                      new AssertionError(
                                          "extend of a live lock failed, seed " + seed));
                    }
                    Polling.sleep(Duration.ofMillis(random.nextInt(3)));
                    holders.decrementAndGet(n);
                    held.unlock();
                  }
                }));
      }
      for (Future<?> future : futures) {
        future.get(5, TimeUnit.MINUTES);
      }
    } finally {
      pool.shutdownNow();
    }
    assertThat(overlaps.get()).as("overlapping holders, seed %d", seed).isZero();
    assertThat(acquisitions.get()).as("acquisitions, seed %d", seed).isPositive();
    for (String name : names) {
      Optional<SimpleLock> free =
          Polling.lockWithin(
              provider(),
              LockConfiguration.of(name, Duration.ofMinutes(1)),
              Duration.ofSeconds(30));
      assertThat(free).as("'%s' free after the fuzz, seed %d", name, seed).isPresent();
      free.get().unlock();
    }
  }
}
