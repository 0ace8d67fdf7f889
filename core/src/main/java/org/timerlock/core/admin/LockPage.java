package org.timerlock.core.admin;

import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * One page of a listing of locks.
 *
 * @param locks the locks of this page, in the store's order (by name for JDBC, by hash for Redis)
 * @param nextCursor what to pass to {@link LockAdmin#list(String, int)} for the next page, or null
 *     when this is the last page; an opaque value of the provider
 */
public record LockPage(List<LockInfo> locks, String nextCursor) {

  /**
   * Copies the list.
   *
   * @throws NullPointerException when the list or one of its elements is null
   */
  public LockPage {
    locks = List.copyOf(Objects.requireNonNull(locks, "locks"));
  }

  /**
   * The cursor of the next page.
   *
   * @return the cursor, or empty when this is the last page
   */
  public Optional<String> next() {
    return Optional.ofNullable(nextCursor);
  }
}
