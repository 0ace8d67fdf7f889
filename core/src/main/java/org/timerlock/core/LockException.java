package org.timerlock.core;

/** The lock store could not answer: it is down, misconfigured, or refused the statement. */
public class LockException extends RuntimeException {

  private static final long serialVersionUID = 1L;

  /**
   * Creates the exception.
   *
   * @param message what failed and where (never a password)
   */
  public LockException(String message) {
    super(message);
  }

  /**
   * Creates the exception.
   *
   * @param message what failed and where (never a password)
   * @param cause the store's own error
   */
  public LockException(String message, Throwable cause) {
    super(message, cause);
  }
}
