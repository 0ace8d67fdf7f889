package org.timerlock.cdi.jobs;

import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.jboss.weld.environment.se.WeldContainer;
import org.timerlock.cdi.internal.LockRuntime;
import org.timerlock.cdi.support.LoggedLines;

/**
 * The application's stop as a server makes it: the container shut down on a thread of its own, so
 * that the test thread can act while the drain waits for the running jobs. A test ends it with
 * {@link #close}, which leaves no stop waiting.
 */
final class ApplicationStop implements AutoCloseable {

  private final ExecutorService stopper = Executors.newSingleThreadExecutor();

  /**
   * Starts the stop and returns at once.
   *
   * @param container the application
   * @return the stop, done once the container is shut down
   */
  Future<?> begin(WeldContainer container) {
    return stopper.submit(container::shutdown);
  }

  /**
   * Stops the application and waits, with a deadline, until it has stopped.
   *
   * @param container the application
   * @return the WARNINGs the drain logged meanwhile, oldest first
   */
  List<String> drainWarnings(WeldContainer container) throws Exception {
    try (LoggedLines log = new LoggedLines(LockRuntime.class.getName())) {
      begin(container).get(30, TimeUnit.SECONDS);
      return log.warnings();
    }
  }

  @Override
  public void close() {
    stopper.shutdownNow();
  }
}
