package org.timerlock.interop;

/** The stores of the matrix, in the order of the migration page's columns. */
enum Store {
  POSTGRESQL("PostgreSQL"),
  MARIADB("MariaDB"),
  REDIS("Redis");

  private final String column;

  Store(String column) {
    this.column = column;
  }

  /** The column heading on the migration page. */
  String column() {
    return column;
  }

  boolean isJdbc() {
    return this != REDIS;
  }
}
