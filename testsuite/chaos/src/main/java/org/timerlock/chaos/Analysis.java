package org.timerlock.chaos;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Turns what a run left behind into a {@link RunReport}.
 *
 * <p>The ground truth needs no fencing token and no store: every execution logs the true time
 * before it asked for the lock ({@code at}) and the true time its job started ({@code t}), so its
 * acquisition lies in {@code [at, t]}. Execution A provably acquired before B when {@code A.t <
 * B.at}. An applied write is stale when the resource had already applied a write of an execution
 * that provably acquired later; a token inversion is an execution whose token is not above that of
 * every execution that provably acquired before it. Unprovable orders (two acquisitions whose
 * windows intersect) count as neither, so a slow machine can hide a fault but never invent one.
 */
public final class Analysis {

  private static final int SAMPLES = 10;

  /** One execution of the job: the lock was taken and the job started. */
  private static final class Exec {
    final String id;
    final int node;
    final String incarnation;
    final long fire;
    final Long token;
    final long at;
    final long start;
    long end;
    boolean ended;
    String write;

    Exec(String id, int node, String incarnation, long fire, Long token, long at, long start) {
      this.id = id;
      this.node = node;
      this.incarnation = incarnation;
      this.fire = fire;
      this.token = token;
      this.at = at;
      this.start = start;
    }
  }

  private Analysis() {}

  /**
   * Analyses a run.
   *
   * @param data what the run left behind
   * @return the report
   */
  public static RunReport analyze(RunData data) {
    ChaosSettings s = data.settings();
    Map<String, Exec> execs = new LinkedHashMap<>();
    Map<Long, List<String>> attemptsByFire = new HashMap<>();
    Map<String, Long> attempts = new TreeMap<>();
    long unexpectedExits = 0;
    for (RunData.Incarnation inc : data.incarnations()) {
      boolean done = false;
      List<Exec> mine = new ArrayList<>();
      for (EventLine e : inc.events()) {
        switch (e.type()) {
          case "START" -> {
            Exec x =
                new Exec(
                    e.get("exec"),
                    inc.node(),
                    inc.tag(),
                    e.number("fire"),
                    e.optionalNumber("token"),
                    e.number("at"),
                    e.number("t"));
            execs.put(x.id, x);
            mine.add(x);
          }
          case "WRITE" -> {
            Exec x = execs.get(e.get("exec"));
            if (x != null) {
              x.write = e.get("outcome");
            }
          }
          case "END" -> {
            Exec x = execs.get(e.get("exec"));
            if (x != null) {
              x.end = e.number("t");
              x.ended = true;
            }
          }
          case "ATTEMPT" -> {
            String outcome = e.get("outcome");
            attempts.merge(outcome, 1L, Long::sum);
            attemptsByFire.computeIfAbsent(e.number("fire"), f -> new ArrayList<>()).add(outcome);
          }
          case "DONE" -> done = true;
          default -> {
            // READY, FEATURES, WARMUP_FAILED: nothing to count.
          }
        }
      }
      // An execution cut short by kill -9 held the lock until the kill, as far as anyone can tell.
      for (Exec x : mine) {
        if (!x.ended) {
          x.end = Math.max(x.start, inc.endedAt());
        }
      }
      if (!done && !inc.killed()) {
        unexpectedExits++;
      }
    }

    // Fires.
    Map<Long, List<Exec>> byFire = new TreeMap<>();
    execs.values().forEach(x -> byFire.computeIfAbsent(x.fire, f -> new ArrayList<>()).add(x));
    long scheduled = 0;
    long run = 0;
    long twice = 0;
    long twiceAcrossRestart = 0;
    long extra = 0;
    long missed = 0;
    Map<String, Long> missedByReason = new LinkedHashMap<>();
    for (String reason :
        List.of(
            RunReport.MISSED_NO_ATTEMPT,
            RunReport.MISSED_STORE_DOWN,
            RunReport.MISSED_HELD,
            RunReport.MISSED_ALREADY_RAN)) {
      missedByReason.put(reason, 0L);
    }
    List<String> duplicateSamples = new ArrayList<>();
    for (long fire = data.windowStart(); fire < data.windowEnd(); fire += s.periodMillis()) {
      scheduled++;
      List<Exec> served = byFire.getOrDefault(fire, List.of());
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
        if (duplicateSamples.size() < SAMPLES) {
          duplicateSamples.add(describeDuplicate(data, fire, served));
        }
      }
    }

