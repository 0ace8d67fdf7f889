package org.timerlock.core.schedule;

import static org.assertj.core.api.Assertions.assertThat;
import static org.timerlock.core.schedule.Fires.after;
import static org.timerlock.core.schedule.Fires.at;

import java.time.ZoneOffset;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

class CalendarAttributesTest {

  private static final String UTC = "UTC";

  private static CalendarSchedule.Builder utc() {
    return CalendarSchedule.builder().zone(ZoneOffset.UTC);
  }

  @Nested
  class Defaults {

    @Test
    void defaultsAreThoseOfScheduleExpressionMidnightEveryDay() {
      CalendarSchedule schedule = utc().build();

      assertThat(after(schedule, at("2024-05-10T13:00", UTC), 3, UTC))
          .containsExactly(
              "2024-05-11 Sat 00:00:00Z", "2024-05-12 Sun 00:00:00Z", "2024-05-13 Mon 00:00:00Z");
      assertThat(schedule)
          .hasToString("second=0 minute=0 hour=0 dayOfMonth=* month=* dayOfWeek=* year=* zone=Z");
    }

    @Test
    void everyMondayAtMidnightIsTheSpecsFirstExample() {
      CalendarSchedule schedule = utc().dayOfWeek("Mon").build();

      assertThat(after(schedule, at("2024-05-01T00:00", UTC), 2, UTC))
          .containsExactly("2024-05-06 Mon 00:00:00Z", "2024-05-13 Mon 00:00:00Z");
    }
  }

  @Nested
  class TimeAttributes {

    @Test
    void singleValues() {
      CalendarSchedule schedule = utc().second("30").minute("15").hour("3").build();

      assertThat(after(schedule, at("2024-05-10T03:15:30", UTC), 2, UTC))
          .containsExactly("2024-05-11 Sat 03:15:30Z", "2024-05-12 Sun 03:15:30Z");
    }

    @Test
    void wildcardsFireEverySecond() {
      CalendarSchedule schedule = utc().second("*").minute("*").hour("*").build();

      assertThat(after(schedule, at("2024-12-31T23:59:58", UTC), 3, UTC))
          .containsExactly(
              "2024-12-31 Tue 23:59:59Z", "2025-01-01 Wed 00:00:00Z", "2025-01-01 Wed 00:00:01Z");
    }

    @Test
    void listsMayHoldRangesAndDuplicatesAreIgnored() {
      CalendarSchedule schedule = utc().minute("0-2, 30,40,40").hour("*").build();

      assertThat(after(schedule, at("2024-05-10T09:00", UTC), 6, UTC))
          .containsExactly(
              "2024-05-10 Fri 09:01:00Z",
              "2024-05-10 Fri 09:02:00Z",
              "2024-05-10 Fri 09:30:00Z",
              "2024-05-10 Fri 09:40:00Z",
              "2024-05-10 Fri 10:00:00Z",
              "2024-05-10 Fri 10:01:00Z");
    }

    @Test
    void rangeWithEqualEndsIsTheSingleValue() {
      CalendarSchedule schedule = utc().hour("5-5").build();

      assertThat(after(schedule, at("2024-05-10T00:00", UTC), 2, UTC))
          .containsExactly("2024-05-10 Fri 05:00:00Z", "2024-05-11 Sat 05:00:00Z");
    }

    @Test
    void hourRangeWrapsPastMidnight() {
      CalendarSchedule schedule = utc().hour("22-1").build();

      assertThat(after(schedule, at("2024-05-10T12:00", UTC), 5, UTC))
          .containsExactly(
              "2024-05-10 Fri 22:00:00Z",
              "2024-05-10 Fri 23:00:00Z",
              "2024-05-11 Sat 00:00:00Z",
              "2024-05-11 Sat 01:00:00Z",
              "2024-05-11 Sat 22:00:00Z");
    }

