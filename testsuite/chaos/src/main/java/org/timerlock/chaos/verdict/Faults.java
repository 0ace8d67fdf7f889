package org.timerlock.chaos.verdict;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.timerlock.chaos.EventLine;
import org.timerlock.chaos.FaultPlan;
import org.timerlock.chaos.RunData;

/**
 * The injected faults and what followed each: how fast another JVM took over from a killed holder,
 * what ran elsewhere while a holder was stopped, how many attempts failed while Redis was down.
 *
 * @param outcomes one per injected fault, in the order they were injected
 */
public record Faults(List<FaultOutcome> outcomes) {

  /**
   * Follows each fault of a run.
   *
   * @param data what the run left behind, with its faults
   * @param executions the run's executions, by id
   * @return the outcomes
   */
  public static Faults from(RunData data, Map<String, Execution> executions) {
    List<Execution> byStart = Execution.byStart(executions.values());
    List<FaultOutcome> outcomes = new ArrayList<>();
    for (RunData.FaultEvent f : data.faults()) {
      outcomes.add(outcome(data, f, byStart));
    }
    return new Faults(outcomes);
  }

  /**
   * The takeover times after kills of a node that held the lock.
   *
   * @return milliseconds, in fault order
   */
  public List<Long> holderTakeovers() {
    List<Long> out = new ArrayList<>();
    for (FaultOutcome f : outcomes) {
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
    return outcomes.stream().filter(f -> f.kind() == kind).count();
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

  private static FaultOutcome outcome(RunData data, RunData.FaultEvent f, List<Execution> byStart) {
    long duration = f.until() - f.at();
    String victim = f.node() < 0 ? null : "n" + f.node() + "." + f.incarnation();
    Long takeover = f.kind() == FaultPlan.Kind.KILL ? takeover(f, byStart, victim) : null;
    String note =
        switch (f.kind()) {
          case KILL -> killNote(f, takeover, duration);
          case LONG_PAUSE, SHORT_PAUSE -> pauseNote(f, byStart, victim);
          case REDIS_RESTART -> restartNote(data, duration, attemptsAround(data, f));
        };
    return new FaultOutcome(
        f.kind(), f.node(), f.at() - data.windowStart(), duration, f.holderExec(), takeover, note);
  }

  /** From a kill to the start of the next execution of another JVM, or null when none followed. */
  private static Long takeover(RunData.FaultEvent f, List<Execution> byStart, String victim) {
    for (Execution x : byStart) {
      if (x.start() >= f.at() && !x.incarnation().equals(victim)) {
        return x.start() - f.at();
      }
    }
    return null;
  }

  private static String killNote(RunData.FaultEvent f, Long takeover, long duration) {
    return (f.holderExec() == null ? "killed between jobs" : "killed the holder " + f.holderExec())
        + (takeover == null
            ? "; no execution followed"
            : "; next execution " + takeover + " ms later")
        + "; restarted after "
        + duration
        + " ms";
  }

  private static String pauseNote(RunData.FaultEvent f, List<Execution> byStart, String victim) {
    long during = 0;
    for (Execution x : byStart) {
      if (x.start() >= f.at() && x.start() < f.until() && !x.incarnation().equals(victim)) {
        during++;
      }
    }
    String write = "";
    if (f.holderExec() != null) {
      Execution held = null;
      for (Execution x : byStart) {
        if (x.id().equals(f.holderExec())) {
          held = x;
        }
      }
      write =
          "; the stopped holder's write: "
              + (held == null || held.write() == null ? "none" : held.write());
    }
    return (f.holderExec() == null
            ? "stopped between jobs"
            : "stopped the holder " + f.holderExec())
        + "; "
        + during
        + " executions started elsewhere meanwhile"
        + write;
  }

  private static String restartNote(RunData data, long duration, long storeFailures) {
    return "Redis down "
        + duration
        + (data.store().guardSurvivesFaults()
            ? " ms, back from its append-only file; "
            : " ms, all keys lost; ")
        + storeFailures
        + " attempts failed";
  }
}
