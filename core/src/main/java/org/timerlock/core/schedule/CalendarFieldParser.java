package org.timerlock.core.schedule;

import java.time.DayOfWeek;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.timerlock.core.schedule.FieldSyntax.Field;

/**
 * Reads the attributes of an EJB calendar expression ({@code jakarta.ejb.ScheduleExpression},
 * Jakarta Enterprise Beans 4.0, "Calendar-Based Time Expressions").
 */
final class CalendarFieldParser {

  private static final Pattern ORDINAL_WEEKDAY =
      Pattern.compile("(1st|2nd|3rd|4th|5th|last)\\s*(sun|mon|tue|wed|thu|fri|sat)");
  private static final List<String> ORDINALS = List.of("1st", "2nd", "3rd", "4th", "5th");
  private static final List<String> WEEKDAYS =
      List.of("mon", "tue", "wed", "thu", "fri", "sat", "sun");

  private final FieldSyntax syntax;

  private CalendarFieldParser(String description) {
    this.syntax = new FieldSyntax("schedule " + description, false);
  }

  /**
   * Parses the seven attributes.
   *
   * @param description the whole schedule as errors should quote it
   * @throws IllegalArgumentException naming the attribute and value that break the spec's syntax
   */
  static ScheduleModel parse(
      String second,
      String minute,
      String hour,
      String dayOfMonth,
      String month,
      String dayOfWeek,
      String year,
      String description) {
    CalendarFieldParser parser = new CalendarFieldParser(description);
    return new ScheduleModel(
        parser.timeField(Field.SECOND, second),
        parser.timeField(Field.MINUTE, minute),
        parser.timeField(Field.HOUR, hour),
        FieldSyntax.mask(parser.namedField(Field.MONTH, month)),
        year.trim().equals("*") ? null : parser.namedField(Field.YEAR, year),
        parser.dayOfMonth(dayOfMonth),
        new DayField(
            true,
            FieldSyntax.isoWeekdays(parser.namedField(Field.DAY_OF_WEEK, dayOfWeek)),
            List.of()),
        true);
  }

  // Increments are allowed in second, minute and hour only.
  private long timeField(Field field, String text) {
    return FieldSyntax.mask(syntax.values(field, text, true, true, syntax::number));
  }

  private BitSet namedField(Field field, String text) {
    return syntax.values(field, text, false, true, syntax::numberOrName);
  }

  /**
   * dayOfMonth: 1-31, -7 to -1 (days before the last day), Last, 1st-5th or Last followed by a
   * weekday, ranges between any two of these, and lists of values and ranges.
   */
  private DayField dayOfMonth(String text) {
    String whole = text.trim();
    if (whole.equals("*")) {
      return DayField.everyDayOfMonth();
    }
    if (whole.isEmpty()) {
      throw syntax.invalid(Field.DAY_OF_MONTH, text, "is empty");
    }
    BitSet days = new BitSet();
    List<DayField.Term> terms = new ArrayList<>();
    for (String part : whole.split(",", -1)) {
      String item = part.trim();
      if (item.isEmpty()) {
        throw syntax.invalid(Field.DAY_OF_MONTH, whole, "has an empty list item");
      }
      if (item.equals("*") || item.contains("/")) {
        throw syntax.invalid(
            Field.DAY_OF_MONTH,
            whole,
            "uses '*' in a list or an increment; dayOfMonth allows values, ranges and lists");
      }
      // The first '-' after the first character ends the range's first value: only that value
      // can itself start with '-' (as in -7--1).
      int dash = item.indexOf('-', 1);
      DayRef from = day(item, dash < 0 ? item : item.substring(0, dash));
      DayRef to = dash < 0 ? from : day(item, item.substring(dash + 1));
      if (from.kind() == DayRef.Kind.DAY && to.kind() == DayRef.Kind.DAY) {
        days.or(syntax.range(Field.DAY_OF_MONTH, item, from.number(), to.number()));
      } else {
        terms.add(new DayField.Term(from, to));
      }
    }
    return new DayField(false, FieldSyntax.mask(days), List.copyOf(terms));
  }

  private DayRef day(String item, String token) {
    String text = token.trim().toLowerCase(Locale.ROOT);
    if (text.matches("-?\\d+")) {
      int value;
      try {
        value = Integer.parseInt(text);
      } catch (NumberFormatException tooLong) {
        value = Integer.MAX_VALUE;
      }
      if (value >= 1 && value <= 31) {
        return DayRef.day(value);
      }
      if (value >= -7 && value <= -1) {
        return DayRef.beforeLast(-value);
      }
      throw syntax.invalid(
          Field.DAY_OF_MONTH, item, "is out of range 1-31 (or -7 to -1 before the last day)");
    }
    if (text.equals("last")) {
      return DayRef.beforeLast(0);
    }
    Matcher ordinal = ORDINAL_WEEKDAY.matcher(text);
    if (ordinal.matches()) {
      DayOfWeek weekday = DayOfWeek.of(WEEKDAYS.indexOf(ordinal.group(2)) + 1);
      return ordinal.group(1).equals("last")
          ? DayRef.last(weekday)
          : DayRef.nth(ORDINALS.indexOf(ordinal.group(1)) + 1, weekday);
    }
    throw syntax.invalid(
        Field.DAY_OF_MONTH,
        item,
        "is not a day: expected 1-31, -7 to -1, Last, or 1st-5th or Last followed by Sun-Sat");
  }
}
