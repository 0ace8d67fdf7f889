package org.timerlock.chaos.verdict;

import org.timerlock.chaos.FaultPlan;

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
