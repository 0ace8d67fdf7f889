package org.timerlock.cdi.jobs;

import jakarta.ejb.Schedule;
import jakarta.ejb.Timeout;
import jakarta.ejb.Timer;
import jakarta.enterprise.concurrent.Asynchronous;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.timerlock.cdi.SchedulerLock;

/** One locked method of every kind an operator may see in the job list. */
@ApplicationScoped
public class OperatedJobs {

  public static final AtomicInteger NIGHTLY_RUNS = new AtomicInteger();
  public static final AtomicInteger REPORT_RUNS = new AtomicInteger();

  /** Opened by a test to let a running report end. */
  public static volatile CountDownLatch reportMayEnd = new CountDownLatch(0);

  @SchedulerLock(name = "nightly", lockAtMostFor = "10m", lockAtLeastFor = "1m")
  @Schedule(hour = "2", minute = "30", timezone = "Europe/Berlin", persistent = false)
  public void nightly() {
    NIGHTLY_RUNS.incrementAndGet();
  }

  @SchedulerLock(name = "report", lockAtMostFor = "5m")
  public void report() throws InterruptedException {
    REPORT_RUNS.incrementAndGet();
    reportMayEnd.await(30, TimeUnit.SECONDS);
  }

  @SchedulerLock(name = "timed", lockAtMostFor = "5m")
  @Timeout
  public void timed(Timer timer) {}

  @SchedulerLock(name = "with-args", lockAtMostFor = "5m")
  public void withArgs(String customer) {}

  @SchedulerLock(name = "every-minute", lockAtMostFor = "10s")
  @Asynchronous(runAt = @jakarta.enterprise.concurrent.Schedule(cron = "0 * * * * *", zone = "UTC"))
  public void everyMinute() {}
}
