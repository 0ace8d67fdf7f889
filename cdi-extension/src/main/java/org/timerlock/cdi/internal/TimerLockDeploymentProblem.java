package org.timerlock.cdi.internal;

/** One problem that makes the deployment fail; its message names the class, method and value. */
public final class TimerLockDeploymentProblem extends RuntimeException {

  private static final long serialVersionUID = 1L;

  /**
   * Creates the problem.
   *
   * @param message what is wrong, where, and how to fix it
   */
  public TimerLockDeploymentProblem(String message) {
    super(message, null, false, false);
  }

  /**
   * Creates the problem found by catching an exception: the server's log shows that exception (a
   * class that could not be loaded, say) under this problem.
   *
   * @param message what is wrong, where, and how to fix it
   * @param cause what was caught
   */
  public TimerLockDeploymentProblem(String message, Throwable cause) {
    super(message, cause, false, false);
  }
}
