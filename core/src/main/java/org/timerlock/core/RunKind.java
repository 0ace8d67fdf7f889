package org.timerlock.core;

/**
 * What started a locked run, as the store records it beside the outcome ({@link
 * org.timerlock.core.admin.RunRecord#kind()}) and as a {@link LockConfiguration} carries it to the
 * release.
 */
public enum RunKind {
  /**
   * The usual way: a timer's fire, a scheduled task, or a plain call of a locked method. A fire,
   * when the call names one, is the slot the fire guard keeps.
   */
  SCHEDULED,
  /**
   * An operator's "run now": run on the node asked, under the lock, without a fire, so it never
   * consumes a scheduled slot.
   */
  MANUAL,
  /**
   * A catch-up of the latest slot that no node ran: it carries that slot as its fire, so the fire
   * guard lets it run once across the cluster.
   */
  CATCH_UP
}
