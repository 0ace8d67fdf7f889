package org.timerlock.core.schedule;

import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;
import static org.assertj.core.api.Assertions.assertThatNullPointerException;

import java.time.ZoneOffset;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class CalendarErrorsTest {

  private static void rejects(UnaryOperator<CalendarSchedule.Builder> attributes, String message) {
    assertThatIllegalArgumentException()
        .isThrownBy(() -> attributes.apply(CalendarSchedule.builder().zone(ZoneOffset.UTC)).build())
        .withMessageStartingWith("TIMERLOCK-105 " + message);
  }

  @Test
  void theMessageNamesAttributeValueAndSchedule() {
    assertThatIllegalArgumentException()
        .isThrownBy(
            () -> CalendarSchedule.builder().zone(ZoneOffset.UTC).minute("61").hour("*").build())
        .withMessage(
            "TIMERLOCK-105 minute '61' is out of range 0-59 in schedule second=0 minute=61"
                + " hour=* dayOfMonth=*"
                + " month=* dayOfWeek=* year=* zone=Z");
  }

  @ParameterizedTest(name = "{0}=''{1}''")
  @CsvSource(
      delimiter = '|',
      textBlock =
          """
          second     | 60          | second '60' is out of range 0-59
          second     | -1          | second '-1' is neither a single value nor a range x-y
          hour       | 24          | hour '24' is out of range 0-23
          hour       | 1-2-3       | hour '1-2-3' is neither a single value nor a range x-y
          hour       | 99999999999 | hour '99999999999' is out of range 0-23
          minute     | ''          | minute '' is empty
          minute     | 1,,2        | minute '1,,2' has an empty list item
          minute     | '*,5'       | minute '*,5' lists '*'; a list holds only values and ranges
          minute     | '*/5,7'     | minute '*/5,7' lists an increment; a list holds only values
          minute     | */0         | minute '*/0' has an increment below 1
          minute     | */60        | minute '60' is out of range 0-59
          minute     | 60/5        | minute '60' is out of range 0-59
          month      | 13          | month '13' is out of range 1-12
          month      | January     | month 'January' is neither a number in 1-12 nor one of Jan-Dec
          month      | */2         | month '*/2' is an increment, which month does not allow
          dayOfWeek  | 8           | dayOfWeek '8' is out of range 0-7
          dayOfWeek  | Sunday      | dayOfWeek 'Sunday' is neither a number in 0-7 nor one of Sun-Sat
          dayOfWeek  | 1st Mon     | dayOfWeek '1st Mon' is neither a number
          dayOfWeek  | Mon/2       | dayOfWeek 'Mon/2' is an increment, which dayOfWeek does not allow
          year       | 24          | year '24' is out of range 1000-9999
          year       | 2030-2020   | year '2030-2020' runs backwards; year ranges do not wrap around
          year       | */2         | year '*/2' is an increment, which year does not allow
          dayOfMonth | 0           | dayOfMonth '0' is out of range 1-31 (or -7 to -1 before the last day)
          dayOfMonth | 32          | dayOfMonth '32' is out of range 1-31
          dayOfMonth | -8          | dayOfMonth '-8' is out of range 1-31
          dayOfMonth | 6th Mon     | dayOfMonth '6th Mon' is not a day
          dayOfMonth | Last Mo     | dayOfMonth 'Last Mo' is not a day: expected 1-31, -7 to -1, Last
          dayOfMonth | 1-32        | dayOfMonth '1-32' is out of range 1-31
          dayOfMonth | */2         | dayOfMonth '*/2' uses '*' in a list or an increment
          dayOfMonth | '1,*'       | dayOfMonth '1,*' uses '*' in a list or an increment
          dayOfMonth | ''          | dayOfMonth '' is empty
          """)
  void rejectsWhatTheSpecDoesNotAllow(String attribute, String value, String message) {
    rejects(builder -> set(builder, attribute, value), message);
  }

  private static CalendarSchedule.Builder set(
      CalendarSchedule.Builder builder, String attribute, String value) {
    return switch (attribute) {
      case "second" -> builder.second(value);
      case "minute" -> builder.minute(value);
      case "hour" -> builder.hour(value);
      case "dayOfMonth" -> builder.dayOfMonth(value);
      case "month" -> builder.month(value);
      case "dayOfWeek" -> builder.dayOfWeek(value);
      case "year" -> builder.year(value);
      default -> throw new IllegalArgumentException(attribute);
    };
  }

  @Test
  void aZoneIsRequired() {
    assertThatIllegalStateException()
        .isThrownBy(() -> CalendarSchedule.builder().build())
        .withMessageContaining("needs a zone");
  }

  @Test
  void attributesMustNotBeNull() {
    assertThatNullPointerException()
        .isThrownBy(() -> CalendarSchedule.builder().minute(null))
        .withMessage("minute");
  }
}