    @Test
    void starIncrementStartsAtZero() {
      CalendarSchedule schedule = utc().minute("*/14").hour("1,2").build();

      // The spec's example: equivalent to minute="0,14,28,42,56", hour="1,2".
      assertThat(after(schedule, at("2024-05-10T00:00", UTC), 11, UTC))
          .containsExactly(
              "2024-05-10 Fri 01:00:00Z",
              "2024-05-10 Fri 01:14:00Z",
              "2024-05-10 Fri 01:28:00Z",
              "2024-05-10 Fri 01:42:00Z",
              "2024-05-10 Fri 01:56:00Z",
              "2024-05-10 Fri 02:00:00Z",
              "2024-05-10 Fri 02:14:00Z",
              "2024-05-10 Fri 02:28:00Z",
              "2024-05-10 Fri 02:42:00Z",
              "2024-05-10 Fri 02:56:00Z",
              "2024-05-11 Sat 01:00:00Z");
    }

    @Test
    void incrementFromAValueDoesNotRollOver() {
      CalendarSchedule schedule = utc().second("30/10").minute("*").hour("*").build();

      assertThat(after(schedule, at("2024-05-10T00:00", UTC), 4, UTC))
          .containsExactly(
              "2024-05-10 Fri 00:00:30Z",
              "2024-05-10 Fri 00:00:40Z",
              "2024-05-10 Fri 00:00:50Z",
              "2024-05-10 Fri 00:01:30Z");
    }

    @Test
    void hourIncrementEveryOtherHourFromNoon() {
      CalendarSchedule schedule = utc().hour("12/2").build();

      assertThat(after(schedule, at("2024-05-10T00:00", UTC), 7, UTC))
          .containsExactly(
              "2024-05-10 Fri 12:00:00Z",
              "2024-05-10 Fri 14:00:00Z",
              "2024-05-10 Fri 16:00:00Z",
              "2024-05-10 Fri 18:00:00Z",
              "2024-05-10 Fri 20:00:00Z",
              "2024-05-10 Fri 22:00:00Z",
              "2024-05-11 Sat 12:00:00Z");
    }

    @Test
    void whitespaceAroundSeparatorsIsIgnored() {
      CalendarSchedule spaced = utc().minute(" 5 - 7 , 9 ").hour(" */ 12 ").build();
      CalendarSchedule tight = utc().minute("5-7,9").hour("*/12").build();

      assertThat(after(spaced, at("2024-05-10T00:00", UTC), 10, UTC))
          .isEqualTo(after(tight, at("2024-05-10T00:00", UTC), 10, UTC));
    }
  }

  @Nested
  class MonthAndWeekday {

    @Test
    void monthNamesAreCaseInsensitive() {
      CalendarSchedule schedule = utc().dayOfMonth("1").month("jAN,Jul").build();

      assertThat(after(schedule, at("2024-05-10T00:00", UTC), 3, UTC))
          .containsExactly(
              "2024-07-01 Mon 00:00:00Z", "2025-01-01 Wed 00:00:00Z", "2025-07-01 Tue 00:00:00Z");
    }

    @Test
    void monthRangeWrapsOverTheYearEnd() {
      CalendarSchedule schedule = utc().dayOfMonth("15").month("Nov-Feb").build();

      assertThat(after(schedule, at("2024-05-10T00:00", UTC), 5, UTC))
          .containsExactly(
              "2024-11-15 Fri 00:00:00Z",
              "2024-12-15 Sun 00:00:00Z",
              "2025-01-15 Wed 00:00:00Z",
              "2025-02-15 Sat 00:00:00Z",
              "2025-11-15 Sat 00:00:00Z");
    }

    @Test
    void weekdayNamesAndNumbersBothWithZeroAndSevenSunday() {
      CalendarSchedule names = utc().dayOfWeek("sun,SAT").build();
      CalendarSchedule zero = utc().dayOfWeek("0,6").build();
      CalendarSchedule seven = utc().dayOfWeek("6,7").build();

      assertThat(after(names, at("2024-05-06T00:00", UTC), 3, UTC))
          .containsExactly(
              "2024-05-11 Sat 00:00:00Z", "2024-05-12 Sun 00:00:00Z", "2024-05-18 Sat 00:00:00Z");
      assertThat(after(zero, at("2024-05-06T00:00", UTC), 3, UTC))
          .isEqualTo(after(names, at("2024-05-06T00:00", UTC), 3, UTC));
      assertThat(after(seven, at("2024-05-06T00:00", UTC), 3, UTC))
          .isEqualTo(after(names, at("2024-05-06T00:00", UTC), 3, UTC));
    }