    // Overlapping holders.
    List<Exec> byStart = new ArrayList<>(execs.values());
    byStart.sort(Comparator.comparingLong((Exec x) -> x.start).thenComparing(x -> x.id));
    long overlaps = 0;
    long toldApart = 0;
    List<String> overlapSamples = new ArrayList<>();
    for (int i = 0; i < byStart.size(); i++) {
      Exec a = byStart.get(i);
      for (int j = i + 1; j < byStart.size() && byStart.get(j).start < a.end; j++) {
        Exec b = byStart.get(j);
        overlaps++;
        boolean apart = a.token != null && b.token != null && !a.token.equals(b.token);
        if (apart) {
          toldApart++;
        }
        if (overlapSamples.size() < SAMPLES) {
          overlapSamples.add(describeOverlap(data, a, b, apart));
        }
      }
    }

    // Writes, in the order the resource saw them.
    long applied = 0;
    long appliedUnfenced = 0;
    long staleAccepted = 0;
    long refusedStale = 0;
    long refusedOther = 0;
    long belowToken = 0;
    Long maxAppliedToken = null;
    long latestAppliedAt = Long.MIN_VALUE;
    Map<String, Boolean> wrote = new HashMap<>();
    List<Fence.Row> writes = new ArrayList<>(data.writes());
    writes.sort(Comparator.comparingLong(Fence.Row::seq));
    for (Fence.Row w : writes) {
      Exec x = execs.get(w.execId());
      wrote.put(w.execId(), true);
      if (x == null) {
        continue; // cannot happen: START is logged before the write
      }
      boolean stale = x.start < latestAppliedAt;
      if (w.applied()) {
        if (w.fenced()) {
          applied++;
        } else {
          appliedUnfenced++;
        }
        if (stale) {
          staleAccepted++;
        }
        if (w.token() != null) {
          if (maxAppliedToken != null && w.token() < maxAppliedToken) {
            belowToken++;
          }
          maxAppliedToken =
              maxAppliedToken == null ? w.token() : Math.max(maxAppliedToken, w.token());
        }
        latestAppliedAt = Math.max(latestAppliedAt, x.at);
      } else if (stale) {
        refusedStale++;
      } else {
        refusedOther++;
      }
    }
    long failed = 0;
    long lost = 0;
    long withoutToken = 0;
    for (Exec x : execs.values()) {
      if ("FAILED".equals(x.write)) {
        failed++;
      } else if (!wrote.containsKey(x.id)) {
        lost++;
      }
      if (x.token == null) {
        withoutToken++;
      }
    }

    // Tokens against the provable order of acquisitions.
    long inversions = 0;
    List<Exec> byAt = new ArrayList<>(execs.values());
    byAt.sort(Comparator.comparingLong((Exec x) -> x.at));
    int next = 0;
    Long maxBefore = null;
    for (Exec b : byAt) {
      while (next < byStart.size() && byStart.get(next).start < b.at) {
        Long t = byStart.get(next).token;
        if (t != null && (maxBefore == null || t > maxBefore)) {
          maxBefore = t;
        }
        next++;
      }
      if (b.token != null && maxBefore != null && b.token <= maxBefore) {
        inversions++;
      }
    }

    List<RunReport.FaultOutcome> faults = new ArrayList<>();
    for (RunData.FaultEvent f : data.faults()) {
      faults.add(outcome(data, f, byStart, attemptsAround(data, f)));
    }

