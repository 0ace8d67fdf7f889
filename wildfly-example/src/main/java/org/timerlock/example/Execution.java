package org.timerlock.example;

import java.time.Instant;

/**
 * One attempt of a locked job on this node.
 *
 * @param node the node that made the attempt
 * @param lock the lock name
 * @param outcome {@code ran}, {@code failed}, {@code skipped} (held by another node) or {@code
 *     already-ran} (the scheduled fire ran on another node)
 * @param start when the attempt started
 * @param end when it ended (equal to start for a skip)
 * @param fire the scheduled fire the attempt was for, when TimerLock named it; else null
 */
public record Execution(
    String node, String lock, String outcome, Instant start, Instant end, Instant fire) {}
