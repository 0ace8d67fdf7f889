package org.timerlock.chaos;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.timerlock.chaos.verdict.FaultOutcome;
import org.timerlock.chaos.verdict.Faults;
import org.timerlock.chaos.verdict.FencedWrites;
import org.timerlock.chaos.verdict.Fires;
import org.timerlock.chaos.verdict.Overlaps;
import org.timerlock.chaos.verdict.TokenOrder;

/**
 * What one chaos run showed: its settings, then one part per verdict. Times are true (unskewed)
 * milliseconds; fault times are offsets from the start of the schedule's window. {@link
 * RunReportMarkdown} renders it for people, {@link #toMap()} for {@link Json}.
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
 * @param executions executions (lock taken, job started)
 * @param attempts lock attempts by outcome ({@code TaskResult.Outcome}, or {@code ERROR})
 * @param fires how many executions served each fire
 * @param overlaps executions that ran at the same time
 * @param writes the fenced resource's writes
 * @param tokens the fencing tokens against the provable order of acquisitions
 * @param faults the injected faults and what followed each
 * @param unexpectedExits node JVMs that ended without being killed and without finishing
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
    long executions,
    Map<String, Long> attempts,
    Fires fires,
    Overlaps overlaps,
    FencedWrites writes,
    TokenOrder tokens,
    Faults faults,
    long unexpectedExits) {

  /**
   * Whether every fire ran at most once.
   *
   * @return true when no fire ran twice
   */
  public boolean oncePerFire() {
    return fires.runTwice() == 0;
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
    m.put("firesScheduled", fires.scheduled());
    m.put("firesRun", fires.run());
    m.put("firesRunTwice", fires.runTwice());
    m.put("firesRunTwiceAcrossARedisRestart", fires.twiceAcrossRestart());
    m.put("extraExecutions", fires.extraExecutions());
    m.put("executions", executions);
    m.put("attempts", attempts);
    m.put("firesMissed", fires.missed());
    m.put("missedByReason", fires.missedByReason());
    m.put("overlappingHolders", overlaps.count());
    m.put("overlapsToldApartByTokens", overlaps.toldApart());
    m.put("writesApplied", writes.applied());
    m.put("writesAppliedUnfenced", writes.appliedUnfenced());
    m.put("staleWritesAccepted", writes.staleAccepted());
    m.put("writesAppliedBelowAnAppliedToken", writes.appliedBelowToken());
    m.put("staleWritesRefused", writes.refusedStale());
    m.put("writesRefusedWithoutLaterHolder", writes.refusedOther());
    m.put("writesFailed", writes.failed());
    m.put("writesLost", writes.lost());
    m.put("executionsWithoutToken", tokens.withoutToken());
    m.put("tokenInversions", tokens.inversions());
    m.put("holderTakeoversMillis", faults.holderTakeovers());
    List<Object> fs = new ArrayList<>();
    for (FaultOutcome f : faults.outcomes()) {
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
    m.put("duplicateSamples", fires.duplicateSamples());
    m.put("overlapSamples", overlaps.samples());
    m.put(
        "verdict",
        Map.of(
            "oncePerFire", oncePerFire(), "noStaleWriteAccepted", writes.noStaleWriteAccepted()));
    return m;
  }
}
