package org.timerlock.cdi.interception;

import jakarta.enterprise.context.ApplicationScoped;
import java.util.concurrent.atomic.AtomicInteger;
import org.timerlock.cdi.SchedulerLock;

/** A job whose unprotected read-pause-write counter loses updates if two calls ever overlap. */
@ApplicationScoped
class CounterJob {

  private volatile int counter;
  private final AtomicInteger inside = new AtomicInteger();
  private final AtomicInteger maxInside = new AtomicInteger();

  @SchedulerLock(lockAtMostFor = "1m")
  public Boolean increment() throws InterruptedException {
    maxInside.accumulateAndGet(inside.incrementAndGet(), Math::max);
    int read = counter;
    Thread.sleep(1);
    counter = read + 1;
    inside.decrementAndGet();
    return Boolean.TRUE;
  }

  public int counter() {
    return counter;
  }

  public int maxInside() {
    return maxInside.get();
  }
}
