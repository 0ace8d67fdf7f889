package org.timerlock.core.spi;

import java.time.Instant;
import org.timerlock.core.internal.CoreMessage;

/**
 * The checks every store applies to {@link org.timerlock.core.admin.LockAdmin#pause}'s arguments,
 * so that each store refuses the same requests with the same messages.
 */
public final class PauseArguments {

  /** The longest author of a pause, in characters (code points), before it is escaped. */
  public static final int MAX_BY_LENGTH = 200;

  private PauseArguments() {}

  /**
   * Who pauses, as a store keeps it: escaped ({@link Printable#of}), so that an operator's page or
   * a raw read of the store never shows a forged line.
   *
   * @param name the lock name, for the message
   * @param by who pauses, as the caller named them
   * @return the escaped text to store
   * @throws IllegalArgumentException when {@code by} is null, blank or longer than {@value
   *     #MAX_BY_LENGTH} characters
   */
  public static String by(String name, String by) {
    if (by == null || by.isBlank() || by.codePointCount(0, by.length()) > MAX_BY_LENGTH) {
      throw new IllegalArgumentException(
          CoreMessage.PAUSE_BY.text(
              "LockAdmin.pause of lock '"
                  + Printable.shortened(name)
                  + "': by = '"
                  + Printable.shortened(by)
                  + "' must name who pauses, in 1 to "
                  + MAX_BY_LENGTH
                  + " characters"));
    }
    return Printable.of(by);
  }

  /**
   * Checks that a pause ends after the store's present instant.
   *
   * @param name the lock name, for the message
   * @param until when the pause ends, or null for an open-ended pause (always accepted)
   * @param storeNow the store's clock
   * @throws IllegalArgumentException when {@code until} is not after {@code storeNow}
   */
  public static void until(String name, Instant until, Instant storeNow) {
    if (until != null && !until.isAfter(storeNow)) {
      throw new IllegalArgumentException(pastUntil(name, until, storeNow));
    }
  }

  /**
   * The message of a pause whose end has passed, for a store that compares in its own statement.
   *
   * @param name the lock name
   * @param until the requested end
   * @param storeNow the store's clock at the comparison, or null when it is not known
   * @return the message, with its code
   */
  public static String pastUntil(String name, Instant until, Instant storeNow) {
    return CoreMessage.PAUSE_UNTIL.text(
        "LockAdmin.pause of lock '"
            + Printable.shortened(name)
            + "': until = "
            + until
            + " is not in the future"
            + (storeNow == null ? "" : " (the store's clock reads " + storeNow + ")")
            + "; pass a later instant, or null to pause until resumed");
  }
}
