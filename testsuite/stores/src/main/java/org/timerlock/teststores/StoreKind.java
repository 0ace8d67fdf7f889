package org.timerlock.teststores;

import java.util.Locale;

/** The external stores the tests use; what each one takes is in its own class. */
public enum StoreKind {
  /** PostgreSQL, database {@code test}, user {@code postgres}, trust authentication. */
  POSTGRES(new PostgresStore()),
  /** MariaDB (or MySQL), database {@code test}, user {@code root} without password. */
  MARIADB(new MariaDbStore()),
  /** Redis without authentication. */
  REDIS(new RedisStore());

  private final TestStore store;

  StoreKind(TestStore store) {
    this.store = store;
  }

  /**
   * The store's name for messages.
   *
   * @return e.g. {@code PostgreSQL}
   */
  public String label() {
    return store.label();
  }

  /**
   * The environment variable that points the tests at a store of this kind.
   *
   * @return e.g. {@code TIMERLOCK_TEST_POSTGRES_URL}
   */
  public String variable() {
    return store.variable();
  }

  /**
   * The address used when neither the variable nor Docker provides one.
   *
   * @return a JDBC URL or a Redis URI on 127.0.0.1
   */
  public String localDefault() {
    return store.localDefault();
  }

  /**
   * The store's name in file names, on command lines and in benchmark parameters.
   *
   * @return {@code postgres}, {@code mariadb} or {@code redis}
   */
  public String id() {
    return name().toLowerCase(Locale.ROOT);
  }

  /**
   * The store for a name in file names, on command lines and in benchmark parameters.
   *
   * @param id e.g. {@code postgres}, in any case
   * @return the store
   * @throws IllegalArgumentException for another name
   */
  public static StoreKind of(String id) {
    for (StoreKind kind : values()) {
      if (kind.id().equalsIgnoreCase(id.strip())) {
        return kind;
      }
    }
    throw new IllegalArgumentException(
        "Unknown store '" + id + "': use postgres, mariadb or redis");
  }

  /**
   * Whether the store is a relational database, reached through JDBC.
   *
   * @return true for PostgreSQL and MariaDB
   */
  public boolean isDatabase() {
    return store instanceof TestStore.Database;
  }

  /**
   * Starts a server of this store of its own, on a free port of 127.0.0.1, for a test or a
   * measurement that counts, restarts or kills it; close it after.
   *
   * @return the running server; a JDBC one has a database {@code test}
   * @throws IllegalStateException when it does not start; the message holds its log
   */
  public PrivateServer privateServer() {
    return store.privateServer();
  }

  /** What the tests know about this store. */
  TestStore store() {
    return store;
  }

  /**
   * The address of a server of this kind listening elsewhere than the local default.
   *
   * @param hostAndPort where it listens, e.g. {@code 127.0.0.1:41234}
   * @param origin how it was found, for messages
   */
  StoreAddress addressAt(String hostAndPort, String origin) {
    String url = store.localDefault().replace("127.0.0.1:" + store.port(), hostAndPort);
    return new StoreAddress(this, url, store.defaultUser(), null, origin);
  }
}