    @Test
    void weekdayRangeWrapsFromFridayToMonday() {
      CalendarSchedule schedule = utc().dayOfWeek("Fri-Mon").build();

      assertThat(after(schedule, at("2024-05-07T12:00", UTC), 5, UTC))
          .containsExactly(
              "2024-05-10 Fri 00:00:00Z",
              "2024-05-11 Sat 00:00:00Z",
              "2024-05-12 Sun 00:00:00Z",
              "2024-05-13 Mon 00:00:00Z",
              "2024-05-17 Fri 00:00:00Z");
    }

    @Test
    void weekdayRangeZeroToSevenIsEveryDay() {
      CalendarSchedule schedule = utc().dayOfWeek("0-7").build();

      assertThat(after(schedule, at("2024-05-07T12:00", UTC), 7, UTC))
          .isEqualTo(after(utc().build(), at("2024-05-07T12:00", UTC), 7, UTC));
    }

    @Test
    void weekdaysAtQuarterPastThreeIsTheSpecsExample() {
      CalendarSchedule schedule = utc().minute("15").hour("3").dayOfWeek("Mon-Fri").build();

      assertThat(after(schedule, at("2024-05-10T04:00", UTC), 2, UTC))
          .containsExactly("2024-05-13 Mon 03:15:00Z", "2024-05-14 Tue 03:15:00Z");
    }
  }

  @Nested
  class DayOfMonth {

    @Test
    void lastIsTheLastDayOfEachMonth() {
      CalendarSchedule schedule = utc().dayOfMonth("Last").build();

      assertThat(after(schedule, at("2024-01-15T00:00", UTC), 4, UTC))
          .containsExactly(
              "2024-01-31 Wed 00:00:00Z",
              "2024-02-29 Thu 00:00:00Z",
              "2024-03-31 Sun 00:00:00Z",
              "2024-04-30 Tue 00:00:00Z");
    }

    @Test
    void minusOneIsTheDayBeforeTheLastDay() {
      // The spec's example: "one day before the last day of each month at 1 a.m."
      CalendarSchedule schedule = utc().hour("1").dayOfMonth("-1").build();

      assertThat(after(schedule, at("2023-01-15T00:00", UTC), 3, UTC))
          .containsExactly(
              "2023-01-30 Mon 01:00:00Z", "2023-02-27 Mon 01:00:00Z", "2023-03-30 Thu 01:00:00Z");
    }

    @Test
    void minusSevenIsAWeekBeforeTheLastDay() {
      CalendarSchedule schedule = utc().dayOfMonth("-7").build();

      assertThat(after(schedule, at("2024-02-01T00:00", UTC), 2, UTC))
          .containsExactly("2024-02-22 Thu 00:00:00Z", "2024-03-24 Sun 00:00:00Z");
    }

    @Test
    void dayThirtyOneSkipsShortMonths() {
      CalendarSchedule schedule = utc().dayOfMonth("31").build();

      assertThat(after(schedule, at("2024-01-31T00:00", UTC), 3, UTC))
          .containsExactly(
              "2024-03-31 Sun 00:00:00Z", "2024-05-31 Fri 00:00:00Z", "2024-07-31 Wed 00:00:00Z");
    }

    @Test
    void nthWeekdayOfTheMonth() {
      // The spec's example: every other hour from noon on the 2nd Tuesday of every month.
      CalendarSchedule schedule = utc().hour("12/2").dayOfMonth("2nd Tue").build();

      assertThat(after(schedule, at("2024-05-01T00:00", UTC), 7, UTC))
          .containsExactly(
              "2024-05-14 Tue 12:00:00Z",
              "2024-05-14 Tue 14:00:00Z",
              "2024-05-14 Tue 16:00:00Z",
              "2024-05-14 Tue 18:00:00Z",
              "2024-05-14 Tue 20:00:00Z",
              "2024-05-14 Tue 22:00:00Z",
              "2024-06-11 Tue 12:00:00Z");
    }

    @Test
    void lastWeekdayOfTheMonth() {
      // The spec's example: the last Thursday in November at 2 p.m.
      CalendarSchedule schedule = utc().hour("14").dayOfMonth("Last Thu").month("Nov").build();

      assertThat(after(schedule, at("2024-01-01T00:00", UTC), 3, UTC))
          .containsExactly(
              "2024-11-28 Thu 14:00:00Z", "2025-11-27 Thu 14:00:00Z", "2026-11-26 Thu 14:00:00Z");
    }

