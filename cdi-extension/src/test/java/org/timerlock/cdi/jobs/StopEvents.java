package org.timerlock.cdi.jobs;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.timerlock.cdi.LockEvent;

/** Records every {@link LockEvent} where a test can read it after its container stopped. */
@ApplicationScoped
public class StopEvents {

  static final List<LockEvent> ALL = new CopyOnWriteArrayList<>();

  void record(@Observes LockEvent event) {
    ALL.add(event);
  }

  static List<LockEvent> of(String lockName) {
    return ALL.stream().filter(e -> e.lockName().equals(lockName)).toList();
  }
}
