package org.timerlock.core;

import static org.assertj.core.api.Assertions.as;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.OptionalLong;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.assertj.core.api.InstanceOfAssertFactories;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class DefaultLockingTaskExecutorTest {

  private static final LockConfiguration JOB = LockConfiguration.of("job", Duration.ofMinutes(1));

  private final InMemoryLockProvider store = new InMemoryLockProvider();
  private final FailingStore failingStore = new FailingStore(store);
  private final RecordingListener listener = new RecordingListener();
  private final ExecutorService otherThread = Executors.newSingleThreadExecutor();

  private DefaultLockingTaskExecutor executor(StoreFailurePolicy policy) {
    return new DefaultLockingTaskExecutor(failingStore, policy, List.of(listener));
  }

  @AfterEach
  void stopThreads() {
    otherThread.shutdownNow();
  }

  @Test
  void runsTheTaskHoldingTheLockAndReleasesIt() throws Exception {
    TaskResult<Boolean> result =
        executor(StoreFailurePolicy.SKIP).executeWithLock(() -> store.isLocked("job"), JOB);

    assertThat(result.wasExecuted()).isTrue();
    assertThat(result.getResult()).as("locked while running").isTrue();
    assertThat(store.isLocked("job")).as("released afterwards").isFalse();
    assertThat(listener.calls).containsExactly("acquired job", "released job");
    assertThat(listener.lastRanFor).isGreaterThanOrEqualTo(Duration.ZERO);
  }

  @Test
  void skipsWithoutWaitingWhileAnotherCallerHoldsTheLock() throws Exception {
    DefaultLockingTaskExecutor executor = executor(StoreFailurePolicy.SKIP);
    CountDownLatch holding = new CountDownLatch(1);
    CountDownLatch finish = new CountDownLatch(1);
    Future<Boolean> holder =
        otherThread.submit(
            () ->
                executor.executeWithLock(
                    () -> {
                      holding.countDown();
                      await(finish);
                    },
                    JOB));
    assertThat(holding.await(10, TimeUnit.SECONDS)).isTrue();

    AtomicInteger runs = new AtomicInteger();
    boolean ran = executor.executeWithLock((Runnable) runs::incrementAndGet, JOB);
    TaskResult<String> result = executor.executeWithLock(() -> "never", JOB);

    assertThat(ran).isFalse();
    assertThat(result.wasExecuted()).isFalse();
    assertThat(result.getResult()).isNull();
    assertThat(result.toOptional()).isEmpty();
    assertThat(runs).hasValue(0);
    // The holder is still inside its task: the skipped calls returned without waiting for it.
    assertThat(holder.isDone()).isFalse();
    finish.countDown();
    assertThat(holder.get(10, TimeUnit.SECONDS)).isTrue();
    assertThat(listener.calls)
        .containsExactly("acquired job", "skipped job", "skipped job", "released job");
  }

  @Test
  void isReentrantOnTheSameThread() throws Exception {
    DefaultLockingTaskExecutor executor = executor(StoreFailurePolicy.SKIP);

    TaskResult<String> outer =
        executor.executeWithLock(
            () -> executor.executeWithLock(() -> "inner ran", JOB).getResult(), JOB);

    assertThat(outer.getResult()).isEqualTo("inner ran");
    assertThat(store.isLocked("job")).isFalse();
    assertThat(listener.calls).containsExactly("acquired job", "released job");
  }

  @Test
  void nestedLocksWithOtherNamesAreTakenAndReleasedInOrder() throws Exception {
    DefaultLockingTaskExecutor executor = executor(StoreFailurePolicy.SKIP);
    LockConfiguration inner = LockConfiguration.of("inner", Duration.ofMinutes(1));

    executor.executeWithLock(() -> executor.executeWithLock(() -> {}, inner), JOB);

    assertThat(listener.calls)
        .containsExactly("acquired job", "acquired inner", "released inner", "released job");
  }

  @Test
  void anotherThreadIsNotReentrant() throws Exception {
    DefaultLockingTaskExecutor executor = executor(StoreFailurePolicy.SKIP);

    TaskResult<Boolean> result =
        executor.executeWithLock(
            () -> otherThread.submit(() -> executor.executeWithLock(() -> {}, JOB)).get(), JOB);

    assertThat(result.getResult()).as("the other thread ran the task").isFalse();
  }

  @Test
  void taskExceptionsPropagateAndTheLockIsStillReleased() {
    DefaultLockingTaskExecutor executor = executor(StoreFailurePolicy.SKIP);

    assertThatThrownBy(
            () ->
                executor.executeWithLock(
                    () -> {
                      throw new IOException("disk full");
                    },
                    JOB))
        .isInstanceOf(IOException.class)
        .hasMessage("disk full");
    assertThatThrownBy(
            () ->
                executor.executeWithLock(
                    (Runnable)
                        () -> {
                          throw new IllegalStateException("bad row");
                        },
                    JOB))
        .isInstanceOf(IllegalStateException.class)
        .hasMessage("bad row");

    assertThat(store.isLocked("job")).isFalse();
    assertThat(listener.calls)
        .containsExactly(
            "acquired job",
            "released job after disk full",
            "acquired job",
            "released job after bad row");
  }

  @Test
  void lockAtLeastForIsHonouredAfterAFailedTask() {
    DefaultLockingTaskExecutor executor = executor(StoreFailurePolicy.SKIP);
    LockConfiguration config =
        new LockConfiguration("job", Duration.ofMinutes(1), Duration.ofMinutes(1));

    assertThatThrownBy(
            () ->
                executor.executeWithLock(
                    (Runnable)
                        () -> {
                          throw new IllegalStateException("boom");
                        },
                    config))
        .hasMessage("boom");

    assertThat(store.isLocked("job")).isTrue();
  }

  @Test
  void storeFailureOnAcquireSkipsByDefaultAndTellsTheListeners() throws Exception {
    failingStore.failAcquire = true;
    AtomicInteger runs = new AtomicInteger();

    TaskResult<Integer> result =
        executor(StoreFailurePolicy.SKIP).executeWithLock(runs::incrementAndGet, JOB);

    assertThat(result.wasExecuted()).isFalse();
    assertThat(runs).hasValue(0);
    assertThat(listener.calls).containsExactly("store failure ACQUIRE job");
    assertThat(listener.lastStoreFailure).hasMessageContaining("127.0.0.1:1");
  }

  @Test
  void storeFailureOnAcquireIsRethrownWithFailPolicy() {
    failingStore.failAcquire = true;
    AtomicInteger runs = new AtomicInteger();

    assertThatThrownBy(
            () -> executor(StoreFailurePolicy.FAIL).executeWithLock(runs::incrementAndGet, JOB))
        .isInstanceOf(LockException.class)
        .hasMessageContaining("refused the connection");
    assertThat(runs).hasValue(0);
    assertThat(listener.calls).containsExactly("store failure ACQUIRE job");
  }

  @Test
  void aClassMissingFromTheStoreClientIsAStoreFailure() throws Exception {
    failingStore.classMissing = true;
    AtomicInteger runs = new AtomicInteger();

    TaskResult<Integer> result;
    try (CapturedLog log = new CapturedLog(DefaultLockingTaskExecutor.class)) {
      result = executor(StoreFailurePolicy.SKIP).executeWithLock(runs::incrementAndGet, JOB);
      assertThat(log.lines)
          .singleElement(as(InstanceOfAssertFactories.STRING))
          .contains("Skipped the execution of lock 'job'", "org/slf4j/LoggerFactory");
    }

    assertThat(result.outcome()).isEqualTo(TaskResult.Outcome.STORE_FAILURE);
    assertThat(runs).hasValue(0);
    assertThat(listener.calls).containsExactly("store failure ACQUIRE job");
    assertThat(listener.lastStoreFailure)
        .hasMessageContaining("org/slf4j/LoggerFactory")
        .hasCauseInstanceOf(NoClassDefFoundError.class);

    assertThatThrownBy(
            () -> executor(StoreFailurePolicy.FAIL).executeWithLock(runs::incrementAndGet, JOB))
        .as("the fail policy throws the store failure, not the error")
        .isInstanceOf(LockException.class)
        .hasCauseInstanceOf(NoClassDefFoundError.class);
  }

  @Test
  void anErrorOfTheJvmItselfIsNotTakenForAStoreFailure() {
    LockProvider outOfMemory =
        configuration -> {
          throw new OutOfMemoryError("Java heap space");
        };
    DefaultLockingTaskExecutor executor =
        new DefaultLockingTaskExecutor(outOfMemory, StoreFailurePolicy.SKIP, List.of(listener));

    assertThatThrownBy(() -> executor.executeWithLock(() -> "never", JOB))
        .isInstanceOf(OutOfMemoryError.class);
    assertThat(listener.calls).isEmpty();
  }

  @Test
  void storeFailureOnReleaseIsReportedButNotThrown() throws Exception {
    failingStore.failRelease = true;

    TaskResult<String> result =
        executor(StoreFailurePolicy.FAIL).executeWithLock(() -> "done", JOB);

    assertThat(result.getResult()).isEqualTo("done");
    assertThat(listener.calls)
        .containsExactly("acquired job", "store failure RELEASE job", "released job");
    assertThat(store.isLocked("job")).as("expires on its own, after lockAtMostFor").isTrue();
  }

  @Test
  void aFailingListenerDoesNotBreakTheTask() throws Exception {
    LockListener broken =
        new LockListener() {
          @Override
          public void acquired(LockConfiguration configuration, OptionalLong fencingToken) {
            throw new IllegalStateException("listener bug");
          }
        };
    DefaultLockingTaskExecutor executor =
        new DefaultLockingTaskExecutor(store, StoreFailurePolicy.SKIP, List.of(broken, listener));

    assertThat(executor.executeWithLock(() -> "ran", JOB).getResult()).isEqualTo("ran");
    assertThat(listener.calls).containsExactly("acquired job", "released job");
  }

  @Test
  void lockAssertPassesOnlyInsideTheTask() throws Exception {
    assertThatThrownBy(LockAssert::assertLocked)
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("not running under a TimerLock lock");

    executor(StoreFailurePolicy.SKIP).executeWithLock(LockAssert::assertLocked, JOB);

    assertThatThrownBy(LockAssert::assertLocked).isInstanceOf(IllegalStateException.class);
  }

  @Test
  void lockAssertTestHelperMakesAssertsPassOutsideLocks() {
    LockAssert.TestHelper.makeAllAssertsPass(true);
    try {
      LockAssert.assertLocked();
    } finally {
      LockAssert.TestHelper.makeAllAssertsPass(false);
    }
    assertThatThrownBy(LockAssert::assertLocked).isInstanceOf(IllegalStateException.class);
  }

  private static void await(CountDownLatch latch) {
    try {
      if (!latch.await(30, TimeUnit.SECONDS)) {
        throw new IllegalStateException("test latch timed out");
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }
}
