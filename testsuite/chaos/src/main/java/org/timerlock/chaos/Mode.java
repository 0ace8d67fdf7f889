package org.timerlock.chaos;

/** What protects the job in a run. */
public enum Mode {
  /**
   * Every lock request names its fire ({@code LockConfiguration.forFire}) and the job's writes go
   * through the fence with the lock's token.
   */
  GUARDED("guard+fencing on"),
  /** Plain lock requests (the lease alone decides) and unconditional writes. */
  LEASE_ONLY("guard+fencing off");

  private final String label;

  Mode(String label) {
    this.label = label;
  }

  /**
   * How reports name the mode.
   *
   * @return e.g. {@code guard+fencing on}
   */
  public String label() {
    return label;
  }

  /**
   * Whether lock requests name their fire and writes are fenced.
   *
   * @return true for {@link #GUARDED}
   */
  public boolean guarded() {
    return this == GUARDED;
  }
}
