package org.timerlock.chaos;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;

/**
 * What one chaos run showed. Times are true (unskewed) milliseconds; fault times are offsets from
 * the start of the schedule's window.
 *
 * @param store the lock store
 * @param mode guarded or lease only
 * @param seed the seed
 * @param nodes how many nodes
 * @param skews each node's clock skew
 * @param features the lock provider's features
 * @param runMillis the window's length
 * @param periodMillis the schedule's period
 * @param lockAtMostForMillis the lease
 * @param firesScheduled fires of the schedule in the window
 * @param firesRun fires that at least one execution served
 * @param firesRunTwice fires that two or more executions served
 * @param twiceAcrossRestart of those, fires whose executions a Redis restart separates
 * @param extraExecutions executions beyond the first of each fire
 * @param executions executions (lock taken, job started)
 * @param attempts lock attempts by outcome ({@code TaskResult.Outcome}, or {@code ERROR})
 * @param firesMissed fires no execution served
 * @param missedByReason missed fires by the most telling answer their attempts got
 * @param overlaps pairs of executions whose [start, end] intersect in true time
 * @param overlapsToldApart those whose two fencing tokens differ
 * @param writesApplied writes the resource applied after a token check
 * @param writesAppliedUnfenced writes it applied without a check (fencing off, or no token)
 * @param staleAccepted applied writes of an execution that provably acquired the lock before the
 *     execution of an already applied write
 * @param appliedBelowToken applied writes whose token is lower than a token already applied (the
 *     stale writes as the tokens tell them; 0 by construction when every write is fenced)
 * @param refusedStale writes the fence refused, from such a stale execution
 * @param refusedOther writes the fence refused though no provably later execution had written
 * @param writesFailed writes the database failed
 * @param writesLost executions that never wrote (killed first)
 * @param executionsWithoutToken executions whose lock had no fencing token
 * @param tokenInversions executions whose token was not above that of every execution that provably
 *     acquired before them
 * @param faults the injected faults and what followed each
 * @param unexpectedExits node JVMs that ended without being killed and without finishing
 * @param duplicateSamples a few fires that ran twice, described
 * @param overlapSamples a few overlapping executions, described
 */
