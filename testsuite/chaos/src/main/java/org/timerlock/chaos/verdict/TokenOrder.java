package org.timerlock.chaos.verdict;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;

/**
 * The "tokens only grow" verdict: each execution's fencing token against those of the executions
 * that provably acquired the lock before it (their jobs started before it asked). Acquisitions
 * whose windows intersect have no provable order and are not compared.
 *
 * @param withoutToken executions whose lock had no fencing token
 * @param inversions executions whose token was not above that of every execution that provably
 *     acquired before them
 */
public record TokenOrder(long withoutToken, long inversions) {

  /**
   * Compares the tokens of a run's executions.
   *
   * @param executions the run's executions, by id
   * @return the verdict
   */
  public static TokenOrder from(Map<String, Execution> executions) {
    long withoutToken = executions.values().stream().filter(x -> x.token() == null).count();
    List<Execution> byStart = Execution.byStart(executions.values());
    List<Execution> byAt = new ArrayList<>(executions.values());
    byAt.sort(Comparator.comparingLong(Execution::at));
    long inversions = 0;
    int next = 0;
    Long maxBefore = null;
    for (Execution b : byAt) {
      while (next < byStart.size() && byStart.get(next).start() < b.at()) {
        Long t = byStart.get(next).token();
        if (t != null && (maxBefore == null || t > maxBefore)) {
          maxBefore = t;
        }
        next++;
      }
      if (b.token() != null && maxBefore != null && b.token() <= maxBefore) {
        inversions++;
      }
    }
    return new TokenOrder(withoutToken, inversions);
  }
}
