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

/**
 * A task on the default ManagedScheduledExecutorService, locked through {@link LockedTasks}; its
 * lockAtMostFor (1m) comes from the deployment's configuration, by lock name.
 */
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
            lockedTasks.wrap(LOCK, () -> Probe.run(LOCK, 1500)), 1, 4, TimeUnit.SECONDS);
  }

  @PreDestroy
  void stop() {
    if (future != null) {
      future.cancel(true);
    }
  }
}
