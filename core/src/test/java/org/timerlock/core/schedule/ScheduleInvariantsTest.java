package org.timerlock.core.schedule;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalTime;
import java.time.ZoneId;
import java.time.zone.ZoneOffsetTransition;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * Property checks over random schedules and instants, with a fixed seed: the three searches agree
 * with each other, and with a brute-force list of every fire around daylight-saving transitions.
 */
class ScheduleInvariantsTest {

  private static final List<String> ZONES =
      List.of(
          "UTC",
          "Europe/Berlin",
          "America/New_York",
          "Australia/Lord_Howe",
          "America/Sao_Paulo",
          "Pacific/Apia",
          "Asia/Kolkata");
  private static final String[] SECONDS = {"0", "30", "0,15,45", "*/20", "10-12", "59"};
  private static final String[] MINUTES = {"0", "*/5", "*", "15,45", "58-2", "7/13", "30"};
  private static final String[] HOURS = {"*", "0", "2", "1-3", "22-2", "*/6", "2,3", "23"};
  private static final String[] DAYS_OF_MONTH = {
    "*", "*", "*", "1", "Last", "-2", "2nd Sun", "Last Sun", "27-3", "15-Last", "31", "29"
  };
  private static final String[] MONTHS = {
    "*", "*", "*", "Mar", "Oct-Nov", "Jan,Apr,Jul,Oct", "Feb"
  };
  private static final String[] DAYS_OF_WEEK = {"*", "*", "*", "Sun", "Mon-Fri", "Fri-Mon", "0,3"};
  private static final String[] YEARS = {"*", "*", "*", "*", "2012-2016, 2024", "2020"};
  private static final String[] CRONS = {
    "*/20 * * * *",
    "0 30 2 * * *",
    "15 */7 1-3 L,15 * *",
    "0 0 * * FRI#2,SUN#L",
    "0 45 23 2L */2 MON-FRI",
    "0 0 ? * SAT,SUN",
    "0 30 1,2 * OCT-MAR *"
  };

  private final Random random = new Random(20240331L);

  @Test
  void searchesAgreeWithEachOther() {
    for (int i = 0; i < 300; i++) {
      CalendarSchedule schedule = randomSchedule();
      for (int j = 0; j < 30; j++) {
        Instant t =
            Instant.ofEpochSecond(
                LocalDate.of(2005, 1, 1).toEpochDay() * 86_400
                    + random.nextLong(25L * 365 * 86_400),
                random.nextBoolean() ? 0 : random.nextInt(1_000_000_000));
        Optional<Instant> latest = schedule.latestFireAtOrBefore(t);
        Optional<Instant> next = schedule.nextFireAfter(t);
        String context = schedule + " at " + t;

        next.ifPresent(
            n -> {
              assertThat(n).as(context).isAfter(t);
              assertThat(schedule.latestFireBefore(n)).as(context).isEqualTo(latest);
            });
        latest.ifPresent(
            l -> {
              assertThat(l).as(context).isBeforeOrEqualTo(t);
              assertThat(schedule.nextFireAfter(l)).as(context).isEqualTo(next);
              assertThat(schedule.latestFireAtOrBefore(l)).as(context).contains(l);
            });
        if (latest.isPresent() && latest.get().equals(t)) {
          assertThat(schedule.latestFireBefore(t)).as(context).isNotEqualTo(latest);
        } else {
          assertThat(schedule.latestFireBefore(t)).as(context).isEqualTo(latest);
        }
      }
    }
  }

