package org.timerlock.console;

import java.util.List;

/**
 * The job metadata of an application whose integration does not describe its jobs: the console then
 * shows the store's rows alone, and cannot run a job now.
 */
final class NoJobs implements Jobs {

  @Override
  public List<Job> all() {
    return List.of();
  }

  @Override
  public boolean canRunNow() {
    return false;
  }

  @Override
  public String runNow(String name, String by) {
    throw new UnsupportedOperationException(
        ConsoleMessage.UNSUPPORTED.text(
            "TimerLock console: this application's TimerLock integration cannot run a job now"));
  }
}
