package org.timerlock.example.it;

import jakarta.enterprise.concurrent.Asynchronous;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.concurrent.CompletableFuture;
import org.timerlock.cdi.SchedulerLock;
import org.timerlock.servertests.Probe;

/** The {@code @Asynchronous} path: the lock must be taken on the thread that runs the body. */
@ApplicationScoped
public class AsyncProbe {

  static final String LOCK = "probe-async";

  /**
   * Works for a while in the background.
   *
   * @param millis how long
   * @return the name of the thread that ran the body, or {@code null} when skipped
   */
  @Asynchronous
  @SchedulerLock(name = LOCK, lockAtMostFor = "1m")
  public CompletableFuture<String> work(long millis) {
    Probe.run(LOCK, millis);
    return Asynchronous.Result.complete(Thread.currentThread().getName());
  }
}
