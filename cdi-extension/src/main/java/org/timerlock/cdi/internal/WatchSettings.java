package org.timerlock.cdi.internal;

import java.time.Duration;

/**
 * How this node takes part in the missed-fire watch, read once at deployment.
 *
 * @param enabled {@code timerlock.watch.enabled}
 * @param interval {@code timerlock.watch.interval}: the grid of the checks
 * @param lockName {@code timerlock.watch.lock-name}: the lock that picks the checking node
 */
record WatchSettings(boolean enabled, Duration interval, String lockName) {}
