package org.timerlock.chaos.verdict;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.timerlock.chaos.FaultPlan;
import org.timerlock.chaos.RunData;

/**
 * The "once per fire" verdict: every fire of the schedule's window, and how many executions served
 * it. A fire no execution served is missed, for the most telling answer its attempts got.
 *
 * @param scheduled fires of the schedule in the window
 * @param run fires that at least one execution served
 * @param runTwice fires that two or more executions served
 * @param twiceAcrossRestart of those, fires whose executions a Redis restart separates
 * @param extraExecutions executions beyond the first of each fire
 * @param missed fires no execution served
 * @param missedByReason missed fires by the most telling answer their attempts got
 * @param duplicateSamples a few fires that ran twice, described
 */
public record Fires(
    long scheduled,
    long run,
    long runTwice,
    long twiceAcrossRestart,
    long extraExecutions,
    long missed,
    Map<String, Long> missedByReason,
    List<String> duplicateSamples) {

  /** Missed because no live node attempted the fire (all were dead, stopped or starting). */
  public static final String MISSED_NO_ATTEMPT = "no live node attempted it";

  /** Missed because the store could not answer. */
  public static final String MISSED_STORE_DOWN = "store down";

  /** Missed because another execution held the lease. */
  public static final String MISSED_HELD = "held elsewhere";

  /** Missed because the store had granted a later fire. */
  public static final String MISSED_ALREADY_RAN = "already ran (a later fire was granted)";

  /**
   * Counts the fires of a run.
   *
   * @param data what the run left behind
   * @param executions the run's executions, by id
   * @param attemptsByFire the outcomes of the lock attempts, by the fire they were for
   * @return the verdict
   */
  public static Fires from(
      RunData data, Map<String, Execution> executions, Map<Long, List<String>> attemptsByFire) {
    Map<Long, List<Execution>> byFire = new TreeMap<>();
    executions
        .values()
        .forEach(x -> byFire.computeIfAbsent(x.fire(), f -> new ArrayList<>()).add(x));
    long scheduled = 0;
    long run = 0;
    long twice = 0;
    long twiceAcrossRestart = 0;
    long extra = 0;
    long missed = 0;
    Map<String, Long> missedByReason = new LinkedHashMap<>();
    for (String reason :
        List.of(MISSED_NO_ATTEMPT, MISSED_STORE_DOWN, MISSED_HELD, MISSED_ALREADY_RAN)) {
      missedByReason.put(reason, 0L);
    }
    List<String> duplicateSamples = new ArrayList<>();
    long period = data.settings().periodMillis();
    for (long fire = data.windowStart(); fire < data.windowEnd(); fire += period) {
      scheduled++;
      List<Execution> served = byFire.getOrDefault(fire, List.of());
      if (served.isEmpty()) {
        missed++;
        missedByReason.merge(missReason(attemptsByFire.get(fire)), 1L, Long::sum);
        continue;
      }
      run++;
      if (served.size() > 1) {
        twice++;
        extra += served.size() - 1;
        if (acrossRestart(data, served)) {
          twiceAcrossRestart++;
        }
        if (duplicateSamples.size() < Samples.MAX) {
          duplicateSamples.add(describeDuplicate(data, fire, served));
        }
      }
    }
    return new Fires(
        scheduled, run, twice, twiceAcrossRestart, extra, missed, missedByReason, duplicateSamples);
  }

  /** Whether a Redis restart came between the first execution of a fire and a later one. */
  private static boolean acrossRestart(RunData data, List<Execution> served) {
    long first = served.stream().mapToLong(Execution::start).min().orElseThrow();
    long last = served.stream().mapToLong(Execution::start).max().orElseThrow();
    return data.faults().stream()
        .anyMatch(f -> f.kind() == FaultPlan.Kind.REDIS_RESTART && f.at() > first && f.at() < last);
  }

  private static String missReason(List<String> outcomes) {
    if (outcomes == null || outcomes.isEmpty()) {
      return MISSED_NO_ATTEMPT;
    }
    if (outcomes.contains("STORE_FAILURE") || outcomes.contains("ERROR")) {
      return MISSED_STORE_DOWN;
    }
    if (outcomes.contains("HELD_ELSEWHERE")) {
      return MISSED_HELD;
    }
    if (outcomes.contains("ALREADY_RAN")) {
      return MISSED_ALREADY_RAN;
    }
    // EXECUTED without a START cannot be logged; treat anything else as no attempt.
    return MISSED_NO_ATTEMPT;
  }

  private static String describeDuplicate(RunData data, long fire, List<Execution> served) {
    StringBuilder sb = new StringBuilder("fire at ").append(Samples.at(data, fire)).append(" ms: ");
    for (int i = 0; i < served.size(); i++) {
      Execution x = served.get(i);
      sb.append(i == 0 ? "" : ", ")
          .append(x.id())
          .append(" (skew ")
          .append(data.skews().get(x.node()))
          .append(" ms, token ")
          .append(x.token() == null ? "none" : x.token())
          .append(", started ")
          .append(Samples.at(data, x.start()))
          .append(" ms)");
    }
    return sb.toString();
  }
}
