package org.timerlock.example;

import java.time.Instant;

/**
 * One attempt of a locked job on this node.
 *
 * @param node the node that made the attempt
 * @param lock the lock name
 * @param outcome {@code ran}, {@code failed} or {@code skipped}
 * @param start when the attempt started
 * @param end when it ended (equal to start for a skip)
 */
public record Execution(String node, String lock, String outcome, Instant start, Instant end) {}