    @Test
    void fifthWeekdayFiresOnlyInMonthsThatHaveOne() {
      CalendarSchedule schedule = utc().dayOfMonth("5th Fri").build();

      assertThat(after(schedule, at("2024-01-01T00:00", UTC), 4, UTC))
          .containsExactly(
              "2024-03-29 Fri 00:00:00Z",
              "2024-05-31 Fri 00:00:00Z",
              "2024-08-30 Fri 00:00:00Z",
              "2024-11-29 Fri 00:00:00Z");
    }

    @Test
    void ordinalsAndNamesAreCaseInsensitiveWithOrWithoutSpace() {
      CalendarSchedule spaced = utc().dayOfMonth("1ST mon, last FRI").build();
      CalendarSchedule tight = utc().dayOfMonth("1stMon,LastFri").build();

      assertThat(after(spaced, at("2024-05-01T00:00", UTC), 4, UTC))
          .containsExactly(
              "2024-05-06 Mon 00:00:00Z",
              "2024-05-31 Fri 00:00:00Z",
              "2024-06-03 Mon 00:00:00Z",
              "2024-06-28 Fri 00:00:00Z")
          .isEqualTo(after(tight, at("2024-05-01T00:00", UTC), 4, UTC));
    }

    @Test
    void rangeWrapsToTheStartOfTheNextMonth() {
      // The spec's example: "27-3" is equivalent to "27-Last, 1-3".
      CalendarSchedule schedule = utc().dayOfMonth("27-3").build();

      assertThat(after(schedule, at("2024-02-20T00:00", UTC), 7, UTC))
          .containsExactly(
              "2024-02-27 Tue 00:00:00Z",
              "2024-02-28 Wed 00:00:00Z",
              "2024-02-29 Thu 00:00:00Z",
              "2024-03-01 Fri 00:00:00Z",
              "2024-03-02 Sat 00:00:00Z",
              "2024-03-03 Sun 00:00:00Z",
              "2024-03-27 Wed 00:00:00Z")
          .isEqualTo(
              after(utc().dayOfMonth("27-Last, 1-3").build(), at("2024-02-20T00:00", UTC), 7, UTC));
    }

    @Test
    void rangesMayEndInRelativeDays() {
      CalendarSchedule schedule = utc().dayOfMonth("-2-Last").build();

      assertThat(after(schedule, at("2023-02-01T00:00", UTC), 4, UTC))
          .containsExactly(
              "2023-02-26 Sun 00:00:00Z",
              "2023-02-27 Mon 00:00:00Z",
              "2023-02-28 Tue 00:00:00Z",
              "2023-03-29 Wed 00:00:00Z");
    }

    @Test
    void rangeOfNegativeDays() {
      CalendarSchedule schedule = utc().dayOfMonth("-3--2").build();

      assertThat(after(schedule, at("2023-04-01T00:00", UTC), 3, UTC))
          .containsExactly(
              "2023-04-27 Thu 00:00:00Z", "2023-04-28 Fri 00:00:00Z", "2023-05-28 Sun 00:00:00Z");
    }

    @Test
    void rangeFromAWeekdayOrdinalToTheLastDay() {
      CalendarSchedule schedule = utc().dayOfMonth("Last Fri-Last").build();

      assertThat(after(schedule, at("2024-05-01T00:00", UTC), 4, UTC))
          .containsExactly(
              "2024-05-31 Fri 00:00:00Z",
              "2024-06-28 Fri 00:00:00Z",
              "2024-06-29 Sat 00:00:00Z",
              "2024-06-30 Sun 00:00:00Z");
    }

    @Test
    void rangeBetweenOrdinalsWrapsWhenTheSecondFallsFirst() {
      // In May 2024 the 1st Monday is the 6th and the 1st Wednesday the 1st: "6-Last, 1-1".
      CalendarSchedule schedule = utc().dayOfMonth("1st Mon-1st Wed").month("May").build();

      assertThat(after(schedule, at("2024-04-30T00:00", UTC), 3, UTC))
          .containsExactly(
              "2024-05-01 Wed 00:00:00Z", "2024-05-06 Mon 00:00:00Z", "2024-05-07 Tue 00:00:00Z");
    }
  }

