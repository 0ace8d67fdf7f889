package org.timerlock.core.schedule;

import java.time.DayOfWeek;
import java.time.LocalDate;

/**
 * One day of a month as the expressions name it: a day number, a count of days before the last day,
 * or the nth or last occurrence of a weekday. Which day that is depends on the month, so it is
 * resolved per date.
 */
record DayRef(Kind kind, int number, DayOfWeek weekday) {

  /** The ways of naming a day. */
  enum Kind {
    /** Day {@code number} of the month. */
    DAY,
    /** {@code number} days before the last day of the month ({@code 0}: the last day). */
    BEFORE_LAST,
    /** The {@code number}th (1-5) {@code weekday} of the month. */
    NTH_WEEKDAY,
    /** The last {@code weekday} of the month. */
    LAST_WEEKDAY
  }

  static DayRef day(int day) {
    return new DayRef(Kind.DAY, day, null);
  }

  static DayRef beforeLast(int days) {
    return new DayRef(Kind.BEFORE_LAST, days, null);
  }

  static DayRef nth(int n, DayOfWeek weekday) {
    return new DayRef(Kind.NTH_WEEKDAY, n, weekday);
  }

  static DayRef last(DayOfWeek weekday) {
    return new DayRef(Kind.LAST_WEEKDAY, 0, weekday);
  }

  /**
   * The day of {@code date}'s month this names. A {@link Kind#DAY} is returned as written even past
   * the month's end, so that a range such as {@code 27-31} still covers 27-28 in February; a 5th
   * weekday that the month lacks gives 0.
   */
  int resolve(LocalDate date) {
    int length = date.lengthOfMonth();
    return switch (kind) {
      case DAY -> number;
      case BEFORE_LAST -> length - number;
      case NTH_WEEKDAY -> {
        int firstWeekdayOfMonth =
            Math.floorMod(date.getDayOfWeek().getValue() - date.getDayOfMonth(), 7) + 1;
        int first = 1 + Math.floorMod(weekday.getValue() - firstWeekdayOfMonth, 7);
        int day = first + 7 * (number - 1);
        yield day <= length ? day : 0;
      }
      case LAST_WEEKDAY -> {
        int lastWeekdayOfMonth =
            Math.floorMod(date.getDayOfWeek().getValue() + length - date.getDayOfMonth() - 1, 7)
                + 1;
        yield length - Math.floorMod(lastWeekdayOfMonth - weekday.getValue(), 7);
      }
    };
  }
}
