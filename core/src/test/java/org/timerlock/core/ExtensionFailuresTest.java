package org.timerlock.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;

/**
 * A failed extension reaches the listeners as a store failure of EXTEND, and an expired lock is
 * then lost for the task to see: alerting on a lost lock works.
 */
class ExtensionFailuresTest {

  private final InMemoryLockProvider store = new InMemoryLockProvider();
  private final RecordingListener listener = new RecordingListener();

  /** An executor over a store whose locks cannot be extended: extend throws this. */
  private DefaultLockingTaskExecutor executorWhoseExtendThrows(Throwable failure) {
    LockProvider storeThatCannotExtend =
        configuration ->
            store
                .lock(configuration)
                .map(
                    lock ->
                        new SimpleLock() {
                          @Override
                          public void unlock() {
                            lock.unlock();
                          }

                          @Override
                          public Optional<SimpleLock> extend(
                              Duration atMostFor, Duration atLeastFor) {
                            if (failure instanceof Error error) {
                              throw error;
                            }
                            throw (RuntimeException) failure;
                          }
                        });
    return new DefaultLockingTaskExecutor(
        storeThatCannotExtend, StoreFailurePolicy.SKIP, List.of(listener));
  }

  private static Object extendInsideTheTask(DefaultLockingTaskExecutor executor) throws Exception {
    return executor.executeWithLock(
        () -> {
          LockExtender.extendActiveLock(Duration.ofMinutes(2), Duration.ZERO);
          return null;
        },
        LockConfiguration.of("job", Duration.ofMinutes(1)));
  }

  @Test
  void aClassTheStoreClientCannotLoadWhileExtendingIsAStoreFailure() {
    DefaultLockingTaskExecutor executor =
        executorWhoseExtendThrows(new NoClassDefFoundError("org/slf4j/LoggerFactory"));

    assertThatThrownBy(() -> extendInsideTheTask(executor))
        .isInstanceOf(LockException.class)
        .hasMessageContaining("org/slf4j/LoggerFactory")
        .hasCauseInstanceOf(NoClassDefFoundError.class);
    assertThat(listener.calls).contains("store failure EXTEND job");
  }

  @Test
  void aStoreFailureWhileExtendingIsReportedAndThrownIntoTheTask() {
    DefaultLockingTaskExecutor executor =
        executorWhoseExtendThrows(new LockException("store at 127.0.0.1:1 went away"));

    assertThatThrownBy(() -> extendInsideTheTask(executor))
        .isInstanceOf(LockException.class)
        .hasMessageContaining("went away");
    assertThat(listener.calls)
        .containsExactly(
            "acquired job",
            "store failure EXTEND job",
            "released job after store at 127.0.0.1:1 went away");
    assertThat(listener.lastStoreFailure).hasMessageContaining("went away");
  }

  @Test
  void anExpiredLockIsLostWhenTheTaskTriesToExtendIt() throws Exception {
    DefaultLockingTaskExecutor executor =
        new DefaultLockingTaskExecutor(store, StoreFailurePolicy.SKIP, List.of(listener));
    AtomicBoolean lostAfter = new AtomicBoolean();

    executor.executeWithLock(
        () -> {
          long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
          while (store.isLocked("short") && System.nanoTime() < deadline) {
            Thread.sleep(10);
          }
          assertThat(CurrentLock.isLost()).as("not known to be lost before trying").isFalse();
          assertThatIllegalStateException()
              .isThrownBy(() -> LockExtender.extendActiveLock(Duration.ofMinutes(1), Duration.ZERO))
              .withMessageContaining("expired");
          lostAfter.set(CurrentLock.isLost());
          assertThatIllegalStateException()
              .isThrownBy(LockAssert::assertLocked)
              .withMessageContaining("expired before it could be extended");
          return null;
        },
        LockConfiguration.of("short", Duration.ofMillis(100)));

    assertThat(lostAfter).isTrue();
    assertThat(listener.calls).contains("store failure EXTEND short");
    assertThat(listener.lastStoreFailure).hasMessageContaining("Lock 'short' was lost");
  }
}
