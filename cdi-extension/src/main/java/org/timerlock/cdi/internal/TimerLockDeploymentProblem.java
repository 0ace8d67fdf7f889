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
}
