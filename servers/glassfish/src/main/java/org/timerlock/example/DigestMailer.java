package org.timerlock.example;

import jakarta.enterprise.concurrent.Asynchronous;
import jakarta.enterprise.concurrent.Schedule;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.context.Initialized;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import java.util.concurrent.CompletableFuture;
import org.timerlock.cdi.SchedulerLock;

/**
 * A Jakarta Concurrency 3.1 scheduled method: {@code @Asynchronous(runAt = ...)} runs it on the
 * default managed scheduled executor at every fire of its cron schedule, on every instance, and the
 * lock lets one of them send each digest.
 *
 * <p>TimerLock's interceptor runs inside {@code @Asynchronous}, so the lock is taken on the
 * executor thread of each fire, for as long as the body runs. The method returns {@code null},
 * which keeps the schedule going, and so does a fire the lock skips (the interceptor returns {@code
 * null} for it).
 */
@ApplicationScoped
public class DigestMailer {

  /** The lock's name, also the job's name in the audit table. */
  public static final String LOCK = "digest-mail";

  @Inject JobAudit audit;

  /** The first call starts the schedule; the container calls the method at every fire after. */
  void start(@Observes @Initialized(ApplicationScoped.class) Object started, DigestMailer self) {
    self.send();
  }

  /**
   * Sends the digest.
   *
   * @return {@code null}: the schedule goes on
   */
  @Asynchronous(runAt = @Schedule(cron = "*/2 * * * * *"))
  @SchedulerLock(name = LOCK, lockAtMostFor = "1m", lockAtLeastFor = "1s")
  public CompletableFuture<Void> send() {
    audit.run(LOCK, 300);
    return null;
  }
}
