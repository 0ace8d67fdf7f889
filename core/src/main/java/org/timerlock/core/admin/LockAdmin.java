package org.timerlock.core.admin;

import java.time.Instant;
import java.util.Iterator;
import java.util.List;
import java.util.Optional;
import java.util.Spliterator;
import java.util.Spliterators;
import java.util.stream.Stream;
import java.util.stream.StreamSupport;
import org.timerlock.core.internal.CoreMessage;

/**
 * Lists, looks up and releases the locks of one provider's store, for operators. Obtained from
 * {@link org.timerlock.core.LockProvider#admin()}; in a CDI application, inject it.
 *
 * <p>Every answer is judged by the store's clock. A listing is paged: no call loads more than one
 * page, whatever the number of locks. Implementations are thread-safe.
 *
 * <pre>{@code
 * admin.stream(500)
 *     .filter(LockInfo::held)
 *     .forEach(lock -> System.out.println(lock.name() + " held by " + lock.nodeId()));
 * admin.release("nightly-report").ifPresent(was -> log("released " + was));
 * }</pre>
 *
 * <p>Releasing a lock lets any node take it at once, while the job its holder started may still be
 * running: release only what a crashed or stuck node left behind. A release keeps what the store
 * remembers beyond the lease (the latest fire of the fire guard, the latest fencing token), so a
 * scheduled fire that already ran is still refused and tokens keep growing.
 *
 * <p>Every method throws {@link org.timerlock.core.LockException} when the store cannot answer.
 */
public interface LockAdmin {

  /**
   * The largest page {@link #list(String, int)} returns, whatever the limit asked for: a larger
   * limit is taken as this one. One page is read in one request to the store, and on Redis that
   * request ({@code SCAN}) blocks the server while it runs; the bound keeps it short.
   */
  int MAX_PAGE_SIZE = 1000;

  /**
   * One page of the locks, held or not.
   *
   * @param cursor null for the first page, else {@link LockPage#nextCursor()} of the page before
   * @param limit the page size, taken as {@link #MAX_PAGE_SIZE} when larger: at most this many
   *     locks on JDBC and in memory; on Redis a hint (SCAN's COUNT), a page may hold a few more,
   *     and a lock can appear on two pages when the key space is rehashed between the calls
   * @return the page
   * @throws IllegalArgumentException when the limit is not positive or the cursor is not one this
   *     provider made
   */
  LockPage list(String cursor, int limit);

  /**
   * The store's clock now: the clock every answer and every lease is judged by, so that a node can
   * measure its own clock's offset against it. One request to the store, which writes nothing.
   *
   * @return the store's time; empty when the store cannot tell (the default)
   */
  default Optional<Instant> storeTime() {
    return Optional.empty();
  }

  /**
   * Looks up one lock.
   *
   * @param name the lock name
   * @return the lock, held or not; empty when the store has nothing under the name
   */
  Optional<LockInfo> find(String name);

  /**
   * Releases one acquisition, if it is still held: the lock is free at once, by the store's clock.
   *
   * @param name the lock name
   * @param owner the owner value of the acquisition to release, as in {@link LockInfo#owner()}
   * @return true when it was held and is now released; false when the lock is not held, or held by
   *     another acquisition (taken again since it was read)
   */
  boolean release(String name, String owner);

  /**
   * Releases whatever acquisition holds the lock now.
   *
   * @param name the lock name
   * @return the lock as it was just before the release; empty when it was not held (or changed
   *     hands between the look-up and the release, which then does nothing)
   */
  default Optional<LockInfo> release(String name) {
    return find(name).filter(LockInfo::held).filter(lock -> release(name, lock.owner()));
  }