public record RunReport(
    Store store,
    Mode mode,
    long seed,
    int nodes,
    List<Long> skews,
    Set<String> features,
    long runMillis,
    long periodMillis,
    long lockAtMostForMillis,
    long firesScheduled,
    long firesRun,
    long firesRunTwice,
    long twiceAcrossRestart,
    long extraExecutions,
    long executions,
    Map<String, Long> attempts,
    long firesMissed,
    Map<String, Long> missedByReason,
    long overlaps,
    long overlapsToldApart,
    long writesApplied,
    long writesAppliedUnfenced,
    long staleAccepted,
    long appliedBelowToken,
    long refusedStale,
    long refusedOther,
    long writesFailed,
    long writesLost,
    long executionsWithoutToken,
    long tokenInversions,
    List<FaultOutcome> faults,
    long unexpectedExits,
    List<String> duplicateSamples,
    List<String> overlapSamples) {

  /** Missed because no live node attempted the fire (all were dead, stopped or starting). */
  public static final String MISSED_NO_ATTEMPT = "no live node attempted it";

  /** Missed because the store could not answer. */
  public static final String MISSED_STORE_DOWN = "store down";

  /** Missed because another execution held the lease. */
  public static final String MISSED_HELD = "held elsewhere";

  /** Missed because the store had granted a later fire. */
  public static final String MISSED_ALREADY_RAN = "already ran (a later fire was granted)";

  /**
   * What one fault hit and what followed.
   *
   * @param kind the fault
   * @param node the node hit, -1 for a Redis restart
   * @param atMillis when, after the window's start
   * @param durationMillis how long the node was stopped, dead, or Redis down
   * @param holder the execution the node was running when hit, or null
   * @param takeoverMillis for a kill: from the kill to the next execution of another JVM
   * @param note what happened, in words
   */
  public record FaultOutcome(
      FaultPlan.Kind kind,
      int node,
      long atMillis,
      long durationMillis,
      String holder,
      Long takeoverMillis,
      String note) {}

  /**
   * Whether every fire ran at most once.
   *
   * @return true when no fire ran twice
   */
  public boolean oncePerFire() {
    return firesRunTwice == 0;
  }

  /**
   * The takeover times after kills of a node that held the lock.
   *
   * @return milliseconds, in fault order
   */
  public List<Long> holderTakeovers() {
    List<Long> out = new ArrayList<>();
    for (FaultOutcome f : faults) {
      if (f.kind() == FaultPlan.Kind.KILL && f.holder() != null && f.takeoverMillis() != null) {
        out.add(f.takeoverMillis());
      }
    }
    return out;
  }

  /**
   * How many faults of a kind were injected.
   *
   * @param kind the kind
   * @return the count
   */
  public long count(FaultPlan.Kind kind) {
    return faults.stream().filter(f -> f.kind() == kind).count();
  }

  /**
   * The report as nested maps and lists, ready for {@link Json}.
   *
   * @return the report
   */
  public Map<String, Object> toMap() {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("store", store.label());
    m.put("mode", mode.label());
    m.put("seed", seed);
    m.put("nodes", nodes);
    m.put("skewsMillis", skews);
    m.put("features", List.copyOf(features));
    m.put("runMillis", runMillis);
    m.put("periodMillis", periodMillis);
    m.put("lockAtMostForMillis", lockAtMostForMillis);
    m.put("firesScheduled", firesScheduled);
    m.put("firesRun", firesRun);
    m.put("firesRunTwice", firesRunTwice);
    m.put("firesRunTwiceAcrossARedisRestart", twiceAcrossRestart);
    m.put("extraExecutions", extraExecutions);
    m.put("executions", executions);
    m.put("attempts", attempts);
    m.put("firesMissed", firesMissed);
    m.put("missedByReason", missedByReason);
    m.put("overlappingHolders", overlaps);
    m.put("overlapsToldApartByTokens", overlapsToldApart);
    m.put("writesApplied", writesApplied);
    m.put("writesAppliedUnfenced", writesAppliedUnfenced);
    m.put("staleWritesAccepted", staleAccepted);
    m.put("writesAppliedBelowAnAppliedToken", appliedBelowToken);
    m.put("staleWritesRefused", refusedStale);
    m.put("writesRefusedWithoutLaterHolder", refusedOther);
    m.put("writesFailed", writesFailed);
    m.put("writesLost", writesLost);
    m.put("executionsWithoutToken", executionsWithoutToken);
    m.put("tokenInversions", tokenInversions);
    m.put("holderTakeoversMillis", holderTakeovers());
    List<Object> fs = new ArrayList<>();
    for (FaultOutcome f : faults) {
      Map<String, Object> fm = new LinkedHashMap<>();
      fm.put("kind", f.kind().name());
      fm.put("node", f.node());
      fm.put("atMillis", f.atMillis());
      fm.put("durationMillis", f.durationMillis());
      fm.put("holder", f.holder());
      fm.put("takeoverMillis", f.takeoverMillis());
      fm.put("note", f.note());
      fs.add(fm);
    }
    m.put("faults", fs);
    m.put("unexpectedExits", unexpectedExits);
    m.put("duplicateSamples", duplicateSamples);
    m.put("overlapSamples", overlapSamples);
    m.put(
        "verdict",
        Map.of(
            "oncePerFire",
            oncePerFire(),
            "noStaleWriteAccepted",
            staleAccepted == 0 && appliedBelowToken == 0));
    return m;
  }

  /**
   * The report as a Markdown section: settings, faults and samples.
   *
   * @return Markdown text
   */
  public String markdown() {
    StringBuilder sb = new StringBuilder();
    sb.append("### ").append(store.label()).append(", ").append(mode.label()).append("\n\n");
    sb.append("Seed ")
        .append(seed)
        .append(", ")
        .append(nodes)
        .append(" nodes, skews ")
        .append(skews)
        .append(" ms, ")
        .append(runMillis / 1000.0)
        .append(" s of fires every ")
        .append(periodMillis)
        .append(" ms, lockAtMostFor ")
        .append(lockAtMostForMillis)
        .append(" ms, provider features ")
        .append(features.isEmpty() ? "none" : features)
        .append(".\n\n");
    sb.append(sideBySide(List.of(this))).append('\n');
    sb.append("| fault | node | at (ms) | for (ms) | holder | takeover (ms) | what followed |\n");
    sb.append("|---|---|---|---|---|---|---|\n");
    for (FaultOutcome f : faults) {
      sb.append("| ")
          .append(f.kind())
          .append(" | ")
          .append(f.node() < 0 ? "-" : "n" + f.node())
          .append(" | ")
          .append(f.atMillis())
          .append(" | ")
          .append(f.durationMillis())
          .append(" | ")
          .append(f.holder() == null ? "-" : f.holder())
          .append(" | ")
          .append(f.takeoverMillis() == null ? "-" : f.takeoverMillis())
          .append(" | ")
          .append(f.note())
          .append(" |\n");
    }
    if (!duplicateSamples.isEmpty()) {
      sb.append("\nFires that ran twice (first ").append(duplicateSamples.size()).append("):\n\n");
      duplicateSamples.forEach(d -> sb.append("- ").append(d).append('\n'));
    }
    if (!overlapSamples.isEmpty()) {
      sb.append("\nOverlapping holders (first ").append(overlapSamples.size()).append("):\n\n");
      overlapSamples.forEach(d -> sb.append("- ").append(d).append('\n'));
    }
    return sb.toString();
  }

  /**
   * A Markdown table with one column per report, for reports of the same store and seed.
   *
   * @param reports the reports, e.g. guarded then lease only
   * @return the table
   */
  public static String sideBySide(List<RunReport> reports) {
    List<String[]> rows = new ArrayList<>();
    row(
        rows,
        reports,
        "provider features",
        r -> r.features.isEmpty() ? "none" : String.join(", ", r.features));
    row(rows, reports, "fires scheduled", r -> r.firesScheduled);
    row(rows, reports, "fires run", r -> r.firesRun);
    row(
        rows,
        reports,
        "**fires run twice** (extra executions)",
        r -> "**" + r.firesRunTwice + "** (" + r.extraExecutions + ")");
    if (reports.stream().anyMatch(r -> r.store.redis())) {
      row(rows, reports, "of which across a Redis restart", r -> r.twiceAcrossRestart);
    }
    row(rows, reports, "executions", r -> r.executions);
    row(
        rows,
        reports,
        "attempts: executed / held elsewhere / already ran / store failure / error",
        r ->
            r.attempt("EXECUTED")
                + " / "
                + r.attempt("HELD_ELSEWHERE")
                + " / "
                + r.attempt("ALREADY_RAN")
                + " / "
                + r.attempt("STORE_FAILURE")
                + " / "
                + r.attempt("ERROR"));
    row(
        rows,
        reports,
        "fires missed: no live node / store down / held elsewhere / already ran",
        r ->
            r.firesMissed
                + ": "
                + r.missed(MISSED_NO_ATTEMPT)
                + " / "
                + r.missed(MISSED_STORE_DOWN)
                + " / "
                + r.missed(MISSED_HELD)
                + " / "
                + r.missed(MISSED_ALREADY_RAN));
    row(
        rows,
        reports,
        "overlapping holders (told apart by tokens)",
        r -> r.overlaps + " (" + r.overlapsToldApart + ")");
    row(
        rows,
        reports,
        "writes applied: fenced / unfenced",
        r -> r.writesApplied + " / " + r.writesAppliedUnfenced);
    row(rows, reports, "**stale writes accepted**", r -> "**" + r.staleAccepted + "**");
    row(
        rows,
        reports,
        "writes applied with a token below an applied one",
        r -> r.appliedBelowToken);
    row(rows, reports, "stale writes refused by the fence", r -> r.refusedStale);
    row(rows, reports, "writes refused, no provably later holder", r -> r.refusedOther);
    row(
        rows,
        reports,
        "writes failed / never made (killed)",
        r -> r.writesFailed + " / " + r.writesLost);
    row(rows, reports, "executions without a token", r -> r.executionsWithoutToken);
    row(rows, reports, "token inversions", r -> r.tokenInversions);
    row(
        rows,
        reports,
        "faults: kill -9 / long stop / short stop / Redis restart",
        r ->
            r.count(FaultPlan.Kind.KILL)
                + " / "
                + r.count(FaultPlan.Kind.LONG_PAUSE)
                + " / "
                + r.count(FaultPlan.Kind.SHORT_PAUSE)
                + " / "
                + r.count(FaultPlan.Kind.REDIS_RESTART));
    row(
        rows,
        reports,
        "takeover after kill -9 of the holder, ms (mean / max)",
        r -> {
          List<Long> t = r.holderTakeovers();
          if (t.isEmpty()) {
            return "-";
          }
          long max = t.stream().mapToLong(Long::longValue).max().orElse(0);
          long mean = Math.round(t.stream().mapToLong(Long::longValue).average().orElse(0));
          return mean + " / " + max + " (" + t.size() + " kills)";
        });
    row(rows, reports, "unexpected node exits", r -> r.unexpectedExits);

    StringBuilder sb = new StringBuilder("| ").append(reports.get(0).store.label()).append(" |");
    reports.forEach(r -> sb.append(' ').append(r.mode.label()).append(" |"));
    sb.append("\n|---|");
    reports.forEach(r -> sb.append("---|"));
    sb.append('\n');
    for (String[] row : rows) {
      sb.append('|');
      for (String cell : row) {
        sb.append(' ').append(cell).append(" |");
      }
      sb.append('\n');
    }
    return sb.toString();
  }

  private static void row(
      List<String[]> rows, List<RunReport> reports, String label, Function<RunReport, Object> f) {
    String[] row = new String[reports.size() + 1];
    row[0] = label;
    for (int i = 0; i < reports.size(); i++) {
      row[i + 1] = String.valueOf(f.apply(reports.get(i)));
    }
    rows.add(row);
  }

  private long attempt(String outcome) {
    return attempts.getOrDefault(outcome, 0L);
  }

  private long missed(String reason) {
    return missedByReason.getOrDefault(reason, 0L);
  }
}
