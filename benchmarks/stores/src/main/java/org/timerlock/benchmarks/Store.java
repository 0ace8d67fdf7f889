package org.timerlock.benchmarks;

import java.util.Locale;

/** A store both libraries lock in during a benchmark. */
public enum Store {
  /** No store: each library's executor over a provider that keeps locks in a map of the JVM. */
  IN_MEMORY,
  /** PostgreSQL through JDBC. */
  POSTGRES,
  /** MariaDB through JDBC. */
  MARIADB,
  /** Redis through Jedis. */
  REDIS;

  /**
   * The name used in JMH parameters and in results.
   *
   * @return e.g. {@code in-memory}
   */
  public String id() {
    return name().toLowerCase(Locale.ROOT).replace('_', '-');
  }

  /**
   * The store for a JMH parameter value.
   *
   * @param id e.g. {@code postgres}
   * @return the store
   * @throws IllegalArgumentException for an unknown value
   */
  public static Store of(String id) {
    for (Store store : values()) {
      if (store.id().equals(id)) {
        return store;
      }
    }
    throw new IllegalArgumentException("Unknown store '" + id + "'");
  }

  boolean isJdbc() {
    return this == POSTGRES || this == MARIADB;
  }
}
