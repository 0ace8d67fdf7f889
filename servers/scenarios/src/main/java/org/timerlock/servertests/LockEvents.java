package org.timerlock.servertests;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import org.timerlock.cdi.LockEvent;

/**
 * The lock events of a single-node deployment, in the order they were fired, for the in-container
 * test: {@link LockEvent.Kind#RELEASED} is fired once the release has committed, after the job body
 * (and anything it notes) has ended.
 */
@ApplicationScoped
public class LockEvents {

  private static final Map<String, List<LockEvent.Kind>> EVENTS = new ConcurrentHashMap<>();

  void record(@Observes LockEvent event) {
    EVENTS.computeIfAbsent(event.lockName(), k -> new CopyOnWriteArrayList<>()).add(event.kind());
  }

  /**
   * The events of one lock so far.
   *
   * @param lock the lock name
   * @return a copy, oldest first
   */
  public static List<LockEvent.Kind> of(String lock) {
    return List.copyOf(EVENTS.getOrDefault(lock, List.of()));
  }

  /**
   * How many events of one kind a lock had so far.
   *
   * @param lock the lock name
   * @param kind the kind
   * @return the count
   */
  public static long count(String lock, LockEvent.Kind kind) {
    return of(lock).stream().filter(k -> k == kind).count();
  }
}
