package org.timerlock.cdi;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/** Records every {@link LockEvent}, as an application's observer would. */
@ApplicationScoped
class EventLog {

  private final List<LockEvent> events = new CopyOnWriteArrayList<>();

  void record(@Observes LockEvent event) {
    events.add(event);
  }

  List<LockEvent> all() {
    return List.copyOf(events);
  }

  List<LockEvent> of(String lockName) {
    return events.stream().filter(e -> e.lockName().equals(lockName)).toList();
  }
}
