package org.timerlock.chaos;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import org.timerlock.chaos.verdict.FaultOutcome;
import org.timerlock.chaos.verdict.Fires;

/**
 * Renders {@link RunReport}s as Markdown for the run's {@code report.md} and the summary, apart
 * from the report itself so that the report stays the data the JSON and the tests read.
 */
public final class RunReportMarkdown {

  private RunReportMarkdown() {}

  /**
   * One report as a Markdown section: settings, faults and samples.
   *
   * @param report the report
   * @return Markdown text
   */
  public static String section(RunReport report) {
    StringBuilder sb = new StringBuilder();
    sb.append("### ")
        .append(report.store().label())
        .append(", ")
        .append(report.mode().label())
        .append("\n\n");
    sb.append("Seed ")
        .append(report.seed())
        .append(", ")
        .append(report.nodes())
        .append(" nodes, skews ")
        .append(report.skews())
        .append(" ms, ")
        .append(report.runMillis() / 1000.0)
        .append(" s of fires every ")
        .append(report.periodMillis())
        .append(" ms, lockAtMostFor ")
        .append(report.lockAtMostForMillis())
        .append(" ms, provider features ")
        .append(report.features().isEmpty() ? "none" : report.features())
        .append(".\n\n");
    sb.append(sideBySide(List.of(report))).append('\n');
    sb.append("| fault | node | at (ms) | for (ms) | holder | takeover (ms) | what followed |\n");
    sb.append("|---|---|---|---|---|---|---|\n");
    for (FaultOutcome f : report.faults().outcomes()) {
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
    samples(sb, "Fires that ran twice", report.fires().duplicateSamples());
    samples(sb, "Overlapping holders", report.overlaps().samples());
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
        r -> r.features().isEmpty() ? "none" : String.join(", ", r.features()));
    row(rows, reports, "fires scheduled", r -> r.fires().scheduled());
    row(rows, reports, "fires run", r -> r.fires().run());
    row(
        rows,
        reports,
        "**fires run twice** (extra executions)",
        r -> "**" + r.fires().runTwice() + "** (" + r.fires().extraExecutions() + ")");
    if (reports.stream().anyMatch(r -> r.store().redis())) {
      row(rows, reports, "of which across a Redis restart", r -> r.fires().twiceAcrossRestart());
    }
    row(rows, reports, "executions", RunReport::executions);
    row(
        rows,
        reports,
        "attempts: executed / held elsewhere / already ran / store failure / error",
        r ->
            attempt(r, "EXECUTED")
                + " / "
                + attempt(r, "HELD_ELSEWHERE")
                + " / "
                + attempt(r, "ALREADY_RAN")
                + " / "
                + attempt(r, "STORE_FAILURE")
                + " / "
                + attempt(r, "ERROR"));
    row(
        rows,
        reports,
        "fires missed: no live node / store down / held elsewhere / already ran",
        r ->
            r.fires().missed()
                + ": "
                + missed(r, Fires.MISSED_NO_ATTEMPT)
                + " / "
                + missed(r, Fires.MISSED_STORE_DOWN)
                + " / "
                + missed(r, Fires.MISSED_HELD)
                + " / "
                + missed(r, Fires.MISSED_ALREADY_RAN));
    row(
        rows,
        reports,
        "overlapping holders (told apart by tokens)",
        r -> r.overlaps().count() + " (" + r.overlaps().toldApart() + ")");
    row(
        rows,
        reports,
        "writes applied: fenced / unfenced",
        r -> r.writes().applied() + " / " + r.writes().appliedUnfenced());
    row(rows, reports, "**stale writes accepted**", r -> "**" + r.writes().staleAccepted() + "**");
    row(
        rows,
        reports,
        "writes applied with a token below an applied one",
        r -> r.writes().appliedBelowToken());
    row(rows, reports, "stale writes refused by the fence", r -> r.writes().refusedStale());
    row(rows, reports, "writes refused, no provably later holder", r -> r.writes().refusedOther());
    row(
        rows,
        reports,
        "writes failed / never made (killed)",
        r -> r.writes().failed() + " / " + r.writes().lost());
    row(rows, reports, "executions without a token", r -> r.tokens().withoutToken());
    row(rows, reports, "token inversions", r -> r.tokens().inversions());
    row(
        rows,
        reports,
        "faults: kill -9 / long stop / short stop / Redis restart",
        r ->
            r.faults().count(FaultPlan.Kind.KILL)
                + " / "
                + r.faults().count(FaultPlan.Kind.LONG_PAUSE)
                + " / "
                + r.faults().count(FaultPlan.Kind.SHORT_PAUSE)
                + " / "
                + r.faults().count(FaultPlan.Kind.REDIS_RESTART));
    row(
        rows,
        reports,
        "takeover after kill -9 of the holder, ms (mean / max)",
        r -> takeovers(r.faults().holderTakeovers()));
    row(rows, reports, "unexpected node exits", RunReport::unexpectedExits);
    return table(reports, rows);
  }

  private static void samples(StringBuilder sb, String title, List<String> samples) {
    if (!samples.isEmpty()) {
      sb.append('\n').append(title).append(" (first ").append(samples.size()).append("):\n\n");
      samples.forEach(d -> sb.append("- ").append(d).append('\n'));
    }
  }

  private static String takeovers(List<Long> t) {
    if (t.isEmpty()) {
      return "-";
    }
    long max = t.stream().mapToLong(Long::longValue).max().orElse(0);
    long mean = Math.round(t.stream().mapToLong(Long::longValue).average().orElse(0));
    return mean + " / " + max + " (" + t.size() + " kills)";
  }

  private static String table(List<RunReport> reports, List<String[]> rows) {
    StringBuilder sb = new StringBuilder("| ").append(reports.get(0).store().label()).append(" |");
    reports.forEach(r -> sb.append(' ').append(r.mode().label()).append(" |"));
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

  private static long attempt(RunReport r, String outcome) {
    return r.attempts().getOrDefault(outcome, 0L);
  }

  private static long missed(RunReport r, String reason) {
    return r.fires().missedByReason().getOrDefault(reason, 0L);
  }
}
