package org.timerlock.chaos;

import java.util.Locale;

/** The lock stores a chaos run can use. The fenced resource is always in PostgreSQL. */
public enum Store {
  /** Locks in a PostgreSQL table through {@code JdbcLockProvider}. */
  POSTGRES("PostgreSQL"),
  /** Locks in a private Redis server that the run restarts, through {@code RedisLockProvider}. */
  REDIS("Redis");

  private final String label;

  Store(String label) {
    this.label = label;
  }

  /**
   * The store's name for reports.
   *
   * @return e.g. {@code PostgreSQL}
   */
  public String label() {
    return label;
  }

  /**
   * The store's name in file names and on the command line.
   *
   * @return e.g. {@code postgres}
   */
  public String id() {
    return name().toLowerCase(Locale.ROOT);
  }

  /**
   * The store for a command-line name.
   *
   * @param id {@code postgres} or {@code redis}, in any case
   * @return the store
   * @throws IllegalArgumentException for another name
   */
  public static Store of(String id) {
    for (Store s : values()) {
      if (s.id().equalsIgnoreCase(id.strip()) || s.label.equalsIgnoreCase(id.strip())) {
        return s;
      }
    }
    throw new IllegalArgumentException("Unknown store '" + id + "': use postgres or redis");
  }
}
