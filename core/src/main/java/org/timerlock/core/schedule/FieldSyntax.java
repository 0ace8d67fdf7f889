package org.timerlock.core.schedule;

import java.util.BitSet;
import java.util.List;
import java.util.Locale;
import org.timerlock.core.internal.CoreMessage;

/**
 * The value forms that calendar attributes and cron fields share (single values, names, ranges that
 * may wrap, lists, increments), and one wording for their errors: {@code minute '61' is out of
 * range 0-59 in schedule ...}.
 */
final class FieldSyntax {

  /** A field, with the name that errors use and its numeric range. */
  enum Field {
    SECOND("second", 0, 59),
    MINUTE("minute", 0, 59),
    HOUR("hour", 0, 23),
    DAY_OF_MONTH("dayOfMonth", 1, 31),
    MONTH("month", 1, 12),
    // 0 and 7 are both Sunday in both syntaxes; 1 is Monday.
    DAY_OF_WEEK("dayOfWeek", 0, 7),
    YEAR("year", 1000, 9999);

    final String label;
    final int min;
    final int max;

    Field(String label, int min, int max) {
      this.label = label;
      this.min = min;
      this.max = max;
    }

    String range() {
      return min + "-" + max;
    }
  }

  /** Reads one value of a field from its text. */
  @FunctionalInterface
  interface ValueReader {
    int read(Field field, String token);
  }

  private static final List<String> MONTHS =
      List.of("jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec");
  private static final List<String> MONTH_NAMES =
      List.of(
          "january",
          "february",
          "march",
          "april",
          "may",
          "june",
          "july",
          "august",
          "september",
          "october",
          "november",
          "december");
  private static final List<String> WEEKDAYS =
      List.of("sun", "mon", "tue", "wed", "thu", "fri", "sat");
  private static final List<String> WEEKDAY_NAMES =
      List.of("sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday");

  private final String source;
  private final boolean fullNames;

  /**
   * @param source how errors name the whole expression, e.g. {@code "cron expression '* * * * *'"}
   * @param fullNames whether month and weekday names may also be written in full ({@code January},
   *     {@code Sunday}), as cron allows, besides their three-letter forms
   */
  FieldSyntax(String source, boolean fullNames) {
    this.source = source;
    this.fullNames = fullNames;
  }

  IllegalArgumentException invalid(Field field, String value, String problem) {
    return new IllegalArgumentException(
        CoreMessage.SCHEDULE_SYNTAX.text(
            field.label + " '" + value + "' " + problem + " in " + source));
  }

  /** A whole number within the field's range. */
  int number(Field field, String token) {
    String text = token.trim();
    if (!text.matches("\\d+")) {
      throw invalid(field, text, "is not a number in " + field.range());
    }
    int value;
    try {
      value = Integer.parseInt(text);
    } catch (NumberFormatException tooLong) {
      value = Integer.MAX_VALUE;
    }
    if (value < field.min || value > field.max) {
      throw invalid(field, text, "is out of range " + field.range());
    }
    return value;
  }

  /** A number, or for month and dayOfWeek a case-insensitive name (Jan = 1, Sun = 0). */
  int numberOrName(Field field, String token) {
    String text = token.trim();
    if ((field != Field.MONTH && field != Field.DAY_OF_WEEK) || text.matches("\\d+")) {
      return number(field, text);
    }
    String name = text.toLowerCase(Locale.ROOT);
    boolean month = field == Field.MONTH;
    int index = (month ? MONTHS : WEEKDAYS).indexOf(name);
    if (index < 0 && fullNames) {
      index = (month ? MONTH_NAMES : WEEKDAY_NAMES).indexOf(name);
    }
    if (index < 0) {
      String names = month ? "Jan-Dec" : "Sun-Sat";
      throw invalid(
          field, text, "is neither a number in " + field.range() + " nor one of " + names);
    }
    return month ? index + 1 : index;
  }

  /**
   * The values a field allows: {@code *}, an increment {@code x/y}, or a list of single values and
   * ranges. With {@code strictLists} (the EJB rule) {@code *} and increments must stand alone;
   * otherwise (cron) they may also be list items.
   */
  BitSet values(
      Field field,
      String text,
      boolean incrementsAllowed,
      boolean strictLists,
      ValueReader reader) {
    String whole = text.trim();
    if (whole.isEmpty()) {
      throw invalid(field, text, "is empty");
    }
    BitSet values = new BitSet();
    for (String part : whole.split(",", -1)) {
      String item = part.trim();
      boolean alone = item.length() == whole.length();
      if (item.isEmpty()) {
        throw invalid(field, whole, "has an empty list item");
      } else if (item.equals("*")) {
        if (strictLists && !alone) {
          throw invalid(field, whole, "lists '*'; a list holds only values and ranges");
        }
        values.set(field.min, field.max + 1);
      } else if (item.contains("/")) {
        if (!incrementsAllowed) {
          throw invalid(field, item, "is an increment, which " + field.label + " does not allow");
        }
        if (strictLists && !alone) {
          throw invalid(field, whole, "lists an increment; a list holds only values and ranges");
        }
        values.or(increment(field, item, reader));
      } else {
        String[] ends = item.split("-", -1);
        if (ends.length == 1) {
          values.set(reader.read(field, item));
        } else if (ends.length == 2 && !ends[0].isBlank() && !ends[1].isBlank()) {
          values.or(range(field, item, reader.read(field, ends[0]), reader.read(field, ends[1])));
        } else {
          throw invalid(field, item, "is neither a single value nor a range x-y");
        }
      }
    }
    return values;
  }

  /** {@code x/y}: every y-th value from x (or {@code *}, the field's minimum) up to the maximum. */
  BitSet increment(Field field, String item, ValueReader reader) {
    String[] parts = item.split("/", -1);
    if (parts.length != 2) {
      throw invalid(field, item, "is not an increment of the form x/y");
    }
    int start = parts[0].trim().equals("*") ? field.min : reader.read(field, parts[0]);
    int step = number(field, parts[1]);
    if (step < 1) {
      throw invalid(field, item, "has an increment below 1");
    }
    BitSet values = new BitSet();
    for (int value = start; value <= field.max; value += step) {
      values.set(value);
    }
    return values;
  }

  /**
   * The inclusive range from..to; when from is larger it wraps around, as {@code from-max,min-to}
   * (the EJB spec's rule, which cron shares), except for years, which have no maximum to wrap at.
   */
  BitSet range(Field field, String item, int from, int to) {
    BitSet values = new BitSet();
    if (from <= to) {
      values.set(from, to + 1);
    } else if (field == Field.YEAR) {
      throw invalid(field, item, "runs backwards; year ranges do not wrap around");
    } else {
      values.set(from, field.max + 1);
      values.set(field.min, to + 1);
    }
    return values;
  }

  /** A mask of values below 64 (seconds, minutes, hours, months). */
  static long mask(BitSet values) {
    return values.isEmpty() ? 0 : values.toLongArray()[0];
  }

  /** Weekdays numbered 0-7 (0 and 7 Sunday) as a mask of ISO weekdays 1-7 (Monday = 1). */
  static long isoWeekdays(BitSet values) {
    long mask = mask(values);
    return (mask & DayField.ALL_WEEKDAYS) | (mask & 1) << 7;
  }
}
