package org.timerlock.core.schedule;

import java.time.LocalDate;
import java.util.List;

/**
 * A day-of-month or day-of-week attribute. Plain values (day numbers 1-31, or ISO weekdays 1-7 with
 * Monday = 1) are bits of {@code plain}; values that depend on the month (Last, -3, 2nd Tue, SAT#L,
 * 27-Last) are {@code terms}, any of which may match.
 */
record DayField(boolean weekdays, long plain, List<Term> terms) {

  /** Every day number of a month, bits 1-31. */
  static final long ALL_DAYS_OF_MONTH = 0xFFFF_FFFEL;

  /** Every weekday, bits 1-7. */
  static final long ALL_WEEKDAYS = 0xFEL;

  /**
   * The days from {@code from} to {@code to} inclusive, wrapping past the month's end when {@code
   * from} falls after {@code to} (the spec's {@code "27-3"}). A single day has {@code from == to}.
   */
  record Term(DayRef from, DayRef to) {

    boolean matches(LocalDate date) {
      int first = from.resolve(date);
      int last = to.resolve(date);
      if (first == 0 || last == 0) {
        return false; // an end that this month lacks (a 5th Monday) matches no day
      }
      int day = date.getDayOfMonth();
      return first <= last ? first <= day && day <= last : day >= first || day <= last;
    }
  }

  static DayField everyDayOfMonth() {
    return new DayField(false, ALL_DAYS_OF_MONTH, List.of());
  }

  static DayField everyWeekday() {
    return new DayField(true, ALL_WEEKDAYS, List.of());
  }

  /** Whether the attribute allows every value, as {@code "*"} does; the EJB OR rule needs it. */
  boolean allowsEveryDay() {
    return plain == (weekdays ? ALL_WEEKDAYS : ALL_DAYS_OF_MONTH);
  }

  boolean matches(LocalDate date) {
    int value = weekdays ? date.getDayOfWeek().getValue() : date.getDayOfMonth();
    if ((plain & (1L << value)) != 0) {
      return true;
    }
    for (Term term : terms) {
      if (term.matches(date)) {
        return true;
      }
    }
    return false;
  }
}
