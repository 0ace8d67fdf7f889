package org.timerlock.example;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import java.lang.System.Logger.Level;
import org.timerlock.cdi.LockEvent;

/**
 * Writes one line per run, skip and store failure to the server's log ({@code messages.log} on Open
 * Liberty), from the jobs and from TimerLock's {@link LockEvent}s.
 */
@ApplicationScoped
public class JobLog {

  private static final System.Logger LOG = System.getLogger(JobLog.class.getName());

  /**
   * Runs a job's work and logs how long it took.
   *
   * @param lock the lock the job runs under
   * @param work the work
   */
  public void ran(String lock, Runnable work) {
    long start = System.nanoTime();
    work.run();
    LOG.log(
        Level.INFO,
        "[timerlock-example] lock={0} ran in {1} ms",
        lock,
        Long.toString((System.nanoTime() - start) / 1_000_000));
  }

  void onLockEvent(@Observes LockEvent event) {
    switch (event.kind()) {
      case SKIPPED ->
          LOG.log(
              Level.INFO,
              "[timerlock-example] lock={0} skipped: held by another node",
              event.lockName());
      case STORE_FAILURE ->
          LOG.log(
              Level.WARNING,
              "[timerlock-example] lock={0} store failure: {1}",
              event.lockName(),
              event.failure().map(Throwable::toString).orElse("unknown"));
      default -> {}
    }
  }

  static void pause(long millis) {
    try {
      Thread.sleep(millis);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
