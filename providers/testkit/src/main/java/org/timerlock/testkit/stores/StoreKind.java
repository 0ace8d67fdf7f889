package org.timerlock.testkit.stores;

/** The external stores the tests use, with where each is looked for. */
public enum StoreKind {
  /** PostgreSQL, database {@code test}, user {@code postgres}, trust authentication. */
  POSTGRES(
      "PostgreSQL",
      "TIMERLOCK_TEST_POSTGRES_URL",
      "jdbc:postgresql://127.0.0.1:5432/test",
      "postgres",
      5432),
  /** MariaDB (or MySQL), database {@code test}, user {@code root} without password. */
  MARIADB(
      "MariaDB", "TIMERLOCK_TEST_MARIADB_URL", "jdbc:mariadb://127.0.0.1:3306/test", "root", 3306),
  /** Redis without authentication. */
  REDIS("Redis", "TIMERLOCK_TEST_REDIS_URI", "redis://127.0.0.1:6379", null, 6379);

  private final String label;
  private final String variable;
  private final String localDefault;
  private final String defaultUser;
  private final int port;

  StoreKind(String label, String variable, String localDefault, String defaultUser, int port) {
    this.label = label;
    this.variable = variable;
    this.localDefault = localDefault;
    this.defaultUser = defaultUser;
    this.port = port;
  }

  /**
   * The store's name for messages.
   *
   * @return e.g. {@code PostgreSQL}
   */
  public String label() {
    return label;
  }

  /**
   * The environment variable that points the tests at a store of this kind.
   *
   * @return e.g. {@code TIMERLOCK_TEST_POSTGRES_URL}
   */
  public String variable() {
    return variable;
  }

  /**
   * The address used when neither the variable nor Docker provides one.
   *
   * @return a JDBC URL or a Redis URI on 127.0.0.1
   */
  public String localDefault() {
    return localDefault;
  }

  /**
   * The user for the local default and containers; with the variable, {@code <variable>_USER}.
   *
   * @return the user, null for Redis
   */
  String defaultUser() {
    return defaultUser;
  }

  /**
   * The store's standard port, as exposed by its container.
   *
   * @return the port
   */
  int port() {
    return port;
  }

  /** How a developer makes a store of this kind available; part of every failure message. */
  String howToProvide() {
    return "Provide "
        + label
        + " by one of: setting "
        + variable
        + " (e.g. "
        + localDefault
        + (defaultUser == null ? "" : ", with " + variable + "_USER/_PASSWORD if needed")
        + "); starting a Docker engine for Testcontainers; or running it locally at "
        + localDefault
        + " (on Debian, 'bash .ci/services.sh' as root installs and starts it).";
  }
}
