package org.timerlock.core.schedule;

import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.zone.ZoneOffsetTransition;
import java.time.zone.ZoneRules;
import java.util.Arrays;
import java.util.OptionalLong;

/**
 * Finds fires of a {@link ScheduleModel} in a time zone, in whole epoch seconds.
 *
 * <p>A matching local date-time becomes the instant {@code localDateTime.atZone(zone)} gives: in an
 * overlap the earlier offset (so it fires once), in a gap the offset before the gap (so it fires
 * that much later, 02:30 becoming 03:30 when the clocks skip 02:00-03:00). Within one day that
 * mapping is increasing except across a transition, so a day is cut at each transition into
 * stretches with one offset, and each stretch is searched with the model's sorted time sets.
 *
 * <p>Dates are walked one matching date at a time, skipping whole months and years the model does
 * not allow, and the walk gives up after {@value #SEARCH_YEARS} allowed years without a fire.
 */
final class FireSearch {

  private static final int SEARCH_YEARS = 100;

  private static final int DAY = 86_400;
  private static final int[] NO_TRANSITIONS = {};

  // Kept well inside LocalDate's range so that walking a century beyond never overflows.
  private static final long MIN_SECOND = LocalDate.of(-999_990_000, 1, 1).toEpochDay() * DAY;
  private static final long MAX_SECOND = LocalDate.of(999_990_000, 1, 1).toEpochDay() * DAY;

  private final ScheduleModel model;
  private final ZoneRules rules;

  FireSearch(ScheduleModel model, ZoneId zone) {
    this.model = model;
    this.rules = zone.getRules();
  }

  /** The earliest fire at or after the epoch second {@code from}. */
  OptionalLong firstAtOrAfter(long from) {
    if (from > MAX_SECOND) {
      return OptionalLong.empty();
    }
    long bound = Math.max(from, MIN_SECOND);
    // Start a day early: a gap can move the previous day's last local times past midnight.
    LocalDate date = localDate(bound).minusDays(1);
    int lastYear = model.searchLimit(date.getYear(), SEARCH_YEARS, 1);
    for (date = matchingDateOnOrAfter(date, lastYear);
        date != null;
        date = matchingDateOnOrAfter(date.plusDays(1), lastYear)) {
      long fire = firstOn(date, bound);
      if (fire != Long.MAX_VALUE) {
        // The next day can still fire earlier, when this day's fire was pushed on by a gap.
        LocalDate next = date.plusDays(1);
        return OptionalLong.of(
            model.dateMatches(next) ? Math.min(fire, firstOn(next, bound)) : fire);
      }
    }
    return OptionalLong.empty();
  }

  /** The latest fire at or before the epoch second {@code to}. */
  OptionalLong lastAtOrBefore(long to) {
    if (to < MIN_SECOND) {
      return OptionalLong.empty();
    }
    long bound = Math.min(to, MAX_SECOND);
    // Start a day late: an overlap across midnight puts the next day's first times before bound.
    LocalDate date = localDate(bound).plusDays(1);
    int firstYear = model.searchLimit(date.getYear(), SEARCH_YEARS, -1);
    for (date = matchingDateOnOrBefore(date, firstYear);
        date != null;
        date = matchingDateOnOrBefore(date.minusDays(1), firstYear)) {
      long fire = lastOn(date, bound);
      if (fire != Long.MIN_VALUE) {
        // The previous day can still fire later, when its fire was pushed on by a gap.
        LocalDate previous = date.minusDays(1);
        return OptionalLong.of(
            model.dateMatches(previous) ? Math.max(fire, lastOn(previous, bound)) : fire);
      }
    }
    return OptionalLong.empty();
  }

  private LocalDate matchingDateOnOrAfter(LocalDate start, int lastYear) {
    LocalDate date = start;
    while (date.getYear() <= lastYear) {
      int year = model.yearAtOrAfter(date.getYear());
      if (year == ScheduleModel.NO_YEAR) {
        return null;
      }
      if (year != date.getYear()) {
        date = LocalDate.of(year, 1, 1);
      } else if (!model.allowsMonth(date.getMonthValue())) {
        date = date.withDayOfMonth(1).plusMonths(1);
      } else if (model.dayMatches(date)) {
        return date;
      } else {
        date = date.plusDays(1);
      }
    }
    return null;
  }

