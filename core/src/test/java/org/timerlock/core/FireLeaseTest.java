package org.timerlock.core;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * lockAtLeastFor of a call that names its fire counts from the fire: a run that starts late does
 * not keep the lock into the next fire's slot, on this node or on another one.
 */
class FireLeaseTest {

  private static final Duration PERIOD = Duration.ofSeconds(6);
  private static final Duration AT_LEAST_FOR = Duration.ofSeconds(5);
  private static final LockConfiguration JOB =
      new LockConfiguration("report", Duration.ofMinutes(1), AT_LEAST_FOR);

  @Test
  void aRunThatStartedLateDoesNotKeepTheLockFromTheNextFire() throws Exception {
    InMemoryLockProvider store = new InMemoryLockProvider();
    // Fires 10 s and 4 s ago: the first run started long after its fire plus lockAtLeastFor.
    Instant late = Instant.now().minusSeconds(10);
    var thisNode = new DefaultLockingTaskExecutor(store);
    var otherNode = new DefaultLockingTaskExecutor(store);
    AtomicInteger runs = new AtomicInteger();

    assertThat(thisNode.executeWithLock(runs::incrementAndGet, JOB.forFire(late)).outcome())
        .isEqualTo(TaskResult.Outcome.EXECUTED);
    assertThat(
            otherNode
                .executeWithLock(runs::incrementAndGet, JOB.forFire(late.plus(PERIOD)))
                .outcome())
        .as("the next fire, on another node, right after the late run")
        .isEqualTo(TaskResult.Outcome.EXECUTED);
    assertThat(
            thisNode
                .executeWithLock(runs::incrementAndGet, JOB.forFire(late.plus(PERIOD)))
                .outcome())
        .as("the same fire again: the store's fire guard, not the lease, refuses it")
        .isEqualTo(TaskResult.Outcome.ALREADY_RAN);
    assertThat(runs).hasValue(2);
  }

  @Test
  void aRunOnTimeKeepsTheLockForLockAtLeastForFromItsFire() throws Exception {
    InMemoryLockProvider store = new InMemoryLockProvider();
    Instant fire = Instant.now();
    var executor = new DefaultLockingTaskExecutor(store);

    executor.executeWithLock(() -> "ran", JOB.forFire(fire));

    assertThat(executor.executeWithLock(() -> "again", JOB).outcome())
        .as("a plain call right after the run: lockAtLeastFor still holds")
        .isEqualTo(TaskResult.Outcome.HELD_BY_THIS_NODE);
    assertThat(new DefaultLockingTaskExecutor(store).executeWithLock(() -> "x", JOB).outcome())
        .as("the same refusal seen from another node")
        .isEqualTo(TaskResult.Outcome.HELD_ELSEWHERE);
  }

  @Test
  void withoutAFireGuardLockAtLeastForCountsFromTheAcquisition() throws Exception {
    LockProvider unguarded = new WithoutFireGuard(new InMemoryLockProvider());
    Instant late = Instant.now().minusSeconds(10);
    var thisNode = new DefaultLockingTaskExecutor(unguarded);
    var otherNode = new DefaultLockingTaskExecutor(unguarded);

    thisNode.executeWithLock(() -> "ran", JOB.forFire(late));

    assertThat(otherNode.executeWithLock(() -> "late node", JOB.forFire(late)).outcome())
        .as("a node late for the same fire: only the lease keeps it out")
        .isEqualTo(TaskResult.Outcome.HELD_ELSEWHERE);
  }

  @Test
  void theLeaseIsWhatIsLeftOfLockAtLeastForAfterTheFire() {
    Instant fire = Instant.parse("2026-11-27T02:00:00Z");
    List<Duration> leases = new ArrayList<>();
    for (long lateSeconds : new long[] {-1, 0, 2, 5, 30}) {
      Clock clock = Clock.fixed(fire.plusSeconds(lateSeconds), ZoneOffset.UTC);
      leases.add(FireLease.of(JOB.forFire(fire), true, clock).lockAtLeastFor());
    }
    assertThat(leases)
        .containsExactly(
            AT_LEAST_FOR, AT_LEAST_FOR, Duration.ofSeconds(3), Duration.ZERO, Duration.ZERO);
    Clock late = Clock.fixed(fire.plusSeconds(2), ZoneOffset.UTC);
    assertThat(FireLease.of(JOB.forFire(fire), false, late).lockAtLeastFor())
        .as("no fire guard")
        .isEqualTo(AT_LEAST_FOR);
    assertThat(FireLease.of(JOB, true, late).lockAtLeastFor())
        .as("a plain call")
        .isEqualTo(AT_LEAST_FOR);
  }

  /** A store that leaves fires to the lease, as a ShedLock table without the fire columns. */
  private record WithoutFireGuard(LockProvider store) implements LockProvider {
    @Override
    public Optional<SimpleLock> lock(LockConfiguration configuration) {
      return store.lock(configuration.forFire(null));
    }

    @Override
    public Set<Feature> features() {
      return Set.of();
    }
  }
}
