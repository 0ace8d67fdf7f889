package org.timerlock.cdi.support;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import org.timerlock.cdi.SchedulerLock;
import org.timerlock.core.LockAssert;

/** A job bean with every supported shape of locked method. */
@ApplicationScoped
public class ReportJob {

  private final AtomicInteger runs = new AtomicInteger();
  private volatile boolean otherNodeCouldTakeWhileRunning;

  @Inject ReportJob self;

  @SchedulerLock(name = "report", lockAtMostFor = "10m")
  public String report() {
    runs.incrementAndGet();
    LockAssert.assertLocked();
    otherNodeCouldTakeWhileRunning = SharedStore.otherNodeCouldTake("report");
    return "report done";
  }

  @SchedulerLock(lockAtMostFor = "10m")
  public Optional<String> optionalReport() {
    runs.incrementAndGet();
    return Optional.of("optional done");
  }

  @SchedulerLock(lockAtMostFor = "10m")
  public Integer count() {
    runs.incrementAndGet();
    return 42;
  }

  @SchedulerLock(lockAtMostFor = "10m")
  public void fails() {
    runs.incrementAndGet();
    throw new IllegalStateException("the job failed");
  }

  @SchedulerLock(name = "nested", lockAtMostFor = "10m")
  public String outer() {
    return "outer+" + self.inner();
  }

  @SchedulerLock(name = "nested", lockAtMostFor = "10m")
  public String inner() {
    runs.incrementAndGet();
    return "inner";
  }

  /** How often a locked method body ran. */
  public int runs() {
    return runs.get();
  }

  public boolean otherNodeCouldTakeWhileRunning() {
    return otherNodeCouldTakeWhileRunning;
  }

  public String unlocked() {
    LockAssert.assertLocked();
    return "never";
  }
}
