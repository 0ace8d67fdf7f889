package org.timerlock.testkit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;
import org.timerlock.core.DefaultLockingTaskExecutor;
import org.timerlock.core.LockAssert;
import org.timerlock.core.LockConfiguration;
import org.timerlock.core.LockException;
import org.timerlock.core.LockProvider;
import org.timerlock.core.SimpleLock;
import org.timerlock.core.StoreFailurePolicy;
import org.timerlock.core.TaskResult;

/** {@link DefaultLockingTaskExecutor} on top of the provider, as the CDI interceptor uses it. */
public interface ExecutorContract extends ProviderFixture {

  /**
   * A provider configured like the real one but pointing at a store that does not answer (a closed
   * port, an unknown host), standing for the store being down.
   *
   * @return a provider whose every lock attempt throws {@link LockException}
   */
  LockProvider unreachableStore();

  /** While another node holds the name, the task is skipped at once, not queued. */
  @Test
  default void skipsWhileAnotherNodeHolds() {
    LockConfiguration config = lockFor("exec-skip", Duration.ofMinutes(5));
    SimpleLock held = otherNode().lock(config).orElseThrow();
    AtomicBoolean ran = new AtomicBoolean();
    try {
      boolean executed =
          new DefaultLockingTaskExecutor(provider()).executeWithLock(() -> ran.set(true), config);
      assertThat(executed).as("executed").isFalse();
      assertThat(ran).as("task ran").isFalse();
    } finally {
      held.unlock();
    }
  }

  /** The task runs holding the lock (LockAssert passes) and the lock is released after it. */
  @Test
  default void runsUnderTheLockAndReleases() throws Exception {
    LockConfiguration config = lockFor("exec-run", Duration.ofMinutes(5));
    TaskResult<Boolean> result =
        new DefaultLockingTaskExecutor(provider())
            .executeWithLock(
                () -> {
                  LockAssert.assertLocked();
                  return otherNode().lock(config).isEmpty();
                },
                config);
    assertThat(result.wasExecuted()).isTrue();
    assertThat(result.getResult()).as("other node refused while the task ran").isTrue();
    Optional<SimpleLock> after = otherNode().lock(config);
    assertThat(after).as("released after the task").isPresent();
    after.get().unlock();
  }

  /** A nested call for the same name on the same thread runs without taking the lock again. */
  @Test
  default void reentrantOnTheSameThread() throws Exception {
    LockConfiguration config = lockFor("exec-reentrant", Duration.ofMinutes(5));
    DefaultLockingTaskExecutor executor = new DefaultLockingTaskExecutor(provider());
    TaskResult<TaskResult<String>> outer =
        executor.executeWithLock(() -> executor.executeWithLock(() -> "inner", config), config);
    assertThat(outer.wasExecuted()).isTrue();
    assertThat(outer.getResult().wasExecuted()).as("inner call ran").isTrue();
    assertThat(outer.getResult().getResult()).isEqualTo("inner");
    Optional<SimpleLock> after = otherNode().lock(config);
    assertThat(after).as("released once, by the outer call").isPresent();
    after.get().unlock();
  }

  /** What the task throws reaches the caller, and the lock is released all the same. */
  @Test
  default void taskExceptionPropagatesAndReleases() {
    LockConfiguration config = lockFor("exec-throw", Duration.ofMinutes(5));
    DefaultLockingTaskExecutor executor = new DefaultLockingTaskExecutor(provider());
    assertThatThrownBy(
            () ->
                executor.executeWithLock(
                    () -> {
                      throw new IllegalStateException("job failed");
                    },
                    config))
        .isInstanceOf(IllegalStateException.class)
        .hasMessage("job failed");
    Optional<SimpleLock> after = otherNode().lock(config);
    assertThat(after).as("released after the failure").isPresent();
    after.get().unlock();
  }

  /** Store down, default policy: the task is skipped and the failure reported, never thrown. */
  @Test
  default void unreachableStoreSkipsAndReports() {
    LockConfiguration config = lockFor("exec-down", Duration.ofMinutes(5));
    StoreFailureRecorder listener = new StoreFailureRecorder();
    AtomicBoolean ran = new AtomicBoolean();
    boolean executed =
        new DefaultLockingTaskExecutor(
                unreachableStore(), StoreFailurePolicy.SKIP, List.of(listener))
            .executeWithLock(() -> ran.set(true), config);
    assertThat(executed).isFalse();
    assertThat(ran).isFalse();
    assertThat(listener.failures()).as("store failures reported").hasSize(1);
    assertThat(listener.failures().get(0).getMessage())
        .as("the failure says what failed")
        .isNotBlank();
  }

  /** Store down, policy FAIL: the {@link LockException} reaches the caller. */
  @Test
  default void unreachableStoreThrowsWithFailPolicy() {
    LockConfiguration config = lockFor("exec-down-fail", Duration.ofMinutes(5));
    AtomicBoolean ran = new AtomicBoolean();
    DefaultLockingTaskExecutor executor =
        new DefaultLockingTaskExecutor(unreachableStore(), StoreFailurePolicy.FAIL, List.of());
    assertThatThrownBy(() -> executor.executeWithLock(() -> ran.set(true), config))
        .isInstanceOf(LockException.class);
    assertThat(ran).isFalse();
  }
}
