package org.timerlock.core.schedule;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.timerlock.core.schedule.Fires.after;
import static org.timerlock.core.schedule.Fires.at;

import java.time.ZoneId;
import java.time.ZoneOffset;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class CronScheduleTest {

  private static final String UTC = "UTC";

  private static CalendarSchedule cron(String expression) {
    return CalendarSchedule.cron(expression, ZoneOffset.UTC);
  }

  @Nested
  class JavadocExamples {

    @Test
    void fiveFieldsEveryHourAtTheTop() {
      assertThat(after(cron("0 * * * *"), at("2024-05-10T09:30", UTC), 2, UTC))
          .containsExactly("2024-05-10 Fri 10:00:00Z", "2024-05-10 Fri 11:00:00Z");
    }

    @Test
    void weekdaysFromNineToFive() {
      assertThat(after(cron("0 9-17 * * MON-FRI"), at("2024-05-10T16:30", UTC), 3, UTC))
          .containsExactly(
              "2024-05-10 Fri 17:00:00Z", "2024-05-13 Mon 09:00:00Z", "2024-05-13 Mon 10:00:00Z");
    }

    @Test
    void weekendsFromMayToSeptemberEveryThreeHoursFromOnePm() {
      assertThat(after(cron("0 13/3 * MAY-SEP SAT,SUN"), at("2024-04-30T00:00", UTC), 5, UTC))
          .containsExactly(
              "2024-05-04 Sat 13:00:00Z",
              "2024-05-04 Sat 16:00:00Z",
              "2024-05-04 Sat 19:00:00Z",
              "2024-05-04 Sat 22:00:00Z",
              "2024-05-05 Sun 13:00:00Z");
    }

    @Test
    void secondAndLastTuesdaysOfAprilAndAugust() {
      assertThat(after(cron("30 10 * APR,AUG TUE#2,TUE#L"), at("2024-01-01T00:00", UTC), 5, UTC))
          .containsExactly(
              "2024-04-09 Tue 10:30:00Z",
              "2024-04-30 Tue 10:30:00Z",
              "2024-08-13 Tue 10:30:00Z",
              "2024-08-27 Tue 10:30:00Z",
              "2025-04-08 Tue 10:30:00Z");
    }

    @Test
    void sixFieldsOnTheTenthTwentiethAndLastDay() {
      assertThat(after(cron("15 22 4 10,20,L * *"), at("2024-02-10T05:00", UTC), 4, UTC))
          .containsExactly(
              "2024-02-20 Tue 04:22:15Z",
              "2024-02-29 Thu 04:22:15Z",
              "2024-03-10 Sun 04:22:15Z",
              "2024-03-20 Wed 04:22:15Z");
    }

    @Test
    void secondToLastDayOfJanuaryToMarch() {
      assertThat(after(cron("0 8-11,13-16 2L JAN-MAR *"), at("2024-02-28T15:30", UTC), 3, UTC))
          .containsExactly(
              "2024-02-28 Wed 16:00:00Z", "2024-03-30 Sat 08:00:00Z", "2024-03-30 Sat 09:00:00Z");
    }

    @Test
    void aDayMustMatchBothDayFields() {
      // "Every 15th and last day of the month that is a weekday."
      assertThat(after(cron("0 10 15,L * MON-FRI"), at("2024-06-01T00:00", UTC), 4, UTC))
          .containsExactly(
              "2024-07-15 Mon 10:00:00Z",
              "2024-07-31 Wed 10:00:00Z",
              "2024-08-15 Thu 10:00:00Z",
              "2024-09-30 Mon 10:00:00Z");
    }
  }

  @Nested
  class Fields {

    @Test
    void fiveFieldsAreSixWithSecondZero() {
      assertThat(after(cron("*/15 3 * * *"), at("2024-05-10T00:00", UTC), 5, UTC))
          .isEqualTo(after(cron("0 */15 3 * * *"), at("2024-05-10T00:00", UTC), 5, UTC));
    }

    @Test
    void sameFiresAsTheEquivalentCalendarAttributes() {
      CalendarSchedule calendar =
          CalendarSchedule.builder()
              .zone(ZoneOffset.UTC)
              .second("10/20")
              .minute("*/5")
              .hour("22-2")
              .dayOfWeek("Fri-Mon")
              .build();

      assertThat(after(cron("10/20 */5 22-2 * * FRI-MON"), at("2024-05-06T00:00", UTC), 500, UTC))
          .isEqualTo(after(calendar, at("2024-05-06T00:00", UTC), 500, UTC));
    }

    @Test
    void monthAndWeekdayNamesShortOrFullInAnyCase() {
      assertThat(after(cron("0 0 * january sunday"), at("2024-01-01T00:00", UTC), 3, UTC))
          .isEqualTo(after(cron("0 0 * Jan SUN"), at("2024-01-01T00:00", UTC), 3, UTC))
          .isEqualTo(after(cron("0 0 * 1 0"), at("2024-01-01T00:00", UTC), 3, UTC))
          .containsExactly(
              "2024-01-07 Sun 00:00:00Z", "2024-01-14 Sun 00:00:00Z", "2024-01-21 Sun 00:00:00Z");
    }

    @Test
    void sundayIsZeroAndSeven() {
      assertThat(after(cron("0 0 * * 7"), at("2024-01-01T00:00", UTC), 3, UTC))
          .isEqualTo(after(cron("0 0 * * 0"), at("2024-01-01T00:00", UTC), 3, UTC));
    }

    @Test
    void weekdayRangesWrap() {
      assertThat(after(cron("0 0 * * FRI-MON"), at("2024-05-07T00:00", UTC), 5, UTC))
          .containsExactly(
              "2024-05-10 Fri 00:00:00Z",
              "2024-05-11 Sat 00:00:00Z",
              "2024-05-12 Sun 00:00:00Z",
              "2024-05-13 Mon 00:00:00Z",
              "2024-05-17 Fri 00:00:00Z");
    }

    @Test
    void incrementsInDayOfMonthAndMonth() {
      assertThat(after(cron("0 0 */10 */3 *"), at("2024-01-02T00:00", UTC), 5, UTC))
          .containsExactly(
              "2024-01-11 Thu 00:00:00Z",
              "2024-01-21 Sun 00:00:00Z",
              "2024-01-31 Wed 00:00:00Z",
              "2024-04-01 Mon 00:00:00Z",
              "2024-04-11 Thu 00:00:00Z");
    }

    @Test
    void incrementsMayBeListItems() {
      assertThat(after(cron("0/20,5 * * * *"), at("2024-01-01T00:00", UTC), 4, UTC))
          .containsExactly(
              "2024-01-01 Mon 00:05:00Z",
              "2024-01-01 Mon 00:20:00Z",
              "2024-01-01 Mon 00:40:00Z",
              "2024-01-01 Mon 01:00:00Z");
    }

    @Test
    void questionMarkIsAnyDay() {
      assertThat(after(cron("0 0 ? * MON"), at("2024-05-01T00:00", UTC), 2, UTC))
          .containsExactly("2024-05-06 Mon 00:00:00Z", "2024-05-13 Mon 00:00:00Z");
      assertThat(after(cron("0 0 1 * ?"), at("2024-05-01T00:00", UTC), 2, UTC))
          .containsExactly("2024-06-01 Sat 00:00:00Z", "2024-07-01 Mon 00:00:00Z");
    }

    @Test
    void aRangeMayEndOnTheLastDay() {
      assertThat(after(cron("0 0 28-L * *"), at("2024-02-01T00:00", UTC), 4, UTC))
          .containsExactly(
              "2024-02-28 Wed 00:00:00Z",
              "2024-02-29 Thu 00:00:00Z",
              "2024-03-28 Thu 00:00:00Z",
              "2024-03-29 Fri 00:00:00Z");
    }

    @Test
    void firstSundayByNumber() {
      assertThat(after(cron("0 0 * * 7#1"), at("2024-05-01T00:00", UTC), 2, UTC))
          .containsExactly("2024-05-05 Sun 00:00:00Z", "2024-06-02 Sun 00:00:00Z");
    }

    @Test
    void fieldsMayBeSeparatedByMoreThanOneSpace() {
      assertThat(after(cron("  0  9 * *   MON "), at("2024-05-01T00:00", UTC), 2, UTC))
          .containsExactly("2024-05-06 Mon 09:00:00Z", "2024-05-13 Mon 09:00:00Z");
    }

    @Test
    void evaluatesInTheGivenZone() {
      CalendarSchedule schedule = CalendarSchedule.cron("0 9 * * *", ZoneId.of("Asia/Tokyo"));

      assertThat(after(schedule, at("2024-05-01T00:00", UTC), 1, UTC))
          .containsExactly("2024-05-02 Thu 00:00:00Z");
      assertThat(schedule).hasToString("cron '0 9 * * *' zone=Asia/Tokyo");
    }
  }

  @Nested
  class Rejected {

    @ParameterizedTest
    @ValueSource(strings = {"@yearly", "@annually", "@monthly", "@weekly", "@daily", "@hourly"})
    void macrosAreNotPartOfJakartaConcurrencyCron(String macro) {
      assertThatIllegalArgumentException()
          .isThrownBy(() -> cron(macro))
          .withMessageContaining("'" + macro + "' is a macro")
          .withMessageContaining("'0 0 * * *'");
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "* * * *", "0 0 0 * * * *"})
    void fiveOrSixFields(String expression) {
      assertThatIllegalArgumentException()
          .isThrownBy(() -> cron(expression))
          .withMessageContaining("fields; expected 5 (minute hour dayOfMonth month dayOfWeek)");
    }

    @Test
    void errorsNameTheFieldTheValueAndTheExpression() {
      assertThatIllegalArgumentException()
          .isThrownBy(() -> cron("0 61 * * * *"))
          .withMessage(
              "TIMERLOCK-105 minute '61' is out of range 0-59 in cron expression '0 61 * * * *'");
      assertThatIllegalArgumentException()
          .isThrownBy(() -> cron("60 * * * * *"))
          .withMessage(
              "TIMERLOCK-105 second '60' is out of range 0-59 in cron expression '60 * * * * *'");
      assertThatIllegalArgumentException()
          .isThrownBy(() -> cron("0 24 * * *"))
          .withMessage(
              "TIMERLOCK-105 hour '24' is out of range 0-23 in cron expression '0 24 * * *'");
    }

    @Test
    void badDayFields() {
      assertThatIllegalArgumentException()
          .isThrownBy(() -> cron("0 0 0 * *"))
          .withMessageStartingWith("TIMERLOCK-105 dayOfMonth '0' is out of range 1-31");
      assertThatIllegalArgumentException()
          .isThrownBy(() -> cron("0 0 32L * *"))
          .withMessageStartingWith("TIMERLOCK-105 dayOfMonth '32' is out of range 1-31");
      assertThatIllegalArgumentException()
          .isThrownBy(() -> cron("0 0 L-5 * *"))
          .withMessageStartingWith("TIMERLOCK-105 dayOfMonth 'L' is not a number");
      assertThatIllegalArgumentException()
          .isThrownBy(() -> cron("0 0 * 13 *"))
          .withMessageStartingWith("TIMERLOCK-105 month '13' is out of range 1-12");
      assertThatIllegalArgumentException()
          .isThrownBy(() -> cron("0 0 * * 8"))
          .withMessageStartingWith("TIMERLOCK-105 dayOfWeek '8' is out of range 0-7");
      assertThatIllegalArgumentException()
          .isThrownBy(() -> cron("0 0 * * FUN"))
          .withMessageStartingWith(
              "TIMERLOCK-105 dayOfWeek 'FUN' is neither a number in 0-7 nor one of Sun-Sat");
      assertThatIllegalArgumentException()
          .isThrownBy(() -> cron("0 0 * * MON/2"))
          .withMessageStartingWith(
              "TIMERLOCK-105 dayOfWeek 'MON/2' is an increment, which dayOfWeek does not allow");
      assertThatIllegalArgumentException()
          .isThrownBy(() -> cron("0 0 * * FRI#6"))
          .withMessageStartingWith(
              "TIMERLOCK-105 dayOfWeek 'FRI#6' has an ordinal other than 1-5 or L");
      assertThatIllegalArgumentException()
          .isThrownBy(() -> cron("0 0 * * MON-FRI#2"))
          .withMessageStartingWith("TIMERLOCK-105 dayOfWeek 'MON-FRI#2' combines '#' with a range");
    }

    @Test
    void badIncrements() {
      assertThatIllegalArgumentException()
          .isThrownBy(() -> cron("*/0 * * * *"))
          .withMessageStartingWith("TIMERLOCK-105 minute '*/0' has an increment below 1");
      assertThatIllegalArgumentException()
          .isThrownBy(() -> cron("1/2/3 * * * *"))
          .withMessageStartingWith(
              "TIMERLOCK-105 minute '1/2/3' is not an increment of the form x/y");
    }
  }
}
