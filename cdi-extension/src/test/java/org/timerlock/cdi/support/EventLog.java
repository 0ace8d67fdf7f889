package org.timerlock.cdi.support;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.timerlock.cdi.LockEvent;

/** Records every {@link LockEvent}, as an application's observer would. */
@ApplicationScoped
public class EventLog {

  private final List<LockEvent> events = new CopyOnWriteArrayList<>();

  void record(@Observes LockEvent event) {
    events.add(event);
  }

  public List<LockEvent> all() {
    return List.copyOf(events);
  }

  public List<LockEvent> of(String lockName) {
    return events.stream().filter(e -> e.lockName().equals(lockName)).toList();
  }
}
