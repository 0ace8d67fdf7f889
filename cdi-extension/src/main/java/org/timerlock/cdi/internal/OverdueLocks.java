package org.timerlock.cdi.internal;

import jakarta.enterprise.context.ApplicationScoped;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * How late each watched lock is, in seconds, as this node's latest missed-fire check found it: 0
 * when on time. Only the node that made the latest check in the cluster has values other than 0 (a
 * node that did not make it resets its own), so the cluster's value is the maximum over the nodes.
 * The metrics read it as the gauge {@code timerlock.lock.overdue}.
 */
@ApplicationScoped
public class OverdueLocks {

  private final Map<String, Double> seconds = new LinkedHashMap<>();
  private final List<Consumer<String>> listeners = new ArrayList<>();

  /** Created by the container. */
  public OverdueLocks() {}

  /**
   * How late a lock is.
   *
   * @param lockName the lock name
   * @return seconds since its oldest slot that is due and was not taken; 0 when on time or unknown
   */
  public synchronized double seconds(String lockName) {
    return seconds.getOrDefault(lockName, 0.0);
  }

  /**
   * The watched lock names this node has a value for.
   *
   * @return the names, in the order they were first checked
   */
  public synchronized List<String> names() {
    return List.copyOf(seconds.keySet());
  }

  /**
   * Calls a listener with every lock name that has a value now and with each one that gets its
   * first value later, so that a metrics API can register one gauge per name.
   *
   * @param listener takes the lock name
   */
  public synchronized void onEachLock(Consumer<String> listener) {
    listeners.add(listener);
    seconds.keySet().forEach(listener);
  }

  synchronized void set(String lockName, double value) {
    if (seconds.put(lockName, value) == null) {
      listeners.forEach(listener -> listener.accept(lockName));
    }
  }

  /** Another node made the latest check: this node's values are stale. */
  synchronized void reset() {
    seconds.replaceAll((name, value) -> 0.0);
  }
}
