package org.timerlock.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class LockExtenderTest {

  private final InMemoryLockProvider store = new InMemoryLockProvider();
  private final DefaultLockingTaskExecutor executor = new DefaultLockingTaskExecutor(store);

  @Test
  void extendsTheLockOfTheRunningTaskBeyondItsOriginalLockAtMostFor() throws Exception {
    // Long enough that the task's first statement, the extension, comes well before it ends even
    // on a loaded machine.
    Duration original = Duration.ofSeconds(2);
    LockConfiguration shortLock = LockConfiguration.of("extend-me", original);
    long start = System.nanoTime();

    boolean lockedAfterOriginalExpiry =
        executor
            .executeWithLock(
                () -> {
                  LockExtender.extendActiveLock(Duration.ofMinutes(1), Duration.ZERO);
                  // Until the original lockAtMostFor has certainly passed.
                  long end = start + original.plusMillis(200).toNanos();
                  while (System.nanoTime() - end < 0) {
                    Thread.sleep(Math.max(1, (end - System.nanoTime()) / 1_000_000));
                  }
                  return store.isLocked("extend-me");
                },
                shortLock)
            .getResult();

    assertThat(lockedAfterOriginalExpiry).isTrue();
    assertThat(store.isLocked("extend-me")).as("the extended lock is released").isFalse();
  }

  @Test
  void extensionCanSetANewLockAtLeastFor() throws Exception {
    executor.executeWithLock(
        () -> LockExtender.extendActiveLock(Duration.ofMinutes(2), Duration.ofMinutes(1)),
        LockConfiguration.of("linger", Duration.ofMinutes(1)));

    assertThat(store.isLocked("linger")).isTrue();
  }

  @Test
  void failsOutsideALockedTask() {
    assertThatIllegalStateException()
        .isThrownBy(() -> LockExtender.extendActiveLock(Duration.ofMinutes(1), Duration.ZERO))
        .withMessageContaining("No active lock to extend");
  }

  @Test
  void rejectsInvalidDurations() {
    assertThatThrownBy(
            () ->
                executor.executeWithLock(
                    () ->
                        LockExtender.extendActiveLock(Duration.ofSeconds(1), Duration.ofSeconds(2)),
                    LockConfiguration.of("bad-extension", Duration.ofMinutes(1))))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("lock 'bad-extension' must not be longer than lockAtMostFor");
  }

  @Test
  void failsWhenTheLockAlreadyExpired() {
    assertThatIllegalStateException()
        .isThrownBy(
            () ->
                executor.executeWithLock(
                    () -> {
                      Thread.sleep(300);
                      LockExtender.extendActiveLock(Duration.ofMinutes(1), Duration.ZERO);
                      return null;
                    },
                    LockConfiguration.of("expired", Duration.ofMillis(100))))
        .withMessageContaining("'expired' could not be extended");
  }

  @Test
  void saysSoWhenTheProviderCannotExtend() {
    LockProvider noExtension = c -> Optional.of(() -> {});
    DefaultLockingTaskExecutor plain = new DefaultLockingTaskExecutor(noExtension);

    assertThatThrownBy(
            () ->
                plain.executeWithLock(
                    () -> LockExtender.extendActiveLock(Duration.ofMinutes(1), Duration.ZERO),
                    LockConfiguration.of("plain", Duration.ofMinutes(1))))
        .isInstanceOf(UnsupportedOperationException.class)
        .hasMessageContaining("cannot extend locks");
  }

  @Test
  void rejectsInvalidDurationsBeforeTouchingTheStore() {
    assertThatIllegalArgumentException()
        .isThrownBy(
            () ->
                executor.executeWithLock(
                    () -> LockExtender.extendActiveLock(Duration.ZERO, Duration.ZERO),
                    LockConfiguration.of("zero", Duration.ofMinutes(1))))
        .withMessageContaining("must be positive");
  }
}
