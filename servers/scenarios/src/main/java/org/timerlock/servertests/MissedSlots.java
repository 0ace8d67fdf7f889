package org.timerlock.servertests;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import org.timerlock.cdi.LockEvent;

/** The slots this node published {@link LockEvent.Kind#MISSED} events for, per lock. */
@ApplicationScoped
public class MissedSlots {

  private static final Map<String, List<Instant>> SLOTS = new ConcurrentHashMap<>();

  void record(@Observes LockEvent event) {
    if (event.kind() == LockEvent.Kind.MISSED) {
      SLOTS
          .computeIfAbsent(event.lockName(), k -> new CopyOnWriteArrayList<>())
          .add(event.fireInstant().orElse(null));
    }
  }

  /**
   * The missed slots of one lock this node reported so far.
   *
   * @param lock the lock name
   * @return a copy, in the order reported (a null for an event without a fire instant)
   */
  static List<Instant> of(String lock) {
    return List.copyOf(SLOTS.getOrDefault(lock, List.of()));
  }
}
