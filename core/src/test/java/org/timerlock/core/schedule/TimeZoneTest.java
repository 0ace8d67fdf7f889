package org.timerlock.core.schedule;

import static org.assertj.core.api.Assertions.assertThat;
import static org.timerlock.core.schedule.Fires.after;
import static org.timerlock.core.schedule.Fires.at;

import java.time.Instant;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

/**
 * Daylight saving: a local time in a gap fires as much later as the gap, one in an overlap fires
 * once at the earlier offset (Europe/Berlin 2024: 03-31 02:00 CET to 03:00 CEST, 10-27 03:00 CEST
 * back to 02:00 CET; America/New_York 2024: 03-10 02:00 to 03:00, 11-03 02:00 back to 01:00).
 */
class TimeZoneTest {

  private static final String BERLIN = "Europe/Berlin";
  private static final String NEW_YORK = "America/New_York";

  private static CalendarSchedule.Builder in(String zone) {
    return CalendarSchedule.builder().zone(ZoneId.of(zone));
  }

  @Test
  void firesAreLocalTimesOfTheZone() {
    CalendarSchedule schedule = in(NEW_YORK).minute("15").hour("3").build();

    assertThat(schedule.nextFireAfter(at("2024-07-01T00:00", "UTC")))
        .contains(Instant.parse("2024-07-01T07:15:00Z"));
    assertThat(schedule.nextFireAfter(at("2024-12-01T00:00", "UTC")))
        .contains(Instant.parse("2024-12-01T08:15:00Z"));
  }

  @Nested
  class Gap {

    @Test
    void aSkippedLocalTimeFiresAsMuchLaterAsTheClocksJumped() {
      CalendarSchedule schedule = in(BERLIN).minute("30").hour("2").build();

      assertThat(after(schedule, at("2024-03-29T12:00", BERLIN), 3, BERLIN))
          .containsExactly(
              "2024-03-30 Sat 02:30:00+01:00",
              "2024-03-31 Sun 03:30:00+02:00",
              "2024-04-01 Mon 02:30:00+02:00");
    }

    @Test
    void theCallbackOfTheShiftedFireBelongsToThatDaysFire() {
      CalendarSchedule schedule = in(BERLIN).minute("30").hour("2").build();
      Instant callback = Instant.parse("2024-03-31T01:30:00.250Z"); // 03:30:00.25 CEST

      assertThat(schedule.latestFireAtOrBefore(callback))
          .contains(Instant.parse("2024-03-31T01:30:00Z"));
    }

    @Test
    void timesInTheGapCoincideWithTheFirstHourAfterIt() {
      CalendarSchedule schedule = in(BERLIN).minute("*/30").hour("*").build();

      assertThat(after(schedule, at("2024-03-31T01:00", BERLIN), 4, BERLIN))
          .containsExactly(
              "2024-03-31 Sun 01:30:00+01:00",
              "2024-03-31 Sun 03:00:00+02:00",
              "2024-03-31 Sun 03:30:00+02:00",
              "2024-03-31 Sun 04:00:00+02:00");
    }

    @Test
    void newYorkSpringForward() {
      CalendarSchedule schedule = in(NEW_YORK).hour("2").build();

      assertThat(after(schedule, at("2024-03-09T00:00", NEW_YORK), 3, NEW_YORK))
          .containsExactly(
              "2024-03-09 Sat 02:00:00-05:00",
              "2024-03-10 Sun 03:00:00-04:00",
              "2024-03-11 Mon 02:00:00-04:00");
    }

    @Test
    void aGapAtMidnightMovesAMidnightFire() {
      // Sao Paulo skipped 2018-11-04 00:00-01:00.
      CalendarSchedule schedule = in("America/Sao_Paulo").build();

      assertThat(
              after(schedule, at("2018-11-02T12:00", "America/Sao_Paulo"), 3, "America/Sao_Paulo"))
          .containsExactly(
              "2018-11-03 Sat 00:00:00-03:00",
              "2018-11-04 Sun 01:00:00-02:00",
              "2018-11-05 Mon 00:00:00-02:00");
    }

    @Test
    void aSkippedDayFiresOnTheNextDayOnce() {
      // Samoa skipped 2011-12-30 entirely, going from -10:00 to +14:00.
      CalendarSchedule schedule = in("Pacific/Apia").hour("12").build();

      assertThat(after(schedule, at("2011-12-28T13:00", "Pacific/Apia"), 3, "Pacific/Apia"))
          .containsExactly(
              "2011-12-29 Thu 12:00:00-10:00",
              "2011-12-31 Sat 12:00:00+14:00",
              "2012-01-01 Sun 12:00:00+14:00");
    }
  }

