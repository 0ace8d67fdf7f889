package org.timerlock.cdi.internal;

import static org.assertj.core.api.Assertions.assertThat;

import jakarta.ejb.ScheduleExpression;
import jakarta.ejb.Timeout;
import jakarta.ejb.Timer;
import jakarta.enterprise.concurrent.Asynchronous;
import jakarta.enterprise.concurrent.Schedule;
import java.io.Serializable;
import java.time.DayOfWeek;
import java.time.Instant;
import java.util.Date;
import org.junit.jupiter.api.Test;

/**
 * How a call names its fire: from the EJB timer a container passes (a stand-in here, as no
 * container runs these tests; the servers' own timers are tried in the example applications), or
 * from a method's {@code runAt} schedule.
 */
class FireSourceTest {

  private static final Instant FIRE = Instant.parse("2030-01-07T02:30:00Z"); // a Monday

  static class Jobs {
    @jakarta.ejb.Schedule(hour = "2", minute = "30", persistent = false)
    void nightly() {}

    @Timeout
    void programmatic(Timer timer) {}

    @Asynchronous(runAt = @Schedule(cron = "0 */5 * * * *", zone = "UTC"))
    void everyFiveMinutes() {}

    @Asynchronous(
        runAt = {
          @Schedule(daysOfWeek = DayOfWeek.MONDAY, hours = 2, minutes = 30, zone = "UTC"),
          @Schedule(daysOfWeek = DayOfWeek.FRIDAY, hours = 23, minutes = 0, zone = "UTC")
        })
    void twiceAWeek() {}

    @Asynchronous
    void plainAsynchronous() {}

    void plain() {}
  }

  @Test
  void theKindComesFromTheAnnotations() throws Exception {
    assertThat(source("nightly").description()).contains("EJB calendar timers");
    assertThat(source("programmatic").description()).contains("interval timers have the lease");
    assertThat(source("everyFiveMinutes").description()).contains("runAt");
    assertThat(source("plainAsynchronous")).isSameAs(FireSource.NONE);
    assertThat(source("plain")).isSameAs(FireSource.NONE);
  }

  @Test
  void aCalendarTimerNamesTheSlotBeforeItsNextTimeout() throws Exception {
    // Open Liberty, WildFly: the next timeout follows the fire being served, even when late.
    assertThat(source("nightly").fireOf(calendarTimer(FIRE.plusSeconds(86_400)), "job"))
        .isEqualTo(FIRE);
    // The 02:30 fire of a Friday-or-Monday schedule: the previous slot is three days back.
    ScheduleExpression weekly =
        new ScheduleExpression().dayOfWeek("Mon,Fri").hour("2").minute("30").timezone("UTC");
    assertThat(
            source("programmatic")
                .fireOf(new StandInTimer(weekly, Instant.parse("2030-01-11T02:30:00Z")), "job"))
        .isEqualTo(FIRE);
  }

  @Test
  void anIntervalTimerHasNoSharedFire() throws Exception {
    assertThat(source("programmatic").fireOf(new StandInTimer(null, FIRE), "job")).isNull();
  }

  @Test
  void aRunAtCallNamesTheLatestSlotAllowingForAnEarlyStart() throws Exception {
    FireSource everyFive = source("everyFiveMinutes");
    Instant slot = Instant.parse("2030-01-07T02:35:00Z");

    assertThat(everyFive.fireOf(null, "job", slot.plusMillis(40))).isEqualTo(slot);
    assertThat(everyFive.fireOf(null, "job", slot.minusMillis(300)))
        .as("a node whose executor starts 300 ms early still names the slot")
        .isEqualTo(slot);
    assertThat(everyFive.fireOf(null, "job", slot.plusSeconds(200)))
        .as("a late node names the slot it is late for")
        .isEqualTo(slot);
  }

  @Test
  void severalRunAtSchedulesGiveTheLatestOfTheirSlots() throws Exception {
    FireSource twice = source("twiceAWeek");

    assertThat(twice.fireOf(null, "job", Instant.parse("2030-01-09T12:00:00Z"))).isEqualTo(FIRE);
    assertThat(twice.fireOf(null, "job", Instant.parse("2030-01-12T12:00:00Z")))
        .isEqualTo(Instant.parse("2030-01-11T23:00:00Z"));
  }

  private static FireSource source(String method) throws Exception {
    for (var m : Jobs.class.getDeclaredMethods()) {
      if (m.getName().equals(method)) {
        return FireSource.of(m);
      }
    }
    throw new AssertionError(method);
  }

  private static Timer calendarTimer(Instant nextTimeout) {
    return new StandInTimer(
        new ScheduleExpression().hour("2").minute("30").timezone("UTC"), nextTimeout);
  }

  /** Stands for the container's timer: its schedule and its next timeout. */
  private record StandInTimer(ScheduleExpression schedule, Instant nextTimeout) implements Timer {

    @Override
    public void cancel() {
      throw new UnsupportedOperationException();
    }

    @Override
    public long getTimeRemaining() {
      throw new UnsupportedOperationException();
    }

    @Override
    public Date getNextTimeout() {
      return Date.from(nextTimeout);
    }

    @Override
    public ScheduleExpression getSchedule() {
      return schedule;
    }

    @Override
    public boolean isPersistent() {
      return false;
    }

    @Override
    public boolean isCalendarTimer() {
      return schedule != null;
    }

    @Override
    public Serializable getInfo() {
      return null;
    }

    @Override
    public jakarta.ejb.TimerHandle getHandle() {
      throw new UnsupportedOperationException();
    }
  }
}
