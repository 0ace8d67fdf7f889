package org.timerlock.teststores;

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

  /** What the tests know about this store. */
  TestStore store() {
    return store;
  }
}
