package org.timerlock.core.schedule;

import java.time.LocalDate;
import java.util.BitSet;

/**
 * What a schedule allows, whichever syntax it was written in. Bit {@code i} of a mask stands for
 * value {@code i}: seconds and minutes 0-59, hours 0-23, months 1-12. {@code years} is {@code null}
 * when every year is allowed. When {@code eitherDayField} is set (the EJB rule) and both day fields
 * are restricted, a day matching either one fires; otherwise a day must match both (the cron rule).
 */
record ScheduleModel(
    long seconds,
    long minutes,
    long hours,
    long months,
    BitSet years,
    DayField daysOfMonth,
    DayField daysOfWeek,
    boolean eitherDayField) {

  /** What the year searches answer when no allowed year is left. */
  static final int NO_YEAR = Integer.MIN_VALUE;

  boolean allowsYear(int year) {
    return years == null || (year >= 0 && years.get(year));
  }

  boolean allowsMonth(int month) {
    return (months & (1L << month)) != 0;
  }

  /** The first allowed year at or after {@code year}, or {@link #NO_YEAR}. */
  int yearAtOrAfter(int year) {
    if (years == null) {
      return year;
    }
    int allowed = years.nextSetBit(Math.max(year, 0));
    return allowed < 0 ? NO_YEAR : allowed;
  }

  /** The last allowed year at or before {@code year}, or {@link #NO_YEAR}. */
  int yearAtOrBefore(int year) {
    if (years == null) {
      return year;
    }
    int allowed = year < 0 ? -1 : years.previousSetBit(year);
    return allowed < 0 ? NO_YEAR : allowed;
  }

  /**
   * The year a search from {@code year} gives up after: {@code count} allowed years further on
   * ({@code direction} 1) or back (-1), or the last allowed year when fewer remain.
   */
  int searchLimit(int year, int count, int direction) {
    if (years == null) {
      return year + direction * count;
    }
    int limit = year;
    int allowed = direction > 0 ? yearAtOrAfter(year) : yearAtOrBefore(year);
    for (int i = 0; i < count && allowed != NO_YEAR; i++) {
      limit = allowed;
      allowed = direction > 0 ? yearAtOrAfter(allowed + 1) : yearAtOrBefore(allowed - 1);
    }
    return limit;
  }

  boolean dayMatches(LocalDate date) {
    if (eitherDayField) {
      if (daysOfMonth.allowsEveryDay()) {
        return daysOfWeek.matches(date);
      }
      if (daysOfWeek.allowsEveryDay()) {
        return daysOfMonth.matches(date);
      }
      return daysOfMonth.matches(date) || daysOfWeek.matches(date);
    }
    return daysOfMonth.matches(date) && daysOfWeek.matches(date);
  }

  boolean dateMatches(LocalDate date) {
    return allowsYear(date.getYear()) && allowsMonth(date.getMonthValue()) && dayMatches(date);
  }

  /** The earliest allowed second of the day at or after {@code secondOfDay} (0-86399), or -1. */
  int firstTimeAtOrAfter(int secondOfDay) {
    int hour = secondOfDay / 3600;
    int minute = secondOfDay / 60 % 60;
    if (isSet(hours, hour)) {
      if (isSet(minutes, minute)) {
        int second = firstBit(seconds, secondOfDay % 60);
        if (second >= 0) {
          return time(hour, minute, second);
        }
      }
      int nextMinute = firstBit(minutes, minute + 1);
      if (nextMinute >= 0) {
        return time(hour, nextMinute, firstBit(seconds, 0));
      }
    }
    int nextHour = firstBit(hours, hour + 1);
    return nextHour < 0 ? -1 : time(nextHour, firstBit(minutes, 0), firstBit(seconds, 0));
  }

  /** The latest allowed second of the day at or before {@code secondOfDay} (0-86399), or -1. */
  int lastTimeAtOrBefore(int secondOfDay) {
    int hour = secondOfDay / 3600;
    int minute = secondOfDay / 60 % 60;
    if (isSet(hours, hour)) {
      if (isSet(minutes, minute)) {
        int second = lastBit(seconds, secondOfDay % 60);
        if (second >= 0) {
          return time(hour, minute, second);
        }
      }
      int previousMinute = lastBit(minutes, minute - 1);
      if (previousMinute >= 0) {
        return time(hour, previousMinute, lastBit(seconds, 59));
      }
    }
    int previousHour = lastBit(hours, hour - 1);
    return previousHour < 0 ? -1 : time(previousHour, lastBit(minutes, 59), lastBit(seconds, 59));
  }

  private static int time(int hour, int minute, int second) {
    return hour * 3600 + minute * 60 + second;
  }

  private static boolean isSet(long mask, int bit) {
    return (mask & (1L << bit)) != 0;
  }

  /** The lowest set bit at or above {@code from} (0-63), or -1. */
  private static int firstBit(long mask, int from) {
    long candidates = mask & (-1L << from);
    return candidates == 0 ? -1 : Long.numberOfTrailingZeros(candidates);
  }

  /** The highest set bit at or below {@code to} (-1 to 63), or -1. */
  private static int lastBit(long mask, int to) {
    if (to < 0) {
      return -1;
    }
    long candidates = mask & (-1L >>> (63 - to));
    return candidates == 0 ? -1 : 63 - Long.numberOfLeadingZeros(candidates);
  }
}
