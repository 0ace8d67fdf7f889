package org.timerlock.jdbc;

import org.timerlock.core.spi.MessageCode;

/**
 * The codes of the JDBC provider's messages, TIMERLOCK-301 to TIMERLOCK-399;
 * docs/troubleshooting.md has an entry for each. A code is never reused or renumbered once
 * published: a message kind that goes away leaves its number unused, a new one takes the next free
 * number.
 */
enum JdbcMessage implements MessageCode {
  /** Settings that exclude each other, or a URL-only setting without the URL. */
  CONFLICTING_SETTINGS(301),
  /** A JDBC URL that cannot be used. */
  INVALID_URL(302),
  /** HikariCP, or a library it needs, missing from the class path. */
  POOL_LIBRARY_MISSING(303),
  /** A configured JDBC driver class that cannot be used. */
  DRIVER_CLASS(304),
  /** The database failed while taking, extending or releasing a lock, or reading the table. */
  STORE_FAILURE(305),
  /** A database product TimerLock has no dialect for. */
  UNSUPPORTED_DATABASE(306),
  /** The lock table or fence table could not be created. */
  CREATE_TABLE_FAILED(307),
  /** A lock name longer than the table's name column holds. */
  NAME_TOO_LONG(308),
  /** A lock table without the fire guard and fencing token columns (INFO). */
  LEASE_ONLY(309),
  /** The lock table was created (INFO). */
  TABLE_CREATED(310),
  /** A lock table owned by another database role. */
  TABLE_OWNER(311),
  /** The size of the name column could not be read at deployment. */
  COLUMN_SIZE_UNKNOWN(312),
  /** The connection pool could not be closed. */
  POOL_CLOSE_FAILED(313),
  /** A ShedLock node that very likely writes its local time. */
  SHEDLOCK_LOCAL_TIME(314),
  /** A write refused by the fence: the fencing token is older than the recorded one. */
  STALE_FENCING_TOKEN(315),
  /** A JNDI DataSource that is missing or is no DataSource. */
  DATASOURCE_NOT_FOUND(316),
  /** An argument of the provider's builder or the fence that cannot be used. */
  INVALID_ARGUMENT(317),
  /** A missing lock table while creating it is switched off. */
  TABLE_MISSING(318),
  /** A fence check in a task whose lock has no fencing token. */
  NO_FENCING_TOKEN(319),
  /** A lock table without the columns of the last run, or without its kind column (INFO). */
  NO_RUN_COLUMNS(320),
  /** A lock table without the pause columns: locks work, pausing fails (INFO, and the error). */
  NO_PAUSE_COLUMNS(321),
  /** A history record could not be written: the run and its release are not affected (WARNING). */
  HISTORY_WRITE_FAILED(322),
  /** The history table is missing while creating it is switched off, or cannot be created. */
  HISTORY_TABLE(323);

  private final int number;

  JdbcMessage(int number) {
    this.number = number;
  }

  @Override
  public int number() {
    return number;
  }
}