    return new RunReport(
        data.store(),
        data.mode(),
        s.seed(),
        s.nodes(),
        data.skews(),
        data.features(),
        data.windowEnd() - data.windowStart(),
        s.periodMillis(),
        s.lockAtMostForMillis(),
        scheduled,
        run,
        twice,
        twiceAcrossRestart,
        extra,
        execs.size(),
        attempts,
        missed,
        missedByReason,
        overlaps,
        toldApart,
        applied,
        appliedUnfenced,
        staleAccepted,
        belowToken,
        refusedStale,
        refusedOther,
        failed,
        lost,
        withoutToken,
        inversions,
        faults,
        unexpectedExits,
        duplicateSamples,
        overlapSamples);
  }

  /** Whether a Redis restart came between the first execution of a fire and a later one. */
  private static boolean acrossRestart(RunData data, List<Exec> served) {
    long first = served.stream().mapToLong(x -> x.start).min().orElseThrow();
    long last = served.stream().mapToLong(x -> x.start).max().orElseThrow();
    return data.faults().stream()
        .anyMatch(f -> f.kind() == FaultPlan.Kind.REDIS_RESTART && f.at() > first && f.at() < last);
  }

  private static String missReason(List<String> outcomes) {
    if (outcomes == null || outcomes.isEmpty()) {
      return RunReport.MISSED_NO_ATTEMPT;
    }
    if (outcomes.contains("STORE_FAILURE") || outcomes.contains("ERROR")) {
      return RunReport.MISSED_STORE_DOWN;
    }
    if (outcomes.contains("HELD_ELSEWHERE")) {
      return RunReport.MISSED_HELD;
    }
    if (outcomes.contains("ALREADY_RAN")) {
      return RunReport.MISSED_ALREADY_RAN;
    }
    // EXECUTED without a START cannot be logged; treat anything else as no attempt.
    return RunReport.MISSED_NO_ATTEMPT;
  }

  /** Store failures among the attempts made while Redis was down, and the second after. */
  private static long attemptsAround(RunData data, RunData.FaultEvent f) {
    if (f.kind() != FaultPlan.Kind.REDIS_RESTART) {
      return 0;
    }
    long n = 0;
    for (RunData.Incarnation inc : data.incarnations()) {
      for (EventLine e : inc.events()) {
        if (e.type().equals("ATTEMPT")
            && e.number("at") >= f.at()
            && e.number("at") <= f.until() + 1_000
            && ("STORE_FAILURE".equals(e.get("outcome")) || "ERROR".equals(e.get("outcome")))) {
          n++;
        }
      }
    }
    return n;
  }

  private static RunReport.FaultOutcome outcome(
      RunData data, RunData.FaultEvent f, List<Exec> byStart, long storeFailures) {
    long at = f.at() - data.windowStart();
    long duration = f.until() - f.at();
    String victim = f.node() < 0 ? null : "n" + f.node() + "." + f.incarnation();
    Long takeover = null;
    String note;
    switch (f.kind()) {
      case KILL -> {
        for (Exec x : byStart) {
          if (x.start >= f.at() && !x.incarnation.equals(victim)) {
            takeover = x.start - f.at();
            break;
          }
        }
        note =
            (f.holderExec() == null ? "killed between jobs" : "killed the holder " + f.holderExec())
                + (takeover == null
                    ? "; no execution followed"
                    : "; next execution " + takeover + " ms later")
                + "; restarted after "
                + duration
                + " ms";
      }
      case LONG_PAUSE, SHORT_PAUSE -> {
        long during = 0;
        for (Exec x : byStart) {
          if (x.start >= f.at() && x.start < f.until() && !x.incarnation.equals(victim)) {
            during++;
          }
        }
        String write = "";
        if (f.holderExec() != null) {
          Exec held = null;
          for (Exec x : byStart) {
            if (x.id.equals(f.holderExec())) {
              held = x;
            }
          }
          write =
              "; the stopped holder's write: "
                  + (held == null || held.write == null ? "none" : held.write);
        }
        note =
            (f.holderExec() == null
                    ? "stopped between jobs"
                    : "stopped the holder " + f.holderExec())
                + "; "
                + during
                + " executions started elsewhere meanwhile"
                + write;
      }
      case REDIS_RESTART ->
          note =
              "Redis down "
                  + duration
                  + (data.store().guardSurvivesFaults()
                      ? " ms, back from its append-only file; "
                      : " ms, all keys lost; ")
                  + storeFailures
                  + " attempts failed";
      default -> note = "";
    }
    return new RunReport.FaultOutcome(
        f.kind(), f.node(), at, duration, f.holderExec(), takeover, note);
  }

  private static String describeDuplicate(RunData data, long fire, List<Exec> served) {
    StringBuilder sb = new StringBuilder("fire at ").append(rel(data, fire)).append(" ms: ");
    for (int i = 0; i < served.size(); i++) {
      Exec x = served.get(i);
      sb.append(i == 0 ? "" : ", ")
          .append(x.id)
          .append(" (skew ")
          .append(data.skews().get(x.node))
          .append(" ms, token ")
          .append(x.token == null ? "none" : x.token)
          .append(", started ")
          .append(rel(data, x.start))
          .append(" ms)");
    }
    return sb.toString();
  }

  private static String describeOverlap(RunData data, Exec a, Exec b, boolean apart) {
    return a.id
        + " ["
        + rel(data, a.start)
        + ", "
        + rel(data, a.end)
        + "] token "
        + (a.token == null ? "none" : a.token)
        + " and "
        + b.id
        + " ["
        + rel(data, b.start)
        + ", "
        + rel(data, b.end)
        + "] token "
        + (b.token == null ? "none" : b.token)
        + (apart ? ": told apart" : ": not told apart")
        + "; writes "
        + a.write
        + " / "
        + b.write;
  }

  /** A true time as a signed offset from the window's start, e.g. {@code +250} or {@code -82}. */
  private static String rel(RunData data, long time) {
    long d = time - data.windowStart();
    return (d >= 0 ? "+" : "") + d;
  }
}
