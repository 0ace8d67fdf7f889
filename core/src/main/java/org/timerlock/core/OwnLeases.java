package org.timerlock.core;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.LongSupplier;

/**
 * The leases this executor's own finished runs left in the store (what remained of lockAtLeastFor
 * when they released), so that a refusal they cause is told apart from a lock another node holds.
 * Estimated on this node's monotonic clock from the moment each lock was taken; an estimate, not a
 * store read, which is enough to name the likely cause of a skip.
 */
final class OwnLeases {

  /** Names remembered before expired leases are swept out: lock names are usually few. */
  private static final int SWEEP_ABOVE = 1024;

  private final Map<String, Long> endNanos = new ConcurrentHashMap<>();
  private final LongSupplier nanoTime;

  OwnLeases(LongSupplier nanoTime) {
    this.nanoTime = nanoTime;
  }

  /** A run released its lock, which the store keeps until {@code leaseEndNanos}. */
  void released(String name, long leaseEndNanos) {
    long now = nanoTime.getAsLong();
    if (leaseEndNanos - now <= 0) {
      endNanos.remove(name);
      return;
    }
    if (endNanos.size() >= SWEEP_ABOVE) {
      endNanos.values().removeIf(end -> end - now <= 0);
    }
    endNanos.put(name, leaseEndNanos);
  }

  /** Whether a lease of this executor's own earlier run may still hold the name. */
  boolean holds(String name) {
    Long end = endNanos.get(name);
    if (end == null) {
      return false;
    }
    if (end - nanoTime.getAsLong() > 0) {
      return true;
    }
    endNanos.remove(name, end);
    return false;
  }
}
