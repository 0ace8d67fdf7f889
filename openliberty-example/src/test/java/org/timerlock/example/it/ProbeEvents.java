package org.timerlock.example.it;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import org.timerlock.cdi.LockEvent;
import org.timerlock.core.LockConfiguration;

/**
 * The lock events of a deployment with the thread each was fired on, and the configuration each
 * lock's latest event carried, for the in-container tests of this module (the shared {@code
 * LockEvents} keeps the kinds only).
 */
@ApplicationScoped
public class ProbeEvents {

  /**
   * A lock event.
   *
   * @param kind what happened
   * @param thread the thread it was fired on
   */
  record Event(LockEvent.Kind kind, String thread) {}

  private static final Map<String, List<Event>> EVENTS = new ConcurrentHashMap<>();
  private static final Map<String, LockConfiguration> CONFIGURATIONS = new ConcurrentHashMap<>();

  void onLockEvent(@Observes LockEvent event) {
    EVENTS
        .computeIfAbsent(event.lockName(), k -> new CopyOnWriteArrayList<>())
        .add(new Event(event.kind(), Thread.currentThread().getName()));
    CONFIGURATIONS.put(event.lockName(), event.configuration());
  }

  /** The configuration of a lock as its latest event carried it; null before any event. */
  static LockConfiguration configuration(String lock) {
    return CONFIGURATIONS.get(lock);
  }

  /** The events of a lock so far, oldest first. */
  static List<Event> of(String lock) {
    return List.copyOf(EVENTS.getOrDefault(lock, List.of()));
  }

  /** How many events of one kind a lock had so far. */
  static long count(String lock, LockEvent.Kind kind) {
    return of(lock).stream().filter(e -> e.kind() == kind).count();
  }
}
