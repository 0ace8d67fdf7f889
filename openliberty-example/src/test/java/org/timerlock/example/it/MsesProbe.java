package org.timerlock.example.it;

import jakarta.annotation.PreDestroy;
import jakarta.annotation.Resource;
import jakarta.enterprise.concurrent.ManagedScheduledExecutorService;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.context.Initialized;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import org.timerlock.cdi.LockedTasks;

/** The executor path: a task of the default executor, locked by {@link LockedTasks}. */
@ApplicationScoped
public class MsesProbe {

  static final String LOCK = "probe-mses";

  @Resource(lookup = "java:comp/DefaultManagedScheduledExecutorService")
  ManagedScheduledExecutorService scheduler;

  @Inject LockedTasks lockedTasks;

  private ScheduledFuture<?> future;

  void start(@Observes @Initialized(ApplicationScoped.class) Object started) {
    future =
        scheduler.scheduleAtFixedRate(
            lockedTasks.wrap(LOCK, () -> Probes.run(LOCK, 1200)), 1, 3, TimeUnit.SECONDS);
  }

  @PreDestroy
  void stop() {
    if (future != null) {
      future.cancel(true);
    }
  }
}