  private LocalDate matchingDateOnOrBefore(LocalDate start, int firstYear) {
    LocalDate date = start;
    while (date.getYear() >= firstYear) {
      int year = model.yearAtOrBefore(date.getYear());
      if (year == ScheduleModel.NO_YEAR) {
        return null;
      }
      if (year != date.getYear()) {
        date = LocalDate.of(year, 12, 31);
      } else if (!model.allowsMonth(date.getMonthValue())) {
        date = date.withDayOfMonth(1).minusDays(1);
      } else if (model.dayMatches(date)) {
        return date;
      } else {
        date = date.minusDays(1);
      }
    }
    return null;
  }

  /** The earliest fire on {@code date} at or after {@code from}, or {@code Long.MAX_VALUE}. */
  private long firstOn(LocalDate date, long from) {
    long midnight = date.toEpochDay() * DAY; // the local midnight, counted as if it were UTC
    long best = Long.MAX_VALUE;
    int stretchStart = 0;
    for (int stretchEnd : stretchEnds(midnight)) {
      int offset = offsetAt(midnight + stretchStart);
      long earliest = Math.max(stretchStart, from + offset - midnight);
      if (earliest < stretchEnd) {
        int time = model.firstTimeAtOrAfter((int) earliest);
        if (time >= 0 && time < stretchEnd) {
          best = Math.min(best, midnight + time - offset);
        }
      }
      stretchStart = stretchEnd;
    }
    return best;
  }

  /** The latest fire on {@code date} at or before {@code to}, or {@code Long.MIN_VALUE}. */
  private long lastOn(LocalDate date, long to) {
    long midnight = date.toEpochDay() * DAY;
    long best = Long.MIN_VALUE;
    int stretchStart = 0;
    for (int stretchEnd : stretchEnds(midnight)) {
      int offset = offsetAt(midnight + stretchStart);
      long latest = Math.min(stretchEnd - 1, to + offset - midnight);
      if (latest >= stretchStart) {
        int time = model.lastTimeAtOrBefore((int) latest);
        if (time >= stretchStart) {
          best = Math.max(best, midnight + time - offset);
        }
      }
      stretchStart = stretchEnd;
    }
    return best;
  }

  /**
   * Where the day starting at local {@code midnight} splits into stretches with one offset, as
   * seconds of the day, the last being the day's end. A transition splits the day at the end of its
   * gap or overlap: the local times before that end keep the offset from before.
   */
  private int[] stretchEnds(long midnight) {
    int[] ends = NO_TRANSITIONS;
    if (!rules.isFixedOffset()) {
      ZoneOffsetTransition transition =
          rules.nextTransition(Instant.ofEpochSecond(midnight - 2 * DAY));
      while (transition != null && transition.toEpochSecond() < midnight + 2 * DAY) {
        long end =
            Math.max(
                    transition.getDateTimeBefore().toEpochSecond(ZoneOffset.UTC),
                    transition.getDateTimeAfter().toEpochSecond(ZoneOffset.UTC))
                - midnight;
        if (end > 0 && end < DAY) {
          ends = Arrays.copyOf(ends, ends.length + 1);
          ends[ends.length - 1] = (int) end;
        }
        transition = rules.nextTransition(transition.getInstant());
      }
    }
    ends = Arrays.copyOf(ends, ends.length + 1);
    ends[ends.length - 1] = DAY;
    return ends;
  }

  /** The offset, in seconds, that {@code atZone} gives the local date-time. */
  private int offsetAt(long localEpochSecond) {
    return rules
        .getOffset(LocalDateTime.ofEpochSecond(localEpochSecond, 0, ZoneOffset.UTC))
        .getTotalSeconds();
  }

  private LocalDate localDate(long epochSecond) {
    int offset = rules.getOffset(Instant.ofEpochSecond(epochSecond)).getTotalSeconds();
    return LocalDate.ofEpochDay(Math.floorDiv(epochSecond + offset, DAY));
  }
}
