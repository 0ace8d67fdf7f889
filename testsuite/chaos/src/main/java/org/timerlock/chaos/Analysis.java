package org.timerlock.chaos;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.timerlock.chaos.verdict.Execution;
import org.timerlock.chaos.verdict.Faults;
import org.timerlock.chaos.verdict.FencedWrites;
import org.timerlock.chaos.verdict.Fires;
import org.timerlock.chaos.verdict.Overlaps;
import org.timerlock.chaos.verdict.TokenOrder;

/**
 * Turns what a run left behind into a {@link RunReport}: reads the nodes' logs into executions and
 * attempts, and hands them to one verdict each (the {@code verdict} package).
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

  /** An execution while its node's log is being read: its end and write come later. */
  private static final class Draft {
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

    Draft(String id, int node, String incarnation, long fire, Long token, long at, long start) {
      this.id = id;
      this.node = node;
      this.incarnation = incarnation;
      this.fire = fire;
      this.token = token;
      this.at = at;
      this.start = start;
    }

    Execution done() {
      return new Execution(id, node, incarnation, fire, token, at, start, end, write);
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
    Map<String, Draft> drafts = new LinkedHashMap<>();
    Map<Long, List<String>> attemptsByFire = new HashMap<>();
    Map<String, Long> attempts = new TreeMap<>();
    long unexpectedExits = 0;
    for (RunData.Incarnation inc : data.incarnations()) {
      boolean done = false;
      List<Draft> mine = new ArrayList<>();
      for (EventLine e : inc.events()) {
        switch (e.type()) {
          case "START" -> {
            Draft x =
                new Draft(
                    e.get("exec"),
                    inc.node(),
                    inc.tag(),
                    e.number("fire"),
                    e.optionalNumber("token"),
                    e.number("at"),
                    e.number("t"));
            drafts.put(x.id, x);
            mine.add(x);
          }
          case "WRITE" -> {
            Draft x = drafts.get(e.get("exec"));
            if (x != null) {
              x.write = e.get("outcome");
            }
          }
          case "END" -> {
            Draft x = drafts.get(e.get("exec"));
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
      for (Draft x : mine) {
        if (!x.ended) {
          x.end = Math.max(x.start, inc.endedAt());
        }
      }
      if (!done && !inc.killed()) {
        unexpectedExits++;
      }
    }
    Map<String, Execution> execs = new LinkedHashMap<>();
    drafts.forEach((id, x) -> execs.put(id, x.done()));

    ChaosSettings s = data.settings();
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
        execs.size(),
        attempts,
        Fires.from(data, execs, attemptsByFire),
        Overlaps.from(data, execs),
        FencedWrites.from(data, execs),
        TokenOrder.from(execs),
        Faults.from(data, execs),
        unexpectedExits);
  }
}
