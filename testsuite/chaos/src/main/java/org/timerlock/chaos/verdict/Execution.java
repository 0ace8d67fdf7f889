package org.timerlock.chaos.verdict;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;

/**
 * One execution of the job as the analysis reconstructs it from a node's log: the lock was taken
 * and the job started. Every verdict reads the same executions, so they are one immutable value.
 *
 * @param id the execution id, e.g. {@code n2.1.7}
 * @param node the node index
 * @param incarnation the tag of the node JVM that ran it, e.g. {@code n2.1}
 * @param fire the fire it served, epoch milliseconds
 * @param token its lock's fencing token, or null
 * @param at true time before it asked for the lock
 * @param start true time its job started
 * @param end true time its job ended, or its JVM was killed
 * @param write the outcome of its write to the fenced resource, or null when it made none
 */
public record Execution(
    String id,
    int node,
    String incarnation,
    long fire,
    Long token,
    long at,
    long start,
    long end,
    String write) {

  /** The executions in the order they started, ties by id: the order overlaps are looked for in. */
  static List<Execution> byStart(Collection<Execution> executions) {
    List<Execution> byStart = new ArrayList<>(executions);
    byStart.sort(Comparator.comparingLong(Execution::start).thenComparing(Execution::id));
    return byStart;
  }
}
