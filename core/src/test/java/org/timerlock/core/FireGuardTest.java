package org.timerlock.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.OptionalLong;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/** The executor's side of the fire guard and fencing tokens, on the in-memory store. */
class FireGuardTest {

  private static final LockConfiguration JOB = LockConfiguration.of("job", Duration.ofMinutes(1));
  private static final Instant FIRE = Instant.parse("2026-11-24T02:00:00Z");

  private final InMemoryLockProvider store = new InMemoryLockProvider();
  private final RecordingListener listener = new RecordingListener();
  private final DefaultLockingTaskExecutor executor =
      new DefaultLockingTaskExecutor(store, StoreFailurePolicy.SKIP, List.of(listener));

  @Test
  void aFireThatRanIsRefusedAfterTheReleaseEvenWithoutLockAtLeastFor() throws Exception {
    TaskResult<String> first = executor.executeWithLock(() -> "ran", JOB.forFire(FIRE));
    TaskResult<String> late = executor.executeWithLock(() -> "twice", JOB.forFire(FIRE));
    TaskResult<String> older =
        executor.executeWithLock(() -> "older", JOB.forFire(FIRE.minusSeconds(60)));

    assertThat(first.outcome()).isEqualTo(TaskResult.Outcome.EXECUTED);
    assertThat(late.outcome()).isEqualTo(TaskResult.Outcome.ALREADY_RAN);
    assertThat(late.getResult()).isNull();
    assertThat(older.outcome()).isEqualTo(TaskResult.Outcome.ALREADY_RAN);
    assertThat(listener.calls)
        .containsExactly(
            "acquired job",
            "released job",
            "already ran job " + FIRE,
            "already ran job " + FIRE.minusSeconds(60));
  }

  @Test
  void theNextFireRunsAndAPlainCallKeepsTheLeaseBehaviour() throws Exception {
    executor.executeWithLock(() -> "ran", JOB.forFire(FIRE));

    assertThat(executor.executeWithLock(() -> "next", JOB.forFire(FIRE.plusSeconds(60))).outcome())
        .isEqualTo(TaskResult.Outcome.EXECUTED);
    assertThat(executor.executeWithLock(() -> "plain", JOB).outcome())
        .as("a call with no fire instant is decided by the lease alone")
        .isEqualTo(TaskResult.Outcome.EXECUTED);
    assertThat(executor.executeWithLock(() -> "again", JOB.forFire(FIRE.plusSeconds(60))).outcome())
        .as("a plain call in between does not forget the latest fire")
        .isEqualTo(TaskResult.Outcome.ALREADY_RAN);
  }

  @Test
  void aLiveLeaseStillRefusesALaterFireAsHeldElsewhere() throws Exception {
    SimpleLock holder = store.lock(JOB.forFire(FIRE)).orElseThrow();

    TaskResult<String> next =
        executor.executeWithLock(() -> "next", JOB.forFire(FIRE.plusSeconds(60)));

    assertThat(next.outcome()).isEqualTo(TaskResult.Outcome.HELD_ELSEWHERE);
    holder.unlock();
  }

  @Test
  void fireInstantsAreComparedAtMillisecondPrecision() {
    assertThat(JOB.forFire(FIRE.plusNanos(999_999)).fireInstant()).isEqualTo(FIRE);
    assertThat(store.tryLock(JOB.forFire(FIRE.plusNanos(1))).outcome())
        .isEqualTo(LockAttempt.Outcome.ACQUIRED);
    assertThat(store.tryLock(JOB.forFire(FIRE)).outcome())
        .isEqualTo(LockAttempt.Outcome.ALREADY_RAN);
  }

  @Test
  void theTaskReadsItsTokenAndFireAndTheTokenSurvivesAnExtension() throws Exception {
    AtomicReference<OptionalLong> before = new AtomicReference<>();
    AtomicReference<OptionalLong> after = new AtomicReference<>();
    AtomicReference<Instant> fire = new AtomicReference<>();

    executor.executeWithLock(
        () -> {
          before.set(CurrentLock.fencingToken());
          fire.set(CurrentLock.fireInstant().orElseThrow());
          LockExtender.extendActiveLock(Duration.ofMinutes(2), Duration.ZERO);
          after.set(CurrentLock.fencingToken());
        },
        JOB.forFire(FIRE));
    OptionalLong next = store.lock(JOB).orElseThrow().fencingToken();

    assertThat(before.get()).isPresent();
    assertThat(after.get()).isEqualTo(before.get());
    assertThat(fire.get()).isEqualTo(FIRE);
    assertThat(next.getAsLong()).isGreaterThan(before.get().getAsLong());
  }

  @Test
  void currentLockOutsideALockedTaskSaysSo() {
    assertThatThrownBy(CurrentLock::fencingToken)
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("runs no locked task");
  }

  @Test
  void keepAliveKeepsTheGuardAndTheToken() {
    ScheduledExecutorService scheduler = Executors.newSingleThreadScheduledExecutor();
    try {
      KeepAliveLockProvider keepAlive = new KeepAliveLockProvider(store, scheduler);
      LockAttempt first = keepAlive.tryLock(JOB.forFire(FIRE));
      OptionalLong token = first.lock().orElseThrow().fencingToken();
      first.lock().orElseThrow().unlock();

      assertThat(keepAlive.tryLock(JOB.forFire(FIRE)).outcome())
          .isEqualTo(LockAttempt.Outcome.ALREADY_RAN);
      assertThat(token).isPresent();
      assertThat(keepAlive.features()).isEqualTo(store.features());
    } finally {
      scheduler.shutdownNow();
    }
  }
}
