package org.timerlock.example;

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
 * A CDI bean that schedules its work on the server's default {@link
 * ManagedScheduledExecutorService} ({@code concurrent-3.0}); {@link LockedTasks} puts the lock
 * around each run, with the durations configured for {@code cache-refresh}.
 */
@ApplicationScoped
public class CacheRefresher {

  @Resource(lookup = "java:comp/DefaultManagedScheduledExecutorService")
  ManagedScheduledExecutorService scheduler;

  @Inject LockedTasks lockedTasks;
  @Inject JobLog log;

  private ScheduledFuture<?> schedule;

  void start(@Observes @Initialized(ApplicationScoped.class) Object applicationStarted) {
    Runnable refresh = () -> log.ran("cache-refresh", () -> JobLog.pause(200));
    schedule =
        scheduler.scheduleAtFixedRate(
            lockedTasks.wrap("cache-refresh", refresh), 1, 3, TimeUnit.SECONDS);
  }

  @PreDestroy
  void stop() {
    if (schedule != null) {
      schedule.cancel(false);
    }
  }
}
