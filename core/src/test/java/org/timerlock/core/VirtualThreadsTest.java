package org.timerlock.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Locked tasks on virtual threads, as a Jakarta Concurrency 3.1 executor with {@code virtual =
 * true} runs them. The held locks of a thread ({@link ActiveLocks}, behind {@link LockAssert} and
 * {@link LockExtender}) are thread-local: a virtual thread that parks inside its task and resumes
 * on another carrier thread must still see its own locks, and never another task's. Runs on Java 21
 * and later (the build runs core's suite on Java 25 too); compiled for Java 17, so the virtual
 * executor is reached by reflection.
 */
class VirtualThreadsTest {

  private static final int LOCKS = 8;
  private static final int TASKS = 400;

  private final InMemoryLockProvider store = new InMemoryLockProvider();
  private final DefaultLockingTaskExecutor executor = new DefaultLockingTaskExecutor(store);
  private ExecutorService virtualThreads;

  @BeforeEach
  void startVirtualThreads() throws ReflectiveOperationException {
    assumeTrue(Runtime.version().feature() >= 21, "virtual threads need Java 21 or later");
    virtualThreads =
        (ExecutorService) Executors.class.getMethod("newVirtualThreadPerTaskExecutor").invoke(null);
  }

  @AfterEach
  void stop() throws InterruptedException {
    if (virtualThreads != null) {
      virtualThreads.shutdownNow();
      assertThat(virtualThreads.awaitTermination(1, TimeUnit.MINUTES)).isTrue();
    }
  }

  @Test
  void eachVirtualThreadSeesOnlyItsOwnLocksAcrossParking() throws Exception {
    ConcurrentHashMap<String, AtomicInteger> inside = new ConcurrentHashMap<>();
    AtomicInteger overlaps = new AtomicInteger();
    AtomicInteger ran = new AtomicInteger();
    CountDownLatch start = new CountDownLatch(1);
    List<Future<TaskResult<Boolean>>> results = new ArrayList<>();
    for (int i = 0; i < TASKS; i++) {
      LockConfiguration lock =
          LockConfiguration.of("virtual-" + (i % LOCKS), Duration.ofMinutes(1));
      results.add(
          virtualThreads.submit(
              () -> {
                start.await();
                return executor.executeWithLock(() -> runLocked(lock, inside, overlaps), lock);
              }));
    }
    start.countDown();

    for (Future<TaskResult<Boolean>> result : results) {
      TaskResult<Boolean> outcome = result.get(1, TimeUnit.MINUTES);
      if (outcome.wasExecuted()) {
        assertThat(outcome.getResult()).as("the nested call on the same thread ran").isTrue();
        ran.incrementAndGet();
      } else {
        assertThat(outcome.outcome())
            .isIn(TaskResult.Outcome.HELD_ELSEWHERE, TaskResult.Outcome.HELD_BY_THIS_NODE);
      }
    }

    assertThat(overlaps).as("two holders of one name at once").hasValue(0);
    assertThat(ran.get()).as("tasks that ran").isPositive();
    for (int i = 0; i < LOCKS; i++) {
      assertThat(store.isLocked("virtual-" + i)).as("virtual-" + i + " released").isFalse();
    }
  }

  /** Holds the lock across a park (which may move the virtual thread to another carrier). */
  private boolean runLocked(
      LockConfiguration lock,
      ConcurrentHashMap<String, AtomicInteger> inside,
      AtomicInteger overlaps)
      throws Exception {
    AtomicInteger holders = inside.computeIfAbsent(lock.name(), name -> new AtomicInteger());
    if (holders.incrementAndGet() != 1) {
      overlaps.incrementAndGet();
    }
    try {
      LockAssert.assertLocked();
      Thread.sleep(2);
      LockAssert.assertLocked();
      LockExtender.extendActiveLock(Duration.ofMinutes(2), Duration.ZERO);
      // Reentrant on its own (virtual) thread: the nested call runs instead of being skipped.
      return executor.executeWithLock(() -> true, lock).getResult();
    } finally {
      holders.decrementAndGet();
    }
  }

  @Test
  void aVirtualThreadDoesNotInheritTheLocksOfTheThreadThatStartedIt() throws Exception {
    LockConfiguration lock = LockConfiguration.of("virtual-parent", Duration.ofMinutes(1));

    TaskResult<Boolean> outer =
        executor.executeWithLock(
            () -> virtualThreads.submit(() -> executor.executeWithLock(() -> {}, lock)).get(),
            lock);

    assertThat(outer.getResult()).as("the child virtual thread ran the task").isFalse();
  }
}
