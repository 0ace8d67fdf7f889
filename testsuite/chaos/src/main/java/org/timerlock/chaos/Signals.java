package org.timerlock.chaos;

import java.io.IOException;
import java.util.concurrent.TimeUnit;

/** Sends POSIX signals to processes through the {@code kill} command. */
final class Signals {

  private Signals() {}

  /**
   * Sends a signal and waits for {@code kill} to finish.
   *
   * @param pid the process
   * @param signal e.g. {@code STOP}, {@code CONT}, {@code KILL}
   * @return true when {@code kill} reported success
   */
  static boolean send(long pid, String signal) {
    try {
      Process kill =
          new ProcessBuilder("kill", "-" + signal, Long.toString(pid))
              .redirectErrorStream(true)
              .redirectOutput(ProcessBuilder.Redirect.DISCARD)
              .start();
      if (!kill.waitFor(10, TimeUnit.SECONDS)) {
        kill.destroyForcibly();
        return false;
      }
      return kill.exitValue() == 0;
    } catch (IOException e) {
      throw new IllegalStateException("Cannot run kill -" + signal + " " + pid, e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return false;
    }
  }
}
