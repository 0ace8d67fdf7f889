package org.timerlock.cdi;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * When a job is overdue: a pure function of its schedule, its grace, the latest fire the store
 * granted and the instant, so that any node serving a view judges alike.
 */
class LockedJobOverdueTest {

  private static final Instant NOON = Instant.parse("2030-01-01T12:00:00Z");
  private static final Duration GRACE = Duration.ofSeconds(30);

  /** Every minute on the minute. */
  private static final LockedJob.Slots EVERY_MINUTE =
      new LockedJob.Slots() {
        @Override
        public Optional<Instant> nextAfter(Instant after) {
          return Optional.of(Instant.ofEpochSecond((after.getEpochSecond() / 60 + 1) * 60));
        }

        @Override
        public Optional<Instant> latestAtOrBefore(Instant atOrBefore) {
          return Optional.of(Instant.ofEpochSecond(atOrBefore.getEpochSecond() / 60 * 60));
        }
      };

  private static LockedJob job(LockedJob.Slots slots, Duration grace) {
    return new LockedJob(
        "every-minute",
        null,
        JobSource.LOCKED_TASKS,
        "every PT1M",
        null,
        true,
        true,
        Duration.ofMinutes(1),
        Duration.ZERO,
        null,
        slots,
        grace);
  }

  @Test
  void theFirstSlotAfterTheLastFireIsOverdueOnceItsGraceHasPassed() {
    LockedJob job = job(EVERY_MINUTE, GRACE);
    Instant next = NOON.plusSeconds(60);

    assertThat(job.grace()).contains(GRACE);
    assertThat(job.firstOverdueSlot(NOON, next)).as("the slot itself").isEmpty();
    assertThat(job.firstOverdueSlot(NOON, next.plus(GRACE).minusMillis(1)))
        .as("within its grace")
        .isEmpty();
    assertThat(job.firstOverdueSlot(NOON, next.plus(GRACE))).as("its grace over").contains(next);
    assertThat(job.firstOverdueSlot(NOON, NOON.plus(Duration.ofHours(3))))
        .as("the oldest slot not taken, however many followed")
        .contains(next);
  }

  @Test
  void aLockGrantedItsLatestSlotIsOnTime() {
    LockedJob job = job(EVERY_MINUTE, GRACE);

    assertThat(job.firstOverdueSlot(NOON, NOON.plusSeconds(89))).isEmpty();
    assertThat(job.firstOverdueSlot(NOON.plusSeconds(60), NOON.plusSeconds(91))).isEmpty();
  }

  @Test
  void aLockNeverGrantedIsNotOverdue() {
    assertThat(job(EVERY_MINUTE, GRACE).firstOverdueSlot(null, NOON.plus(Duration.ofDays(9))))
        .isEmpty();
  }

  @Test
  void aJobWithoutScheduleOrGraceIsNeverOverdue() {
    Instant late = NOON.plus(Duration.ofDays(9));

    assertThat(job(null, GRACE).grace()).isEmpty();
    assertThat(job(null, GRACE).firstOverdueSlot(NOON, late)).isEmpty();
    assertThat(job(EVERY_MINUTE, null).grace()).isEmpty();
    assertThat(job(EVERY_MINUTE, null).firstOverdueSlot(NOON, late)).isEmpty();
  }

  @Test
  void aScheduleThatHasEndedHasNoOverdueSlot() {
    LockedJob.Slots once =
        new LockedJob.Slots() {
          @Override
          public Optional<Instant> nextAfter(Instant after) {
            return after.isBefore(NOON) ? Optional.of(NOON) : Optional.empty();
          }

          @Override
          public Optional<Instant> latestAtOrBefore(Instant atOrBefore) {
            return atOrBefore.isBefore(NOON) ? Optional.empty() : Optional.of(NOON);
          }
        };

    assertThat(job(once, GRACE).firstOverdueSlot(NOON, NOON.plus(Duration.ofDays(1)))).isEmpty();
    assertThat(job(once, GRACE).firstOverdueSlot(NOON.minusSeconds(1), NOON.plus(GRACE)))
        .contains(NOON);
  }
}
