package org.timerlock.chaos;

import org.timerlock.teststores.StoreKind;

/**
 * The lock stores a chaos run can use: a {@link StoreKind}, and for Redis whether the private
 * server the run kills keeps its data. The fenced resource is always in PostgreSQL.
 */
public enum Store {
  /** Locks in a PostgreSQL table through {@code JdbcLockProvider}. */
  POSTGRES(StoreKind.POSTGRES, true),
  /**
   * Locks in a private Redis that the run kills and restarts, through {@code RedisLockProvider}. It
   * writes an append-only file fsynced on every write ({@code appendonly yes}, {@code appendfsync
   * always}): the configuration under which the provider's fire guard survives a restart.
   */
  REDIS(StoreKind.REDIS, true),
  /**
   * As {@link #REDIS}, with no persistence at all: every restart loses every key, the fire guard's
   * state included. The provider documents that its guard then forgets the fires granted before the
   * restart, so a late node can run one of them again; tokens keep increasing (they come from the
   * server's clock).
   */
  REDIS_VOLATILE(StoreKind.REDIS, false);

  private final StoreKind kind;
  private final boolean durable;

  Store(StoreKind kind, boolean durable) {
    this.kind = kind;
    this.durable = durable;
  }

  /**
   * The store's name for reports.
   *
   * @return e.g. {@code PostgreSQL}
   */
  public String label() {
    return durable ? kind.label() : kind.label() + " without persistence";
  }

  /**
   * The store's name in file names and on the command line.
   *
   * @return e.g. {@code redis-volatile}
   */
  public String id() {
    return durable ? kind.id() : kind.id() + "-volatile";
  }

  /**
   * Whether the lock store is a private Redis that the run restarts.
   *
   * @return true for both Redis variants
   */
  public boolean redis() {
    return kind == StoreKind.REDIS;
  }

  /**
   * Whether the store keeps what the fire guard needs across the faults of a run. Without it, a
   * fire that ran twice after a restart is reported, not held against the provider.
   *
   * @return false for {@link #REDIS_VOLATILE}
   */
  public boolean guardSurvivesFaults() {
    return durable;
  }

  /** The private redis-server's persistence: every acknowledged write survives {@code kill -9}. */
  String[] redisPersistence() {
    return durable
        ? new String[] {"--appendonly", "yes", "--appendfsync", "always"}
        : new String[] {"--appendonly", "no"};
  }

  /**
   * The store for a command-line name.
   *
   * @param id {@code postgres}, {@code redis} or {@code redis-volatile}, in any case
   * @return the store
   * @throws IllegalArgumentException for another name
   */
  public static Store of(String id) {
    for (Store s : values()) {
      if (s.id().equalsIgnoreCase(id.strip()) || s.name().equalsIgnoreCase(id.strip())) {
        return s;
      }
    }
    throw new IllegalArgumentException(
        "Unknown store '" + id + "': use postgres, redis or redis-volatile");
  }
}
