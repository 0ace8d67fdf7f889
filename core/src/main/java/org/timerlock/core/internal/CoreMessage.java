package org.timerlock.core.internal;

import org.timerlock.core.spi.MessageCode;

/**
 * The codes of the core module's messages, TIMERLOCK-101 to TIMERLOCK-199; docs/troubleshooting.md
 * has an entry for each. A code is never reused or renumbered once published: a message kind that
 * goes away leaves its number unused, a new one takes the next free number.
 */
public enum CoreMessage implements MessageCode {
  /** A lock name that is null, blank or holds U+0000. */
  LOCK_NAME(101),
  /** lockAtMostFor or lockAtLeastFor missing, out of range, or in the wrong order. */
  LOCK_DURATIONS(102),
  /** Duration text that cannot be parsed. */
  DURATION_SYNTAX(103),
  /** A configured value that does not fit its key's type. */
  CONFIG_VALUE(104),
  /** A cron expression or calendar schedule that breaks the syntax, or has no zone. */
  SCHEDULE_SYNTAX(105),
  /** A call that needs a locked task on the current thread, made outside one. */
  NOT_LOCKED(106),
  /** The lock of a running task was lost: it expired, or could not be extended or renewed. */
  LOCK_LOST(107),
  /** Extension asked of a lock whose provider cannot extend locks. */
  EXTEND_UNSUPPORTED(108),
  /** The lock store failed while taking, extending or releasing a lock. */
  STORE_FAILURE(109),
  /** A call skipped because the lock store could not answer. */
  SKIPPED_STORE_FAILURE(110),
  /** A lock that could not be released after its task. */
  RELEASE_FAILED(111),
  /** A keep-alive renewal that failed and is retried. */
  RENEWAL_FAILED(112),
  /** A lock listener that threw. */
  LISTENER_FAILED(113),
  /** A fire refused because it already ran on another node (DEBUG). */
  ALREADY_RAN(114),
  /** A lock admin page size that is not positive. */
  ADMIN_PAGE_SIZE(115),
  /** A skipped task result given the reason EXECUTED. */
  SKIPPED_AS_EXECUTED(116),
  /** A Runnable that threw a checked exception. */
  CHECKED_FROM_RUNNABLE(117),
  /** A provider factory that asked for the default of a key without one. */
  NO_DEFAULT(118),
  /**
   * A lock request whose run kind does not fit its fire (a manual run with one, a catch-up
   * without).
   */
  RUN_KIND(119),
  /**
   * A lock admin operation that this provider's store cannot do (a pause on a store without
   * pauses).
   */
  ADMIN_UNSUPPORTED(120),
  /** A pause whose author ({@code by}) is missing, blank or too long. */
  PAUSE_BY(121),
  /** A pause whose end ({@code until}) is not in the future by the store's clock. */
  PAUSE_UNTIL(122),
  /** A call refused because an operator paused its lock in the store (DEBUG). */
  PAUSED(130);

  private final int number;

  CoreMessage(int number) {
    this.number = number;
  }

  @Override
  public int number() {
    return number;
  }
}
