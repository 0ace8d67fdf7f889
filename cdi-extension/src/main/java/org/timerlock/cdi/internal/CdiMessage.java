package org.timerlock.cdi.internal;

import org.timerlock.core.spi.MessageCode;

/**
 * The codes of the CDI extension's messages, TIMERLOCK-201 to TIMERLOCK-299;
 * docs/troubleshooting.md has an entry for each. A code is never reused or renumbered once
 * published: a message kind that goes away leaves its number unused, a new one takes the next free
 * number.
 */
public enum CdiMessage implements MessageCode {
  /** A lock name that resolves to blank text. */
  BLANK_LOCK_NAME(201),
  /** A lock without lockAtMostFor. */
  NO_LOCK_AT_MOST_FOR(202),
  /** lockAtMostFor or lockAtLeastFor out of range, or in the wrong order. */
  LOCK_DURATIONS(203),
  /** A ${key} expression in an annotation that cannot be resolved. */
  CONFIG_EXPRESSION(204),
  /** Two methods that share a lock name without meaning to. */
  NAME_SHARED(205),
  /** A locked method the container cannot intercept. */
  NOT_INTERCEPTABLE(206),
  /** A locked method that returns a primitive type. */
  PRIMITIVE_RETURN(207),
  /** A lock name longer than the lock store accepts. */
  NAME_TOO_LONG(208),
  /** An unknown config key under timerlock. */
  UNKNOWN_KEY(209),
  /** A per-lock key without the double quotes around the lock name. */
  LOCK_KEY_FORM(210),
  /** A per-lock key naming an unknown lock property. */
  UNKNOWN_LOCK_PROPERTY(211),
  /** timerlock.provider naming a provider that is not on the class path. */
  NO_PROVIDER(212),
  /** The lock provider was not built: its configuration is invalid. */
  PROVIDER_NOT_BUILT(213),
  /** A lock provider factory that failed with a message without a code, or a broken library. */
  PROVIDER_BUILD_FAILED(214),
  /** TimerLock, or some locks, switched off by configuration. */
  SWITCHED_OFF(215),
  /** The lock store could not say its name length limit at deployment. */
  NAME_LIMIT_UNKNOWN(216),
  /** The lock provider could not be closed. */
  PROVIDER_CLOSE_FAILED(217),
  /** An optional integration whose API is present but whose bean cannot load. */
  OPTIONAL_BEAN_FAILED(218),
  /** An observer of LockEvent that threw. */
  OBSERVER_FAILED(219),
  /** A lock released by an operator through the lock admin. */
  RELEASED_BY_OPERATOR(220),
  /** A call of a locked method with no lock registered for it. */
  NOT_REGISTERED(221),
  /** A locked method and its lock, at deployment (INFO). */
  RUNS_UNDER_LOCK(222),
  /** An argument of TimerLock's CDI API that cannot be used. */
  INVALID_ARGUMENT(223),
  /** An attribute of a schedule annotation that cannot be read. */
  ANNOTATION_UNREADABLE(224),
  /** Lock admin asked of a lock provider that has none. */
  ADMIN_UNSUPPORTED(225),
  /** LockedTasks injected where the Jakarta Concurrency API is missing. */
  LOCKED_TASKS_UNAVAILABLE(226),
  /** A shared lock name whose methods give it different durations. */
  SHARED_SETTINGS_DIFFER(227),
  /** More lock names than the metrics tag meters with. */
  METRICS_LOCK_NAMES_CAPPED(228),
  /** A slot of a lock's schedule that no node took (WARNING). */
  FIRE_MISSED(229),
  /** Locks without a schedule shared by the nodes, which the missed-fire watch cannot check. */
  UNWATCHED_LOCKS(230),
  /** A check for missed fires that could not read the lock store. */
  WATCH_CHECK_FAILED(231),
  /** A lock store that cannot tell which fires it granted: no missed-fire watch. */
  WATCH_UNAVAILABLE(232),
  /** The missed-fire check's own thread that did not end when the application stopped. */
  WATCH_NOT_STOPPED(233),
  /** An operator's request to run a job now (WARNING, the audit). */
  RUN_NOW_REQUESTED(234),
  /** A job to run now or catch up whose bean cannot be found. */
  RUN_NO_BEAN(235),
  /** A lock paused by an operator (WARNING, the audit). */
  PAUSED_BY_OPERATOR(236),
  /** A lock resumed by an operator (WARNING, the audit). */
  RESUMED_BY_OPERATOR(237),
  /** A locked job still running when the drain timeout at shutdown ended. */
  DRAIN_TIMEOUT(238),
  /** A lock with catch-up whose job TimerLock cannot run by itself. */
  CATCH_UP_NOT_RUNNABLE(239),
  /** A missed slot that a catch-up run started for (INFO). */
  CATCH_UP_STARTED(240),
  /** A run now or catch-up that failed before its lock decision. */
  DIRECT_RUN_FAILED(241),
  /** A missed slot the watch could not record in the run history. */
  HISTORY_WRITE_FAILED(242),
  /** Which metrics API the lock metrics go to (INFO). */
  METRICS_ROUTE(247),
  /** A runAt schedule the server's Jakarta Concurrency 3.0 API cannot see (INFO). */
  RUN_AT_IGNORED(248);

  private final int number;

  CdiMessage(int number) {
    this.number = number;
  }

  @Override
  public int number() {
    return number;
  }
}
