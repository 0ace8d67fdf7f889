package org.timerlock.testkit;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.timerlock.core.DefaultLockingTaskExecutor;
import org.timerlock.core.LockConfiguration;
import org.timerlock.core.LockProvider;
import org.timerlock.core.TaskResult;

/**
 * A run that starts late for its fire, through {@link DefaultLockingTaskExecutor} as the CDI
 * interceptor uses it: on a store that guards fires, its lockAtLeastFor counts from the fire, so
 * the next fire is not lost to it on any node; on a store without the guard, lockAtLeastFor counts
 * from the acquisition and keeps a late node out.
 */
public interface LateStartContract extends ProviderFixture {

  /** Long enough for the slowest store, shorter than the fires' distance below. */
  Duration AT_LEAST_FOR = Duration.ofSeconds(20);

  /** A run 30 s late for its fire is followed at once by the next fire on another node. */
  @Test
  default void aLateRunDoesNotKeepTheNextFireFromAnyNode() throws Exception {
    LockConfiguration job =
        lockFor("late-start", Duration.ofMinutes(5))
            .withDurations(Duration.ofMinutes(5), AT_LEAST_FOR);
    Instant fire = Instant.now().minusSeconds(30);
    Instant next = fire.plusSeconds(25);

    TaskResult<String> late =
        new DefaultLockingTaskExecutor(provider()).executeWithLock(() -> "late", job.forFire(fire));
    TaskResult<String> following =
        new DefaultLockingTaskExecutor(otherNode())
            .executeWithLock(() -> "next", job.forFire(next));

    assertThat(late.outcome()).isEqualTo(TaskResult.Outcome.EXECUTED);
    if (expectedFeatures().contains(LockProvider.Feature.FIRE_GUARD)) {
      assertThat(following.outcome())
          .as("the next fire, right after a run that started after its fire plus lockAtLeastFor")
          .isEqualTo(TaskResult.Outcome.EXECUTED);
    } else {
      assertThat(following.outcome())
          .as("without a fire guard the lease counts from the acquisition")
          .isEqualTo(TaskResult.Outcome.HELD_ELSEWHERE);
    }
  }
}
