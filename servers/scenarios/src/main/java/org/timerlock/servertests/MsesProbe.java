package org.timerlock.servertests;

import jakarta.annotation.PreDestroy;
import jakarta.annotation.Resource;
import jakarta.enterprise.concurrent.ManagedScheduledExecutorService;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.context.Initialized;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.concurrent.ScheduledFuture;
import org.timerlock.cdi.LockedTasks;

/**
 * A task on the default ManagedScheduledExecutorService, scheduled and locked through {@link
 * LockedTasks} every 4 s on the epoch grid; its lockAtMostFor (1m) comes from the deployment's
 * configuration, by lock name.
 */
@ApplicationScoped
public class MsesProbe {

  public static final String LOCK = "probe-mses";

  @Resource(lookup = "java:comp/DefaultManagedScheduledExecutorService")
  ManagedScheduledExecutorService scheduler;

  @Inject LockedTasks lockedTasks;

  private ScheduledFuture<?> future;

  void start(@Observes @Initialized(ApplicationScoped.class) Object started) {
    future =
        lockedTasks.scheduleAtFixedRate(
            scheduler, LOCK, Duration.ofSeconds(4), () -> Probe.run(LOCK, 1500));
  }

  @PreDestroy
  void stop() {
    if (future != null) {
      future.cancel(true);
    }
  }
}
