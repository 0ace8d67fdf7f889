package org.timerlock.core.schedule;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.time.ZoneOffset;
import org.junit.jupiter.api.Test;

class BoundsTest {

  private static final Instant START = Instant.parse("2024-05-10T10:00:00Z");
  private static final Instant END = Instant.parse("2024-05-10T12:00:00Z");

  private static CalendarSchedule hourly() {
    return CalendarSchedule.builder().zone(ZoneOffset.UTC).hour("*").start(START).end(END).build();
  }

  @Test
  void startAndEndAreBothInclusive() {
    CalendarSchedule schedule = hourly();

    assertThat(schedule.nextFireAfter(Instant.parse("2024-05-01T00:00:00Z"))).contains(START);
    assertThat(schedule.latestFireAtOrBefore(Instant.parse("2030-01-01T00:00:00Z"))).contains(END);
    assertThat(schedule.latestFireAtOrBefore(START)).contains(START);
    assertThat(schedule.nextFireAfter(Instant.parse("2024-05-10T11:00:00Z"))).contains(END);
  }

  @Test
  void nothingBeforeTheStartNorAfterTheEnd() {
    CalendarSchedule schedule = hourly();

    assertThat(schedule.latestFireBefore(START)).isEmpty();
    assertThat(schedule.latestFireAtOrBefore(START.minusNanos(1))).isEmpty();
    assertThat(schedule.nextFireAfter(END)).isEmpty();
    assertThat(schedule.nextFireAfter(Instant.parse("2030-01-01T00:00:00Z"))).isEmpty();
  }

  @Test
  void boundsBetweenFiresCutAtTheNearestFireInside() {
    CalendarSchedule schedule =
        CalendarSchedule.builder()
            .zone(ZoneOffset.UTC)
            .hour("*")
            .start(START.plusNanos(1))
            .end(END.minusNanos(1))
            .build();

    assertThat(schedule.nextFireAfter(Instant.EPOCH))
        .contains(Instant.parse("2024-05-10T11:00:00Z"));
    assertThat(schedule.latestFireAtOrBefore(Instant.parse("2030-01-01T00:00:00Z")))
        .contains(Instant.parse("2024-05-10T11:00:00Z"));
    assertThat(schedule)
        .hasToString(
            "second=0 minute=0 hour=* dayOfMonth=* month=* dayOfWeek=* year=* zone=Z"
                + " start=2024-05-10T10:00:00.000000001Z end=2024-05-10T11:59:59.999999999Z");
  }

  @Test
  void anEndBeforeTheStartNeverFires() {
    CalendarSchedule schedule =
        CalendarSchedule.builder().zone(ZoneOffset.UTC).start(END).end(START).build();

    assertThat(schedule.nextFireAfter(Instant.EPOCH)).isEmpty();
    assertThat(schedule.latestFireAtOrBefore(Instant.parse("2030-01-01T00:00:00Z"))).isEmpty();
  }

  @Test
  void beforeAndAtOrBeforeDifferOnlyOnAFire() {
    CalendarSchedule schedule = CalendarSchedule.builder().zone(ZoneOffset.UTC).hour("*").build();
    Instant fire = Instant.parse("2024-05-10T11:00:00Z");

    assertThat(schedule.latestFireAtOrBefore(fire)).contains(fire);
    assertThat(schedule.latestFireBefore(fire)).contains(fire.minusSeconds(3600));
    assertThat(schedule.latestFireBefore(fire.plusNanos(1))).contains(fire);
    assertThat(schedule.latestFireAtOrBefore(fire.minusNanos(1))).contains(fire.minusSeconds(3600));
    assertThat(schedule.nextFireAfter(fire.minusNanos(1))).contains(fire);
    assertThat(schedule.nextFireAfter(fire)).contains(fire.plusSeconds(3600));
  }

  @Test
  void extremeInstantsAnswerWithoutFailing() {
    CalendarSchedule schedule = CalendarSchedule.builder().zone(ZoneOffset.UTC).build();

    assertThat(schedule.nextFireAfter(Instant.MAX)).isEmpty();
    assertThat(schedule.latestFireBefore(Instant.MIN)).isEmpty();
    assertThat(schedule.latestFireAtOrBefore(Instant.MAX)).isPresent();
    assertThat(schedule.nextFireAfter(Instant.MIN)).isPresent();
  }
}
