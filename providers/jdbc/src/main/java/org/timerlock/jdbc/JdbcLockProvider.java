package org.timerlock.jdbc;

import java.lang.System.Logger.Level;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;
import java.util.EnumSet;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.Executor;
import javax.sql.DataSource;
import org.timerlock.core.LockAttempt;
import org.timerlock.core.LockConfiguration;
import org.timerlock.core.LockProvider;
import org.timerlock.core.OwnerIds;
import org.timerlock.core.SimpleLock;
import org.timerlock.core.admin.LockAdmin;
import org.timerlock.core.spi.HistorySettings;
import org.timerlock.core.spi.Printable;
import org.timerlock.jdbc.JdbcStore.Statements;
import org.timerlock.jdbc.SqlStatement.Values;

/**
 * Locks in a database table with ShedLock's layout ({@code name, lock_until, locked_at,
 * locked_by}), so that an existing ShedLock table works unchanged and ShedLock and TimerLock nodes
 * exclude each other.
 *
 * <p>Acquiring is one statement: an upsert that inserts the row or takes it over only when its
 * {@code lock_until} has passed and, where the table has the pause columns, no operator's pause is
 * in force ({@link LockAttempt#paused()}). Releasing and extending are one statement each, matched
 * on the name and on the owner value of this very acquisition; on a table with the {@code
 * last_run_*} columns the release statement also records the run it ends, for the lock admin. Every
 * time comes from the database clock.
 *
 * <p>The statements never join the caller's transaction: see the module documentation. The provider
 * keeps no per-name state; only the detected database product is remembered, and what it saw when
 * it looked for the table before its first acquire (creating it there when it is missing): its
 * columns and the size of its name column, against which every name is checked. The first time it
 * finds the table it also compares the table's owner with the connection's user, where the database
 * has table owners, and logs a warning when they differ.
 *
 * <pre>{@code
 * JdbcLockProvider provider = JdbcLockProvider.builder()
 *     .dataSource(dataSource)
 *     .tableName("shedlock")
 *     .build();
 * }</pre>
 */
public final class JdbcLockProvider implements LockProvider, AutoCloseable {

  private static final System.Logger LOG = System.getLogger(JdbcLockProvider.class.getName());

  private final JdbcStore store;
  private final TableWatch watch;
  private final JdbcHistory history;
  private final String nodeId;
  private final ForeignClockCheck foreignClocks;

  private JdbcLockProvider(Builder builder) {
    DataSource dataSource = Objects.requireNonNull(builder.dataSource, "dataSource must be set");
    String source =
        builder.dataSourceDescription != null
            ? builder.dataSourceDescription
            : dataSource.getClass().getSimpleName();
    LockTable table =
        new LockTable(
            builder.tableName,
            builder.nameColumn,
            builder.lockUntilColumn,
            builder.lockedAtColumn,
            builder.lockedByColumn);
    this.nodeId = builder.nodeId != null ? builder.nodeId : OwnerIds.defaultNodeId();
    AutoCloseable owned =
        builder.closeDataSource && dataSource instanceof AutoCloseable c ? c : builder.owned;
    this.store =
        new JdbcStore(
            dataSource,
            source,
            table,
            owned,
            new OutsideCallerTransaction(
                builder.outsideTransactionExecutor, builder.outsideTransactionWait),
            builder.redactor);
    this.watch = new TableWatch(store, builder.createTable);
    this.history = new JdbcHistory(store, builder.history, builder.createTable);
    this.foreignClocks = new ForeignClockCheck(table, store::where);
  }

  /**
   * Starts building a provider.
   *
   * @return a builder with ShedLock's defaults: table {@code shedlock}, its column names, table
   *     created when missing
   */
  public static Builder builder() {
    return new Builder();
  }

  /**
   * {@inheritDoc}
   *
   * @throws IllegalArgumentException when the name is longer than the table's name column holds
   *     (see {@link #maxNameLength()}): checked on every call, as a database may cut a longer name
   *     silently and make two locks one
   */
  @Override
  public Optional<SimpleLock> lock(LockConfiguration configuration) {
    return tryLock(configuration).lock();
  }

