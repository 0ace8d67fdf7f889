package org.timerlock.console;

import org.timerlock.core.spi.MessageCode;

/**
 * The codes of the console's messages, TIMERLOCK-501 to TIMERLOCK-599; docs/troubleshooting.md has
 * an entry for each. A code is never reused or renumbered once published.
 */
public enum ConsoleMessage implements MessageCode {
  /** timerlock.console.path is not a usable servlet path. */
  BAD_PATH(501),
  /** A request by a caller the role mapping gives neither console role, or no login at all. */
  NO_ROLE(502),
  /** An action without the page's anti-forgery token, or from another origin. */
  FORGED(503),
  /** An action asked by a caller with the viewer role only. */
  NOT_OPERATOR(504),
  /** The lock store did not answer the console's read or action. */
  STORE_UNAVAILABLE(505),
  /** An action with a missing or invalid parameter. */
  BAD_ACTION(506),
  /** An action this application's store or integration cannot do. */
  UNSUPPORTED(507);

  private final int number;

  ConsoleMessage(int number) {
    this.number = number;
  }

  @Override
  public int number() {
    return number;
  }
}