  /**
   * Pauses a lock on every node: from now until {@code until} (or until {@link #resume}), the
   * acquire statement itself refuses it ({@link org.timerlock.core.LockAttempt.Outcome#PAUSED}),
   * with no extra round trip and without writing. A run in progress is not stopped. Pausing a lock
   * that never ran creates it, paused; pausing a paused lock replaces the pause.
   *
   * @param name the lock name
   * @param until when the pause ends by itself, by the store's clock; null to pause until resumed
   * @param by who pauses, kept with the pause and named in the audit (escaped when shown)
   * @return the lock as the store has it after the pause
   * @throws IllegalArgumentException when the name does not fit the store, {@code by} is blank or
   *     too long, or {@code until} is not in the future by the store's clock
   * @throws UnsupportedOperationException when this provider's store cannot keep pauses
   */
  default LockInfo pause(String name, Instant until, String by) {
    throw unsupported("pause");
  }

  /**
   * Ends a pause at once, on every node.
   *
   * @param name the lock name
   * @param by who resumes, named in the audit
   * @return true when the lock was paused; false when it was not (or the pause had ended)
   * @throws UnsupportedOperationException when this provider's store cannot keep pauses
   */
  default boolean resume(String name, String by) {
    throw unsupported("resume");
  }

  /**
   * Whether this store keeps a run history ({@code timerlock.history.enabled}).
   *
   * @return true when {@link #history} has something to read
   */
  default boolean keepsHistory() {
    return false;
  }

  /**
   * The latest runs of a lock and the slots no node ran, newest first, from the optional history.
   *
   * @param name the lock name
   * @param limit how many records at most, taken as {@link #MAX_PAGE_SIZE} when larger
   * @return the records; empty when the history is off or has nothing for the name
   * @throws IllegalArgumentException when the limit is not positive
   */
  default List<RunRecord> history(String name, int limit) {
    checkLimit(limit);
    return List.of();
  }

  /**
   * Records in the history a scheduled slot that no node ran, as the missed-fire watch found it: a
   * {@link RunRecord} whose outcome is {@link org.timerlock.core.RunOutcome#MISSED}. Does nothing
   * when the history is off.
   *
   * @param name the lock name
   * @param slot the slot no node ran
   * @param nodeId the node whose watch found it
   */
  default void recordMissed(String name, Instant slot, String nodeId) {}

  /**
   * Every lock, fetched page by page as the stream is consumed.
   *
   * @param pageSize the page size passed to {@link #list(String, int)}, which takes a larger one
   *     than {@link #MAX_PAGE_SIZE} as that maximum
   * @return a lazy, sequential stream
   * @throws IllegalArgumentException when the page size is not positive
   */
  default Stream<LockInfo> stream(int pageSize) {
    checkLimit(pageSize);
    Iterator<LockInfo> all = new PagedLocks(this, pageSize);
    return StreamSupport.stream(
        Spliterators.spliteratorUnknownSize(all, Spliterator.NONNULL), false);
  }

  /**
   * Checks a page size, for implementations of {@link #list(String, int)}.
   *
   * @param limit the page size asked for
   * @throws IllegalArgumentException when it is not positive
   */
  static void checkLimit(int limit) {
    if (limit <= 0) {
      throw new IllegalArgumentException(
          CoreMessage.ADMIN_PAGE_SIZE.text(
              "LockAdmin.list(cursor, limit): the limit must be positive, was " + limit));
    }
  }

  /**
   * The page size to read, for implementations of {@link #list(String, int)}: the limit, at most
   * {@link #MAX_PAGE_SIZE}.
   *
   * @param limit the page size asked for
   * @return the page size to read
   * @throws IllegalArgumentException when it is not positive
   */
  static int pageSize(int limit) {
    checkLimit(limit);
    return Math.min(limit, MAX_PAGE_SIZE);
  }

  private UnsupportedOperationException unsupported(String operation) {
    return new UnsupportedOperationException(
        CoreMessage.ADMIN_UNSUPPORTED.text(
            getClass().getName()
                + " cannot "
                + operation
                + " locks: its store does not keep pauses"));
  }
}