  /**
   * {@inheritDoc}
   *
   * @throws IllegalArgumentException when the name is longer than the table's name column holds
   *     (see {@link #maxNameLength()})
   */
  @Override
  public LockAttempt tryLock(LockConfiguration configuration) {
    String owner = OwnerIds.newOwnerId(nodeId);
    Long fire =
        configuration.fireInstant() == null ? null : configuration.fireInstant().toEpochMilli();
    return store.execute(
        "acquire",
        configuration.name(),
        connection -> {
          Statements s = store.statements(connection);
          Values values =
              new Values(
                  s.dialect().storedName(configuration.name()),
                  owner,
                  configuration.lockAtMostFor(),
                  configuration.lockAtLeastFor(),
                  fire);
          watch.beforeAcquire(connection, s.dialect(), configuration.name());
          try {
            LockAttempt attempt = tryAcquire(connection, s, values, configuration);
            return foreignClocks.afterAttempt(connection, s.dialect(), values.name(), attempt);
          } catch (SQLException e) {
            JdbcStore.rollbackIfInTransaction(connection);
            if (s.dialect().isMissingTable(e)) {
              watch.onMissingTable(connection, s.dialect(), configuration.name(), e);
              return tryAcquire(connection, s, values, configuration);
            }
            if (s.dialect().insertMayRace() && SqlErrors.isIntegrityViolation(e)) {
              // Another node inserted the same new name in the same instant: it holds it.
              LOG.log(
                  Level.DEBUG,
                  () ->
                      "Lost the race to insert '" + Printable.of(configuration.name()) + "': " + e);
              return LockAttempt.heldElsewhere();
            }
            // No belief about the table outlives a failure: look at it again next time.
            watch.forget();
            throw e;
          }
        });
  }

  @Override
  public Set<Feature> features() {
    return watch.full() ? EnumSet.allOf(Feature.class) : Set.of();
  }

  private AcquireMode mode(Dialect dialect, Values values) {
    return AcquireMode.of(
        watch.full() && dialect.supportsFireColumns(), values.fire() != null, watch.pauses());
  }

  private LockAttempt tryAcquire(
      Connection connection, Statements s, Values values, LockConfiguration configuration)
      throws SQLException {
    AcquireStrategy.Attempt attempt =
        s.acquire().get(mode(s.dialect(), values)).tryAcquire(connection, values);
    switch (attempt.outcome()) {
      case ACQUIRED:
        return LockAttempt.acquired(
            new JdbcLock(
                store,
                history,
                configuration.name(),
                values.owner(),
                configuration.lockAtLeastFor(),
                attempt.row().fencingToken(),
                values.fire(),
                configuration.kind(),
                watch.recordsRuns(),
                watch.recordsKind()));
      case ALREADY_RAN:
        return LockAttempt.alreadyRan();
      case PAUSED:
        return LockAttempt.paused();
      default:
        return LockAttempt.heldElsewhere();
    }
  }

  /**
   * The length of the table's {@code name} column, read from the database metadata; when the table
   * does not exist yet, the length of the column this provider creates (255); when the database
   * cannot be reached, the same, with a warning.
   */
  @Override
  public int maxNameLength() {
    return watch.maxNameLength();
  }

  /**
   * The rows of this provider's table, for operators: see {@link JdbcLockAdmin}. "Held" and every
   * time are the database's clock; a release expires the row, keeping its fire and token columns.
   *
   * @return the admin view of the same table
   */
  @Override
  public Optional<LockAdmin> admin() {
    return Optional.of(new JdbcLockAdmin(store, watch, history));
  }

  /**
   * Where the locks live, for logs.
   *
   * @return e.g. {@code JDBC table shedlock on PostgreSQL (java:comp/DefaultDataSource)}; the
   *     database product appears once the provider has connected
   */
  @Override
  public String description() {
    return "JDBC " + store.where();
  }

  /**
   * Closes the connection pool this provider created or was given to own, and its own thread.
   * DataSources from JNDI are never closed.
   */
  @Override
  public void close() {
    store.close();
  }

  /** Configures a {@link JdbcLockProvider}. */
  public static final class Builder {
    private DataSource dataSource;
    private String dataSourceDescription;
    private String tableName = "shedlock";
    private String nameColumn = "name";
    private String lockUntilColumn = "lock_until";
    private String lockedAtColumn = "locked_at";
    private String lockedByColumn = "locked_by";
    private String nodeId;
    private boolean createTable = true;
    private boolean closeDataSource;
    private AutoCloseable owned;
    private Executor outsideTransactionExecutor;
    private Duration outsideTransactionWait = Duration.ofSeconds(30);
    private Redactor redactor = Redactor.NONE;
    private HistorySettings history = HistorySettings.OFF;

    private Builder() {}

    /**
     * The optional run history: when enabled, every release also records the run in the table
     * {@code <table>_history} (created like the lock table), and {@link LockAdmin#history} reads
     * it. Default off.
     *
     * @param settings whether it is on, and its bounds per lock by count and age
     * @return this builder
     */
    public Builder history(HistorySettings settings) {
      this.history = Objects.requireNonNull(settings, "settings");
      return this;
    }

    /**
     * The DataSource the locks are taken through. Required.
     *
     * @param dataSource a pooled DataSource
     * @return this builder
     */
    public Builder dataSource(DataSource dataSource) {
      this.dataSource = Objects.requireNonNull(dataSource, "dataSource");
      return this;
    }