  @Nested
  class DayOfMonthOrDayOfWeek {

    @Test
    void bothRestrictedFireOnADayMatchingEither() {
      CalendarSchedule schedule = utc().dayOfMonth("1").dayOfWeek("Fri").build();

      assertThat(after(schedule, at("2024-05-20T00:00", UTC), 4, UTC))
          .containsExactly(
              "2024-05-24 Fri 00:00:00Z",
              "2024-05-31 Fri 00:00:00Z",
              "2024-06-01 Sat 00:00:00Z",
              "2024-06-07 Fri 00:00:00Z");
    }

    @Test
    void relativeDayOfMonthAlsoCombinesWithOr() {
      CalendarSchedule schedule = utc().dayOfMonth("Last").dayOfWeek("Mon").build();

      assertThat(after(schedule, at("2024-06-25T00:00", UTC), 3, UTC))
          .containsExactly(
              "2024-06-30 Sun 00:00:00Z", "2024-07-01 Mon 00:00:00Z", "2024-07-08 Mon 00:00:00Z");
    }

    @Test
    void aWildcardDayOfWeekLeavesDayOfMonthAlone() {
      CalendarSchedule schedule = utc().dayOfMonth("13").build();

      assertThat(after(schedule, at("2024-05-20T00:00", UTC), 2, UTC))
          .containsExactly("2024-06-13 Thu 00:00:00Z", "2024-07-13 Sat 00:00:00Z");
    }

    @Test
    void aDayOfWeekCoveringTheWeekCountsAsWildcard() {
      // "0-7" is equivalent to "*", so dayOfMonth alone decides.
      CalendarSchedule schedule = utc().dayOfMonth("13").dayOfWeek("0-7").build();

      assertThat(after(schedule, at("2024-05-20T00:00", UTC), 2, UTC))
          .containsExactly("2024-06-13 Thu 00:00:00Z", "2024-07-13 Sat 00:00:00Z");
    }
  }

  @Nested
  class Years {

    @Test
    void leapDayFiresEveryFourYears() {
      CalendarSchedule schedule = utc().hour("2").dayOfMonth("29").month("Feb").build();

      assertThat(after(schedule, at("2023-01-01T00:00", UTC), 3, UTC))
          .containsExactly(
              "2024-02-29 Thu 02:00:00Z", "2028-02-29 Tue 02:00:00Z", "2032-02-29 Sun 02:00:00Z");
      assertThat(schedule.latestFireBefore(at("2100-03-01T00:00", UTC)))
          .contains(at("2096-02-29T02:00", UTC)); // 2100 is no leap year
    }

    @Test
    void yearListsAndRanges() {
      CalendarSchedule schedule =
          utc().dayOfMonth("1").month("Jan").year("2026, 2030-2031").build();

      assertThat(after(schedule, at("2024-05-01T00:00", UTC), 5, UTC))
          .containsExactly(
              "2026-01-01 Thu 00:00:00Z", "2030-01-01 Tue 00:00:00Z", "2031-01-01 Wed 00:00:00Z");
      assertThat(schedule.latestFireAtOrBefore(at("2029-12-31T00:00", UTC)))
          .contains(at("2026-01-01T00:00", UTC));
      assertThat(schedule.latestFireBefore(at("2026-01-01T00:00", UTC))).isEmpty();
    }

    @Test
    void aYearFarAheadIsFoundByJumpingStraightToIt() {
      CalendarSchedule schedule = utc().dayOfMonth("1").month("Jan").year("2400").build();

      assertThat(schedule.nextFireAfter(at("2024-05-01T00:00", UTC)))
          .contains(at("2400-01-01T00:00", UTC));
      assertThat(schedule.latestFireBefore(at("9999-01-01T00:00", UTC)))
          .contains(at("2400-01-01T00:00", UTC));
    }

    @Test
    void aScheduleThatNeverMatchesGivesUpEmpty() {
      CalendarSchedule schedule = utc().dayOfMonth("30").month("Feb").build();

      assertThat(schedule.nextFireAfter(at("2024-05-01T00:00", UTC))).isEmpty();
      assertThat(schedule.latestFireAtOrBefore(at("2024-05-01T00:00", UTC))).isEmpty();
    }
  }
}
