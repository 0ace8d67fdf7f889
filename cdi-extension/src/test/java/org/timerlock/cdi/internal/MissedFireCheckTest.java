package org.timerlock.cdi.internal;

import static org.assertj.core.api.Assertions.assertThat;

import jakarta.ejb.Schedule;
import jakarta.ejb.Schedules;
import jakarta.ejb.Timeout;
import jakarta.ejb.Timer;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.timerlock.core.LockConfiguration;
import org.timerlock.core.admin.LockInfo;

/**
 * The rules of one missed-fire check: which slots a check judges, the grace a lock gets when
 * configuration gives none, and which schedules every node knows.
 */
class MissedFireCheckTest {

  private static final Instant NOON = Instant.parse("2030-01-01T12:00:00Z");
  private static final Duration MINUTE = Duration.ofMinutes(1);

  static class Jobs {
    @Schedule(hour = "*", minute = "*", second = "0", timezone = "UTC")
    void everyMinute() {}

    @Schedules({
      @Schedule(hour = "2", minute = "30", timezone = "UTC"),
      @Schedule(hour = "14", minute = "30", timezone = "UTC")
    })
    void twiceADay() {}

    @Timeout
    void programmatic(Timer timer) {}
  }

  @Test
  void theGraceIsHalfThePeriodAtMostFiveMinutes() {
    assertThat(WatchedLock.defaultGrace(Duration.ofSeconds(10))).isEqualTo(Duration.ofSeconds(5));
    assertThat(WatchedLock.defaultGrace(Duration.ofDays(1))).isEqualTo(Duration.ofMinutes(5));
    assertThat(WatchedLock.defaultGrace(Duration.ZERO)).isEqualTo(Duration.ofMinutes(5));
  }

  @Test
  void ejbSchedulesAreKnownToEveryNodeProgrammaticTimersAreNot() throws Exception {
    FireSchedule everyMinute =
        FireSource.of(Jobs.class.getDeclaredMethod("everyMinute")).schedule().orElseThrow();
    assertThat(everyMinute.nextAfter(NOON)).isEqualTo(NOON.plus(MINUTE));
    assertThat(everyMinute.period(NOON)).isEqualTo(MINUTE);

    FireSchedule twiceADay =
        FireSource.of(Jobs.class.getDeclaredMethod("twiceADay")).schedule().orElseThrow();
    assertThat(twiceADay.nextAfter(NOON)).isEqualTo(Instant.parse("2030-01-01T14:30:00Z"));
    assertThat(twiceADay.nextAfter(Instant.parse("2030-01-01T14:30:00Z")))
        .isEqualTo(Instant.parse("2030-01-02T02:30:00Z"));

    assertThat(FireSource.of(Jobs.class.getDeclaredMethod("programmatic", Timer.class)).schedule())
        .isEmpty();
  }

  @Test
  void aCheckJudgesTheSlotsBetweenThePreviousCheckAndItselfLessTheGrace() {
    WatchedLock lock = lock(Duration.ofSeconds(30));
    // Checks at 12:01 and 12:05: the window is (12:00:30, 12:04:30]; the lock last ran at 12:02.
    MissedFireCheck check =
        new MissedFireCheck(NOON.plus(MINUTE), NOON.plus(MINUTE.multipliedBy(5)), MINUTE);

    MissedFireCheck.Findings findings =
        check.judge(
            List.of(lock),
            Map.of("minute", granted(NOON.plus(MINUTE.multipliedBy(2)))),
            NOON.plus(MINUTE.multipliedBy(5)));

    assertThat(findings.missed())
        .extracting(MissedFireCheck.Missed::slot)
        .containsExactly(NOON.plus(MINUTE.multipliedBy(3)), NOON.plus(MINUTE.multipliedBy(4)));
    assertThat(findings.overdueSeconds()).containsEntry("minute", 120.0);
    assertThat(check.checksMissedAround(NOON.plus(MINUTE.multipliedBy(3)))).isTrue();
  }

  @Test
  void aLockNeverGrantedIsNotJudged() {
    MissedFireCheck check = new MissedFireCheck(null, NOON.plus(MINUTE.multipliedBy(5)), MINUTE);

    MissedFireCheck.Findings findings =
        check.judge(
            List.of(lock(Duration.ofSeconds(30))), Map.of(), NOON.plus(MINUTE.multipliedBy(5)));

    assertThat(findings.missed()).isEmpty();
    assertThat(findings.overdueSeconds()).containsEntry("minute", 0.0);
  }

  @Test
  void aLockThatMissedVeryManySlotsIsListedUpToALimit() {
    WatchedLock everySecond =
        new WatchedLock(
            LockConfiguration.of("minute", MINUTE),
            null,
            "test",
            FireSchedule.fixedRate(Duration.ofSeconds(1)),
            Duration.ofMillis(500),
            true);
    MissedFireCheck check = new MissedFireCheck(NOON, NOON.plus(Duration.ofHours(1)), MINUTE);

    MissedFireCheck.Findings findings =
        check.judge(
            List.of(everySecond), Map.of("minute", granted(NOON)), NOON.plus(Duration.ofHours(1)));

    assertThat(findings.missed()).hasSize(MissedFireCheck.MAX_SLOTS_PER_LOCK);
    assertThat(findings.beyondLimit())
        .containsValue(NOON.plusSeconds(MissedFireCheck.MAX_SLOTS_PER_LOCK + 1));
  }

  private static WatchedLock lock(Duration grace) {
    return new WatchedLock(
        LockConfiguration.of("minute", MINUTE),
        null,
        "test",
        FireSchedule.fixedRate(MINUTE),
        grace,
        true);
  }

  private static LockInfo granted(Instant fire) {
    return new LockInfo("minute", "node-a/1", fire, fire, false).withHistory(fire, null);
  }
}