  @Test
  void searchesFindExactlyTheFiresOfABruteForceListAroundTransitions() {
    for (int i = 0; i < 120; i++) {
      ZoneId zone = ZoneId.of(ZONES.get(random.nextInt(ZONES.size())));
      String[] f = randomFields();
      ScheduleModel model =
          CalendarFieldParser.parse(f[0], f[1], f[2], f[3], f[4], f[5], f[6], "test");
      CalendarSchedule schedule =
          CalendarSchedule.builder()
              .second(f[0])
              .minute(f[1])
              .hour(f[2])
              .dayOfMonth(f[3])
              .month(f[4])
              .dayOfWeek(f[5])
              .year(f[6])
              .zone(zone)
              .build();
      LocalDate first = aroundATransition(zone);
      LocalDate last = first.plusDays(60);
      TreeSet<Instant> fires = everyFire(model, zone, first, last);
      // Only instants whose answers surely lie inside the listed days are checked.
      Instant low = first.plusDays(2).atStartOfDay(zone).toInstant();
      Instant high = last.minusDays(2).atStartOfDay(zone).toInstant();
      for (int j = 0; j < 200; j++) {
        Instant t = low.plusSeconds(random.nextLong(high.getEpochSecond() - low.getEpochSecond()));
        if (j % 3 == 0 && fires.ceiling(t) != null) {
          t = fires.ceiling(t); // also probe exactly on fires
        }
        String context = schedule + " at " + t;
        Instant higher = fires.higher(t);
        Instant floor = fires.floor(t);
        Instant lower = fires.lower(t);
        if (higher != null && higher.isBefore(high)) {
          assertThat(schedule.nextFireAfter(t)).as(context).contains(higher);
        }
        if (floor != null && floor.isAfter(low)) {
          assertThat(schedule.latestFireAtOrBefore(t)).as(context).contains(floor);
        }
        if (lower != null && lower.isAfter(low)) {
          assertThat(schedule.latestFireBefore(t)).as(context).contains(lower);
        }
      }
    }
  }

  /** Every fire between two dates: each matching local date-time, placed with {@code atZone}. */
  private static TreeSet<Instant> everyFire(
      ScheduleModel model, ZoneId zone, LocalDate first, LocalDate last) {
    TreeSet<Instant> fires = new TreeSet<>();
    for (LocalDate date = first; !date.isAfter(last); date = date.plusDays(1)) {
      if (!model.dateMatches(date)) {
        continue;
      }
      for (long hours = model.hours(); hours != 0; hours &= hours - 1) {
        for (long minutes = model.minutes(); minutes != 0; minutes &= minutes - 1) {
          for (long seconds = model.seconds(); seconds != 0; seconds &= seconds - 1) {
            LocalTime time =
                LocalTime.of(
                    Long.numberOfTrailingZeros(hours),
                    Long.numberOfTrailingZeros(minutes),
                    Long.numberOfTrailingZeros(seconds));
            fires.add(date.atTime(time).atZone(zone).toInstant());
          }
        }
      }
    }
    return fires;
  }

  /** A date some weeks before one of the zone's transitions between 2010 and 2025, if any. */
  private LocalDate aroundATransition(ZoneId zone) {
    List<ZoneOffsetTransition> transitions = new ArrayList<>();
    ZoneOffsetTransition transition =
        zone.getRules().nextTransition(Instant.parse("2010-01-01T00:00:00Z"));
    while (transition != null
        && transition.getInstant().isBefore(Instant.parse("2025-01-01T00:00:00Z"))) {
      transitions.add(transition);
      transition = zone.getRules().nextTransition(transition.getInstant());
    }
    if (transitions.isEmpty()) {
      return LocalDate.of(2010, 1, 1).plusDays(random.nextInt(5000));
    }
    Instant chosen = transitions.get(random.nextInt(transitions.size())).getInstant();
    return LocalDate.ofInstant(chosen, zone).minusDays(5 + random.nextInt(50));
  }

  private CalendarSchedule randomSchedule() {
    ZoneId zone = ZoneId.of(ZONES.get(random.nextInt(ZONES.size())));
    if (random.nextInt(4) == 0) {
      return CalendarSchedule.cron(CRONS[random.nextInt(CRONS.length)], zone);
    }
    String[] f = randomFields();
    return CalendarSchedule.builder()
        .second(f[0])
        .minute(f[1])
        .hour(f[2])
        .dayOfMonth(f[3])
        .month(f[4])
        .dayOfWeek(f[5])
        .year(f[6])
        .zone(zone)
        .build();
  }

  private String[] randomFields() {
    return new String[] {
      pick(SECONDS),
      pick(MINUTES),
      pick(HOURS),
      pick(DAYS_OF_MONTH),
      pick(MONTHS),
      pick(DAYS_OF_WEEK),
      pick(YEARS)
    };
  }

  private String pick(String[] values) {
    return values[random.nextInt(values.length)];
  }
}
