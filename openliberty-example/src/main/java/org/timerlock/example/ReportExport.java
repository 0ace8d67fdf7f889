package org.timerlock.example;

import jakarta.enterprise.concurrent.Asynchronous;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.concurrent.CompletableFuture;
import org.timerlock.cdi.SchedulerLock;

/**
 * A Jakarta Concurrency {@code @Asynchronous} method under a lock: however many servers and callers
 * ask for an export, one runs at a time in the cluster; the others are skipped and their future
 * completes with {@code null}. TimerLock's interceptor runs inside {@code @Asynchronous}, so the
 * lock is taken on the executor thread that does the work, for as long as it lasts.
 */
@ApplicationScoped
public class ReportExport {

  @Inject JobLog log;

  /**
   * Exports the report in the background.
   *
   * @return the export's name, or {@code null} when another export was running
   */
  @Asynchronous
  @SchedulerLock(name = "report-export")
  public CompletableFuture<String> export() {
    log.ran("report-export", () -> JobLog.pause(500));
    return Asynchronous.Result.complete("report-" + System.currentTimeMillis());
  }
}