    /**
     * How the DataSource is named in messages: its JNDI name, or what an operator needs to know of
     * a pool (database product, host, port, database), never a password or anything else from a
     * URL's user-info, query or properties.
     *
     * @param description e.g. {@code java:comp/DefaultDataSource} or {@code
     *     jdbc:postgresql://db1:5432/orders}
     * @return this builder
     */
    public Builder dataSourceDescription(String description) {
      this.dataSourceDescription = description;
      return this;
    }

    /**
     * The lock table, optionally qualified by its schema.
     *
     * @param tableName a plain SQL identifier such as {@code shedlock} or {@code ops.shedlock}
     * @return this builder
     * @throws IllegalArgumentException when it is not a plain identifier
     */
    public Builder tableName(String tableName) {
      LockTable.requireTable(tableName, "table");
      this.tableName = tableName;
      return this;
    }

    /**
     * The column names, for a table that renamed ShedLock's columns.
     *
     * @param name the lock name column, default {@code name}
     * @param lockUntil the expiry column, default {@code lock_until}
     * @param lockedAt the acquisition time column, default {@code locked_at}
     * @param lockedBy the owner column, default {@code locked_by}
     * @return this builder
     * @throws IllegalArgumentException when one is not a plain identifier
     */
    public Builder columnNames(String name, String lockUntil, String lockedAt, String lockedBy) {
      new LockTable(tableName, name, lockUntil, lockedAt, lockedBy); // validates the columns
      this.nameColumn = name;
      this.lockUntilColumn = lockUntil;
      this.lockedAtColumn = lockedAt;
      this.lockedByColumn = lockedBy;
      return this;
    }

    /**
     * The readable prefix of every owner value stored in {@code locked_by}.
     *
     * @param nodeId e.g. the server's node name; default host name and process id
     * @return this builder
     */
    public Builder nodeId(String nodeId) {
      if (nodeId == null || nodeId.isBlank()) {
        throw new IllegalArgumentException(
            JdbcMessage.INVALID_ARGUMENT.text("nodeId must not be blank, was '" + nodeId + "'"));
      }
      this.nodeId = nodeId;
      return this;
    }

    /**
     * Whether the table is created when it is missing: looked up before the provider's first lock
     * attempt, and created again whenever a lock attempt finds it missing. Default true.
     *
     * @param createTable false to require the table to exist
     * @return this builder
     */
    public Builder createTable(boolean createTable) {
      this.createTable = createTable;
      return this;
    }

    /**
     * Whether {@link JdbcLockProvider#close()} closes the DataSource (when it is {@link
     * AutoCloseable}, as a connection pool is). Default false.
     *
     * @param close true when the provider owns the pool
     * @return this builder
     */
    public Builder closeDataSourceOnClose(boolean close) {
      this.closeDataSource = close;
      return this;
    }

    /**
     * Where lock statements run when the calling thread is inside a transaction. Default: the
     * server's {@code java:comp/DefaultManagedExecutorService}, else a daemon thread of the
     * provider's own. Its tasks must run without the submitter's transaction.
     *
     * @param executor the executor
     * @return this builder
     */
    public Builder outsideTransactionExecutor(Executor executor) {
      this.outsideTransactionExecutor = executor;
      return this;
    }

    /**
     * How long a caller inside a transaction waits in all for its lock statement, which runs on
     * another thread (the {@linkplain #outsideTransactionExecutor executor}, or a thread of the
     * provider's own when the executor has not started it within 5 seconds: GlassFish drops tasks
     * submitted while the application is being loaded). Then the statement is cancelled and the
     * attempt is a store failure, so that a timer's thread, and with it a singleton's timers, is
     * never blocked for good. Default 30 seconds.
     *
     * @param maxWait a positive duration
     * @return this builder
     * @throws IllegalArgumentException for zero or a negative duration
     */
    public Builder outsideTransactionWait(Duration maxWait) {
      if (maxWait.isZero() || maxWait.isNegative()) {
        throw new IllegalArgumentException(
            JdbcMessage.INVALID_ARGUMENT.text(
                "JdbcLockProvider.Builder.outsideTransactionWait must be positive: " + maxWait));
      }
      this.outsideTransactionWait = maxWait;
      return this;
    }

    /** Keeps the secrets of the pool's URL out of messages; for pools the factory builds. */
    Builder redactor(Redactor redactor) {
      this.redactor = Objects.requireNonNull(redactor, "redactor");
      return this;
    }

    Builder owned(AutoCloseable resource) {
      this.owned = resource;
      return this;
    }

    /**
     * Builds the provider. Does not connect: the database is first used by the first lock attempt.
     *
     * @return the provider
     * @throws IllegalArgumentException when the table or column names are invalid, or with the
     *     history on, the history table's name ({@code <table>_history})
     * @throws NullPointerException when no DataSource was set
     */
    public JdbcLockProvider build() {
      return new JdbcLockProvider(this);
    }
  }
}
