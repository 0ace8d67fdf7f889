package org.timerlock.jdbc;

/**
 * A lock name longer than the table holds: the caller's mistake, not a store failure, so it leaves
 * the provider as it is and not wrapped in a {@link org.timerlock.core.LockException}.
 */
final class NameTooLongException extends IllegalArgumentException {
  private static final long serialVersionUID = 1L;

  NameTooLongException(String message) {
    super(message);
  }
}
