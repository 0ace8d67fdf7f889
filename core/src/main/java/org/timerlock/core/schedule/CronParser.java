package org.timerlock.core.schedule;

import java.time.DayOfWeek;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import org.timerlock.core.internal.CoreMessage;
import org.timerlock.core.schedule.FieldSyntax.Field;

/**
 * Reads a cron expression as Jakarta Concurrency's {@code CronTrigger} documents it (also what
 * {@code @Schedule(cron = ...)} takes): {@code [second] minute hour dayOfMonth month dayOfWeek}.
 *
 * <p>Lists, ranges (which may wrap, such as {@code FRI-MON}) and {@code *} everywhere; increments
 * {@code x/y} everywhere but dayOfWeek; {@code L} and {@code 2L} (last and second-to-last day) in
 * dayOfMonth; {@code FRI#1} and {@code SAT#L} (first Friday, last Saturday) in dayOfWeek. A day
 * must match both day fields, as in the javadoc's "every 15th and last day of the month that is a
 * weekday" ({@code 0 10 15,L * MON-FRI}). Like the reference implementation, {@code ?} is read as
 * {@code *} in the day fields and a range may end in {@code L} ({@code 25-L}).
 */
final class CronParser {

  private final FieldSyntax syntax;

  private CronParser(String expression) {
    this.syntax = new FieldSyntax("cron expression '" + expression + "'", true);
  }

  /**
   * Parses a 5- or 6-field expression.
   *
   * @throws IllegalArgumentException naming the field and value that break the syntax
   */
  static ScheduleModel parse(String expression) {
    String trimmed = expression.trim();
    if (trimmed.startsWith("@")) {
      throw new IllegalArgumentException(
          CoreMessage.SCHEDULE_SYNTAX.text(
              "cron expression '"
                  + expression
                  + "' is a macro; Jakarta Concurrency cron has none, so write the fields,"
                  + " e.g. '0 0 * * *' for daily at midnight"));
    }
    String[] fields = trimmed.split("\\s+");
    if (fields.length != 5 && fields.length != 6) {
      throw new IllegalArgumentException(
          CoreMessage.SCHEDULE_SYNTAX.text(
              "cron expression '"
                  + expression
                  + "' has "
                  + (trimmed.isEmpty() ? 0 : fields.length)
                  + " fields; expected 5 (minute hour dayOfMonth month dayOfWeek) or 6 (with second"
                  + " first)"));
    }
    int i = fields.length - 5;
    CronParser parser = new CronParser(expression);
    return new ScheduleModel(
        i == 0 ? 1L : parser.timeField(Field.SECOND, fields[0]),
        parser.timeField(Field.MINUTE, fields[i]),
        parser.timeField(Field.HOUR, fields[i + 1]),
        FieldSyntax.mask(
            parser.syntax.values(
                Field.MONTH, fields[i + 3], true, false, parser.syntax::numberOrName)),
        null,
        parser.dayOfMonth(fields[i + 2]),
        parser.dayOfWeek(fields[i + 4]),
        false);
  }

  private long timeField(Field field, String text) {
    return FieldSyntax.mask(syntax.values(field, text, true, false, syntax::number));
  }

  /** dayOfMonth: 1-31, L, nL, ranges (x-L too), increments and lists of them. */
  private DayField dayOfMonth(String text) {
    if (text.equals("?")) {
      return DayField.everyDayOfMonth();
    }
    BitSet days = new BitSet();
    List<DayField.Term> terms = new ArrayList<>();
    for (String item : text.split(",", -1)) {
      int dash = item.indexOf('-');
      if (item.endsWith("L") && dash < 0) {
        terms.add(single(DayRef.beforeLast(lastOffset(item))));
      } else if (dash >= 0 && item.substring(dash + 1).equals("L")) {
        int from = syntax.number(Field.DAY_OF_MONTH, item.substring(0, dash));
        terms.add(new DayField.Term(DayRef.day(from), DayRef.beforeLast(0)));
      } else {
        days.or(syntax.values(Field.DAY_OF_MONTH, item, true, false, syntax::number));
      }
    }
    return new DayField(false, FieldSyntax.mask(days), List.copyOf(terms));
  }

  /** {@code L} is the last day, {@code 2L} the second-to-last: days before the last, 0-30. */
  private int lastOffset(String item) {
    if (item.equals("L")) {
      return 0;
    }
    return syntax.number(Field.DAY_OF_MONTH, item.substring(0, item.length() - 1)) - 1;
  }

  /** dayOfWeek: 0-7 or names, ranges and lists of them, and ordinals such as FRI#1 or SAT#L. */
  private DayField dayOfWeek(String text) {
    if (text.equals("?")) {
      return DayField.everyWeekday();
    }
    BitSet weekdays = new BitSet();
    List<DayField.Term> terms = new ArrayList<>();
    for (String item : text.split(",", -1)) {
      int hash = item.indexOf('#');
      if (hash < 0) {
        weekdays.or(syntax.values(Field.DAY_OF_WEEK, item, false, false, syntax::numberOrName));
        continue;
      }
      String ordinal = item.substring(hash + 1);
      String day = item.substring(0, hash);
      if (day.contains("-") || day.contains("/")) {
        throw syntax.invalid(Field.DAY_OF_WEEK, item, "combines '#' with a range or increment");
      }
      int value = syntax.numberOrName(Field.DAY_OF_WEEK, day);
      DayOfWeek weekday = DayOfWeek.of(value == 0 ? 7 : value);
      if (ordinal.equals("L")) {
        terms.add(single(DayRef.last(weekday)));
      } else if (ordinal.matches("[1-5]")) {
        terms.add(single(DayRef.nth(Integer.parseInt(ordinal), weekday)));
      } else {
        throw syntax.invalid(Field.DAY_OF_WEEK, item, "has an ordinal other than 1-5 or L");
      }
    }
    return new DayField(true, FieldSyntax.isoWeekdays(weekdays), List.copyOf(terms));
  }

  private static DayField.Term single(DayRef day) {
    return new DayField.Term(day, day);
  }
}
