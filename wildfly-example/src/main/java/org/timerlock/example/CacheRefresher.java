package org.timerlock.example;

import jakarta.annotation.PreDestroy;
import jakarta.annotation.Resource;
import jakarta.enterprise.concurrent.ManagedScheduledExecutorService;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.context.Initialized;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import java.time.Instant;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import org.timerlock.cdi.LockedTasks;
import org.timerlock.core.LockAssert;

/**
 * A plain CDI bean scheduled on the server's default {@link ManagedScheduledExecutorService}.
 * {@link LockedTasks#wrap(String, Runnable)} puts the lock around each run; the lock's durations
 * come from {@code timerlock.lock."cache-refresh".*} in {@code
 * META-INF/microprofile-config.properties}.
 */
@ApplicationScoped
public class CacheRefresher {

  @Resource(lookup = "java:comp/DefaultManagedScheduledExecutorService")
  ManagedScheduledExecutorService scheduler;

  @Inject LockedTasks lockedTasks;
  @Inject ExecutionLog log;

  private ScheduledFuture<?> schedule;

  void start(@Observes @Initialized(ApplicationScoped.class) Object applicationStarted) {
    schedule =
        scheduler.scheduleAtFixedRate(
            lockedTasks.wrap("cache-refresh", this::refresh), 1, 3, TimeUnit.SECONDS);
  }

  void refresh() {
    LockAssert.assertLocked();
    Instant start = Instant.now();
    NightlyReport.work(200);
    log.ran("cache-refresh", start, false);
  }

  @PreDestroy
  void stop() {
    if (schedule != null) {
      schedule.cancel(false);
    }
  }
}
