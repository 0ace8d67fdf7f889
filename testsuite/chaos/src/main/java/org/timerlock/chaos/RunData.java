package org.timerlock.chaos;

import java.util.List;
import java.util.Set;

/**
 * Everything a finished run left behind, as the analysis reads it.
 *
 * @param store the lock store
 * @param mode guarded or lease only
 * @param settings the run's shape and seed
 * @param skews each node's clock skew, by node index
 * @param features the lock provider's features, as it reported them
 * @param windowStart the first fire of the schedule, epoch milliseconds
 * @param windowEnd the end of the schedule (exclusive)
 * @param incarnations every node JVM that ran, with its events
 * @param faults what the orchestrator did
 * @param writes the fenced resource's applied and refused writes, in the order it saw them
 */
public record RunData(
    Store store,
    Mode mode,
    ChaosSettings settings,
    List<Long> skews,
    Set<String> features,
    long windowStart,
    long windowEnd,
    List<Incarnation> incarnations,
    List<FaultEvent> faults,
    List<Fence.Row> writes) {

  /**
   * One node JVM.
   *
   * @param node the node index
   * @param incarnation 0 for the first JVM of the node, then 1, 2... after each kill
   * @param startedAt true time the JVM was started
   * @param endedAt true time it was killed or seen gone
   * @param killed whether the orchestrator killed it
   * @param events what it logged
   */
  public record Incarnation(
      int node,
      int incarnation,
      long startedAt,
      long endedAt,
      boolean killed,
      List<EventLine> events) {

    /**
     * The incarnation's tag, as in its execution ids.
     *
     * @return e.g. {@code n2.1}
     */
    public String tag() {
      return "n" + node + "." + incarnation;
    }
  }

  /**
   * One injected fault, as it happened.
   *
   * @param kind what it was
   * @param node the node hit, -1 for a Redis restart
   * @param incarnation the node's incarnation hit, -1 for a Redis restart
   * @param at true time of the signal
   * @param until true time of the SIGCONT, the restart or Redis being back
   * @param holderExec the execution the node was running when hit, or null
   */
  public record FaultEvent(
      FaultPlan.Kind kind, int node, int incarnation, long at, long until, String holderExec) {}
}
