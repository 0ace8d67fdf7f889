package org.timerlock.chaos.verdict;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.timerlock.chaos.Fence;
import org.timerlock.chaos.RunData;

/**
 * The "no stale write accepted" verdict: the fenced resource's writes in the order it saw them. A
 * write is stale when the resource had already applied a write of an execution that provably
 * acquired the lock later, that is, one that asked for it after this one's job had started.
 *
 * @param applied writes the resource applied after a token check
 * @param appliedUnfenced writes it applied without a check (fencing off, or no token)
 * @param staleAccepted applied writes of an execution that provably acquired the lock before the
 *     execution of an already applied write
 * @param appliedBelowToken applied writes whose token is lower than a token already applied (the
 *     stale writes as the tokens tell them; 0 by construction when every write is fenced)
 * @param refusedStale writes the fence refused, from such a stale execution
 * @param refusedOther writes the fence refused though no provably later execution had written
 * @param failed writes the database failed
 * @param lost executions that never wrote (killed first)
 */
public record FencedWrites(
    long applied,
    long appliedUnfenced,
    long staleAccepted,
    long appliedBelowToken,
    long refusedStale,
    long refusedOther,
    long failed,
    long lost) {

  /**
   * Judges the writes of a run.
   *
   * @param data what the run left behind, with the resource's writes
   * @param executions the run's executions, by id
   * @return the verdict
   */
  public static FencedWrites from(RunData data, Map<String, Execution> executions) {
    long applied = 0;
    long appliedUnfenced = 0;
    long staleAccepted = 0;
    long refusedStale = 0;
    long refusedOther = 0;
    long belowToken = 0;
    Long maxAppliedToken = null;
    long latestAppliedAt = Long.MIN_VALUE;
    Set<String> wrote = new HashSet<>();
    List<Fence.Row> writes = new ArrayList<>(data.writes());
    writes.sort(Comparator.comparingLong(Fence.Row::seq));
    for (Fence.Row w : writes) {
      Execution x = executions.get(w.execId());
      wrote.add(w.execId());
      if (x == null) {
        continue; // cannot happen: START is logged before the write
      }
      boolean stale = x.start() < latestAppliedAt;
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
        latestAppliedAt = Math.max(latestAppliedAt, x.at());
      } else if (stale) {
        refusedStale++;
      } else {
        refusedOther++;
      }
    }
    long failed = 0;
    long lost = 0;
    for (Execution x : executions.values()) {
      if ("FAILED".equals(x.write())) {
        failed++;
      } else if (!wrote.contains(x.id())) {
        lost++;
      }
    }
    return new FencedWrites(
        applied,
        appliedUnfenced,
        staleAccepted,
        belowToken,
        refusedStale,
        refusedOther,
        failed,
        lost);
  }

  /**
   * Whether the resource accepted no stale write, by the true order or by the tokens.
   *
   * @return true when none was accepted
   */
  public boolean noStaleWriteAccepted() {
    return staleAccepted == 0 && appliedBelowToken == 0;
  }
}
