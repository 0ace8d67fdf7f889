package org.timerlock.chaos.verdict;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.timerlock.chaos.RunData;

/**
 * The "never two holders" verdict: pairs of executions whose jobs ran at the same true time, and
 * whether their fencing tokens would let a resource tell them apart.
 *
 * @param count pairs of executions whose [start, end] intersect in true time
 * @param toldApart those whose two fencing tokens differ
 * @param samples a few overlapping executions, described
 */
public record Overlaps(long count, long toldApart, List<String> samples) {

  /**
   * Finds the overlapping executions of a run.
   *
   * @param data what the run left behind
   * @param executions the run's executions, by id
   * @return the verdict
   */
  public static Overlaps from(RunData data, Map<String, Execution> executions) {
    List<Execution> byStart = Execution.byStart(executions.values());
    long overlaps = 0;
    long toldApart = 0;
    List<String> samples = new ArrayList<>();
    for (int i = 0; i < byStart.size(); i++) {
      Execution a = byStart.get(i);
      for (int j = i + 1; j < byStart.size() && byStart.get(j).start() < a.end(); j++) {
        Execution b = byStart.get(j);
        overlaps++;
        boolean apart = a.token() != null && b.token() != null && !a.token().equals(b.token());
        if (apart) {
          toldApart++;
        }
        if (samples.size() < Samples.MAX) {
          samples.add(describe(data, a, b, apart));
        }
      }
    }
    return new Overlaps(overlaps, toldApart, samples);
  }

  private static String describe(RunData data, Execution a, Execution b, boolean apart) {
    return holder(data, a)
        + " and "
        + holder(data, b)
        + (apart ? ": told apart" : ": not told apart")
        + "; writes "
        + a.write()
        + " / "
        + b.write();
  }

  private static String holder(RunData data, Execution x) {
    return x.id()
        + " ["
        + Samples.at(data, x.start())
        + ", "
        + Samples.at(data, x.end())
        + "] token "
        + (x.token() == null ? "none" : x.token());
  }
}