  @Nested
  class Overlap {

    @Test
    void aRepeatedLocalTimeFiresOnceAtTheEarlierOffset() {
      CalendarSchedule schedule = in(BERLIN).minute("30").hour("2").build();

      assertThat(after(schedule, at("2024-10-25T12:00", BERLIN), 3, BERLIN))
          .containsExactly(
              "2024-10-26 Sat 02:30:00+02:00",
              "2024-10-27 Sun 02:30:00+02:00",
              "2024-10-28 Mon 02:30:00+01:00");
    }

    @Test
    void theRepeatedHourDoesNotFireASecondTime() {
      CalendarSchedule schedule = in(BERLIN).minute("*/30").hour("*").build();

      assertThat(after(schedule, at("2024-10-27T01:00", BERLIN), 5, BERLIN))
          .containsExactly(
              "2024-10-27 Sun 01:30:00+02:00",
              "2024-10-27 Sun 02:00:00+02:00",
              "2024-10-27 Sun 02:30:00+02:00",
              "2024-10-27 Sun 03:00:00+01:00",
              "2024-10-27 Sun 03:30:00+01:00");
    }

    @Test
    void aCallbackDuringTheRepeatedHourBelongsToTheLastFireOfTheFirstPass() {
      CalendarSchedule schedule = in(BERLIN).minute("*/30").hour("*").build();
      Instant secondPass = Instant.parse("2024-10-27T01:45:00Z"); // 02:45 CET

      assertThat(schedule.latestFireAtOrBefore(secondPass))
          .contains(Instant.parse("2024-10-27T00:30:00Z")); // 02:30 CEST
      assertThat(schedule.nextFireAfter(secondPass))
          .contains(Instant.parse("2024-10-27T02:00:00Z")); // 03:00 CET
    }

    @Test
    void newYorkFallBack() {
      CalendarSchedule schedule = in(NEW_YORK).minute("30").hour("1").build();

      assertThat(after(schedule, at("2024-11-02T12:00", NEW_YORK), 3, NEW_YORK))
          .containsExactly(
              "2024-11-03 Sun 01:30:00-04:00",
              "2024-11-04 Mon 01:30:00-05:00",
              "2024-11-05 Tue 01:30:00-05:00");
    }

    @Test
    void anOverlapBeforeMidnight() {
      // Sao Paulo went back from 2019-02-17 00:00 to 2019-02-16 23:00.
      CalendarSchedule schedule = in("America/Sao_Paulo").minute("30").hour("23").build();

      assertThat(
              after(schedule, at("2019-02-15T12:00", "America/Sao_Paulo"), 3, "America/Sao_Paulo"))
          .containsExactly(
              "2019-02-15 Fri 23:30:00-02:00",
              "2019-02-16 Sat 23:30:00-02:00",
              "2019-02-17 Sun 23:30:00-03:00");
    }
  }

  @Test
  void searchingBackwardsGivesTheSameFiresAcrossTransitions() {
    List<String[]> starts =
        List.of(
            new String[] {BERLIN, "2024-03-01T00:00"},
            new String[] {BERLIN, "2024-10-01T00:00"},
            new String[] {NEW_YORK, "2024-03-01T00:00"},
            new String[] {NEW_YORK, "2024-10-01T00:00"},
            new String[] {"Australia/Lord_Howe", "2024-03-15T00:00"},
            new String[] {"America/Sao_Paulo", "2018-10-15T00:00"},
            new String[] {"America/Sao_Paulo", "2019-02-01T00:00"},
            new String[] {"Pacific/Apia", "2011-12-15T00:00"});
    for (String[] start : starts) {
      String zone = start[0];
      CalendarSchedule schedule = in(zone).minute("*/20").hour("0-3, 22-23").build();

      List<Instant> forward = new ArrayList<>();
      for (Instant t = at(start[1], zone); forward.size() < 1500; ) {
        t = schedule.nextFireAfter(t).orElseThrow();
        forward.add(t);
      }
      List<Instant> backward = new ArrayList<>();
      for (Instant t = forward.get(forward.size() - 1).plusNanos(1); backward.size() < 1500; ) {
        t = schedule.latestFireBefore(t).orElseThrow();
        backward.add(t);
      }
      Collections.reverse(backward);

      assertThat(backward).as(zone + " from " + start[1]).isEqualTo(forward);
    }
  }
}
