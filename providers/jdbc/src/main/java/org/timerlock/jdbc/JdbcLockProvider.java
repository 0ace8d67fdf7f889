package org.timerlock.jdbc;

import java.lang.System.Logger.Level;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.OptionalLong;
import java.util.Set;
import java.util.concurrent.Executor;
import javax.sql.DataSource;
import org.timerlock.core.LockAttempt;
import org.timerlock.core.LockConfiguration;
import org.timerlock.core.LockException;
import org.timerlock.core.LockProvider;
import org.timerlock.core.OwnerIds;
import org.timerlock.core.SimpleLock;
import org.timerlock.core.admin.LockAdmin;
import org.timerlock.core.spi.Printable;
import org.timerlock.jdbc.SqlStatement.Values;

/**
 * Locks in a database table with ShedLock's layout ({@code name, lock_until, locked_at,
 * locked_by}), so that an existing ShedLock table works unchanged and ShedLock and TimerLock nodes
 * exclude each other.
 *
 * <p>Acquiring is one statement: an upsert that inserts the row or takes it over only when its
 * {@code lock_until} has passed. Releasing and extending are one statement each, matched on the
 * name and on the owner value of this very acquisition. Every time comes from the database clock.
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

  private final DataSource dataSource;
  private final String source;
  private final LockTable table;
  private final String nodeId;
  private final boolean createTable;
  private final AutoCloseable owned;
  private final OutsideCallerTransaction outsideTransaction;
  private final Redactor redactor;
  private final ForeignClockCheck foreignClocks;
  private volatile Statements statements;
  private volatile TableShape shape = TableShape.UNKNOWN;

  /** Whether the owner of the table was compared with the connection's user (once). */
  private volatile boolean ownerChecked;

  /** The longest name the table holds, as last looked at; 0 when not known. */
  private volatile int nameLimit;

  /** The detected database and its statements for this table. */
  private record Statements(
      Dialect dialect,
      Map<AcquireMode, AcquireStrategy> acquire,
      SqlStatement release,
      SqlStatement extend,
      SqlStatement selectLive) {}

  /** What this provider last found out about its table. */
  private enum TableShape {
    /** Not looked at yet, or a statement failed since. */
    UNKNOWN,
    /** With the fire and token columns, on a database that has statements for them. */
    FULL,
    /** ShedLock's four columns only, or a database without statements for the others. */
    LEASE_ONLY
  }

  private JdbcLockProvider(Builder builder) {
    this.dataSource = Objects.requireNonNull(builder.dataSource, "dataSource must be set");
    this.source =
        builder.dataSourceDescription != null
            ? builder.dataSourceDescription
            : dataSource.getClass().getSimpleName();
    this.table =
        new LockTable(
            builder.tableName,
            builder.nameColumn,
            builder.lockUntilColumn,
            builder.lockedAtColumn,
            builder.lockedByColumn);
    this.nodeId = builder.nodeId != null ? builder.nodeId : OwnerIds.defaultNodeId();
    this.createTable = builder.createTable;
    this.owned =
        builder.closeDataSource && dataSource instanceof AutoCloseable c ? c : builder.owned;
    this.outsideTransaction =
        new OutsideCallerTransaction(
            builder.outsideTransactionExecutor, builder.outsideTransactionWait);
    this.redactor = builder.redactor;
    this.foreignClocks = new ForeignClockCheck(table, this::where);
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
    return execute(
        "acquire",
        configuration.name(),
        connection -> {
          Statements s = statements(connection);
          Values values =
              new Values(
                  s.dialect().storedName(configuration.name()),
                  owner,
                  configuration.lockAtMostFor(),
                  configuration.lockAtLeastFor(),
                  fire);
          if (shape == TableShape.UNKNOWN || !fits(configuration.name())) {
            // A name too long for the limit last seen: the column may have been widened since.
            lookAtTable(connection, s.dialect());
          }
          requireFits(configuration.name());
          try {
            LockAttempt attempt = tryAcquire(connection, s, values, configuration);
            return foreignClocks.afterAttempt(connection, s.dialect(), values.name(), attempt);
          } catch (SQLException e) {
            rollbackIfInTransaction(connection);
            if (s.dialect().isMissingTable(e)) {
              if (!createTable) {
                throw missingTable(e);
              }
              createTable(connection, s.dialect());
              if (shape == TableShape.UNKNOWN) {
                lookAtTable(connection, s.dialect());
              }
              requireFits(configuration.name());
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
            shape = TableShape.UNKNOWN;
            throw e;
          }
        });
  }

  private boolean fits(String name) {
    int limit = nameLimit;
    return limit <= 0 || name.codePointCount(0, name.length()) <= limit;
  }

  /**
   * Refuses a name longer than the table's name column: a database may cut it silently (MariaDB and
   * MySQL without strict mode), and two locks would become one.
   */
  private void requireFits(String name) {
    if (!fits(name)) {
      int length = name.codePointCount(0, name.length());
      String shown =
          length <= 100 ? name : name.substring(0, name.offsetByCodePoints(0, 100)) + "...";
      throw new NameTooLongException(
          JdbcMessage.NAME_TOO_LONG.text(
              "Lock name '"
                  + Printable.of(shown)
                  + "' has "
                  + length
                  + " characters; the lock table "
                  + table.table()
                  + " holds names of at most "
                  + nameLimit
                  + " (column "
                  + table.name()
                  + "): use a shorter name, or widen the column"));
    }
  }

  /** A lock name longer than the table holds: the caller's mistake, not a store failure. */
  private static final class NameTooLongException extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;

    NameTooLongException(String message) {
      super(message);
    }
  }

  /** The longest name a name column of this size holds, as {@link #maxNameLength} says it. */
  private static int nameLimit(Dialect dialect, int columnSize) {
    // One character is kept for the marker that keeps "Job" and "Job " apart.
    return dialect.padsSpaces() ? columnSize - 1 : columnSize;
  }

  @Override
  public Set<Feature> features() {
    return shape == TableShape.FULL ? EnumSet.allOf(Feature.class) : Set.of();
  }

  private AcquireMode mode(Dialect dialect, Values values) {
    if (shape != TableShape.FULL || !dialect.supportsFireColumns()) {
      return AcquireMode.LEASE_ONLY;
    }
    return values.fire() == null ? AcquireMode.PLAIN : AcquireMode.FIRE;
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
                configuration.name(),
                values.owner(),
                configuration.lockAtLeastFor(),
                attempt.row().fencingToken()));
      case ALREADY_RAN:
        return LockAttempt.alreadyRan();
      default:
        return LockAttempt.heldElsewhere();
    }
  }

  /**
   * Before this provider's first acquire, and again after a failure: whether the table exists
   * (creating it when missing and allowed; a fresh database would otherwise answer the first
   * acquire with a missing-table error, logged by the database) and whether it has the fire and
   * token columns. A table dropped later is still created again when a statement finds it missing.
   */
  private void lookAtTable(Connection connection, Dialect dialect) throws SQLException {
    TableMetadata metadata = new TableMetadata(connection, dialect, table);
    if (metadata.certainlyMissing()) {
      nameLimit = 0;
      if (!createTable) {
        return;
      }
      createTable(connection, dialect);
      // Another role may have created it first (CREATE TABLE IF NOT EXISTS then does nothing).
      checkOwnerOnce(connection, dialect);
      if (shape != TableShape.UNKNOWN) {
        return;
      }
      // Another node created it in the same instant: what it created decides, as for any table
      // found. Without this look a request for a fire would run on the lease alone.
      metadata = new TableMetadata(connection, dialect, table);
      if (metadata.certainlyMissing()) {
        return;
      }
    } else {
      checkOwnerOnce(connection, dialect);
    }
    OptionalInt size = metadata.nameColumnSize();
    nameLimit = size.isPresent() ? nameLimit(dialect, size.getAsInt()) : 0;
    boolean full =
        dialect.supportsFireColumns()
            && metadata.hasColumns(LockTable.LAST_FIRE, LockTable.FENCING_TOKEN);
    TableShape found = full ? TableShape.FULL : TableShape.LEASE_ONLY;
    if (found != shape && !full) {
      LOG.log(Level.INFO, () -> JdbcMessage.LEASE_ONLY.text(leaseOnlyReason(dialect)));
    }
    shape = found;
  }

  /**
   * Once per provider, when it first finds the table: a warning when another role owns it. Where
   * any role may create tables in a schema the application uses (PostgreSQL 14 and earlier: {@code
   * public}), that role's table would otherwise be adopted without a word; its owner can alter or
   * drop it and add triggers that run as the application's user on every lock statement.
   */
  private void checkOwnerOnce(Connection connection, Dialect dialect) {
    if (ownerChecked) {
      return;
    }
    ownerChecked = true;
    try {
      dialect
          .tableOwner(connection, table)
          .filter(o -> !o.isUser())
          .ifPresent(
              o -> LOG.log(Level.WARNING, () -> JdbcMessage.TABLE_OWNER.text(ownerWarning(o))));
    } catch (SQLException e) {
      rollbackIfInTransaction(connection);
      LOG.log(
          Level.DEBUG,
          () ->
              "Cannot read the owner of lock table "
                  + table.table()
                  + ": "
                  + redactor.text(e.getMessage()));
    }
  }

  private String ownerWarning(TableOwner o) {
    return "Lock table "
        + o.schema()
        + "."
        + o.table()
        + " is owned by role '"
        + o.owner()
        + "', not by '"
        + o.user()
        + "', the user TimerLock connects as ("
        + source
        + "). The owner of a table can alter or drop it and add triggers that run as '"
        + o.user()
        + "' on every lock statement. Unless '"
        + o.owner()
        + "' is meant to own it, drop the table and let TimerLock create it, or set "
        + "timerlock.jdbc.table to a schema where only trusted roles can create tables (on"
        + " PostgreSQL 14 and earlier every role can create tables in schema public)."
        + " TimerLock needs SELECT, INSERT and UPDATE on the table; see docs/security.md.";
  }

  private String leaseOnlyReason(Dialect dialect) {
    if (!dialect.supportsFireColumns()) {
      return "Locks in "
          + where()
          + " use the lease alone: the fire guard and fencing tokens are not available on "
          + dialect.label();
    }
    return "Lock table "
        + table.table()
        + " has no columns "
        + LockTable.LAST_FIRE
        + " and "
        + LockTable.FENCING_TOKEN
        + " (a ShedLock table): the fire guard and fencing tokens are off, the lease alone"
        + " decides. ShedLock nodes can keep using the table after adding them with: "
        + String.join("; ", dialect.addFireColumns(table));
  }

  private void createTable(Connection connection, Dialect dialect) throws SQLException {
    String ddl = dialect.createTable(table);
    try (Statement statement = connection.createStatement()) {
      statement.execute(ddl);
      if (!connection.getAutoCommit()) {
        connection.commit();
      }
      shape = dialect.supportsFireColumns() ? TableShape.FULL : TableShape.LEASE_ONLY;
      nameLimit = nameLimit(dialect, Dialect.CREATED_NAME_LENGTH);
      LOG.log(Level.INFO, () -> JdbcMessage.TABLE_CREATED.text("Created lock " + where()));
    } catch (SQLException e) {
      rollbackIfInTransaction(connection);
      if (!dialect.isAlreadyExists(e)) {
        throw new SQLException(
            JdbcMessage.CREATE_TABLE_FAILED.text(
                "Cannot create lock table "
                    + table.table()
                    + " with: "
                    + ddl
                    + ": "
                    + e.getMessage()),
            e.getSQLState(),
            e.getErrorCode(),
            e);
      }
    }
  }

  private SQLException missingTable(SQLException e) {
    return new SQLException(
        JdbcMessage.TABLE_MISSING.text(
            "Lock table "
                + table.table()
                + " does not exist and creating it is switched off"
                + " (timerlock.jdbc.create-table=false): create it, see the DDL in the"
                + " documentation."
                + " Database said: "
                + e.getMessage()),
        e.getSQLState(),
        e.getErrorCode(),
        e);
  }

  static void rollbackIfInTransaction(Connection connection) {
    try {
      if (!connection.getAutoCommit()) {
        connection.rollback();
      }
    } catch (SQLException ignored) {
      // The original error is the one to report.
    }
  }

  /**
   * The length of the table's {@code name} column, read from the database metadata; when the table
   * does not exist yet, the length of the column this provider creates (255); when the database
   * cannot be reached, the same, with a warning.
   */
  @Override
  public int maxNameLength() {
    try {
      return execute("read the name column size of", null, this::columnSize);
    } catch (LockException e) {
      LOG.log(
          Level.WARNING,
          JdbcMessage.COLUMN_SIZE_UNKNOWN.text(
              "Cannot read the size of column "
                  + table.name()
                  + " of "
                  + table.table()
                  + "; assuming "
                  + Dialect.CREATED_NAME_LENGTH
                  + ": "
                  + e.getMessage()));
      return Dialect.CREATED_NAME_LENGTH;
    }
  }

  private int columnSize(Connection connection) throws SQLException {
    Dialect dialect = statements(connection).dialect();
    int size =
        new TableMetadata(connection, dialect, table)
            .nameColumnSize()
            .orElse(Dialect.CREATED_NAME_LENGTH);
    return nameLimit(dialect, size);
  }

  /**
   * The rows of this provider's table, for operators: see {@link JdbcLockAdmin}. "Held" and every
   * time are the database's clock; a release expires the row, keeping its fire and token columns.
   *
   * @return the admin view of the same table
   */
  @Override
  public Optional<LockAdmin> admin() {
    return Optional.of(new JdbcLockAdmin(this, table));
  }

  /**
   * Where the locks live, for logs.
   *
   * @return e.g. {@code JDBC table shedlock on PostgreSQL (java:comp/DefaultDataSource)}; the
   *     database product appears once the provider has connected
   */
  @Override
  public String description() {
    return "JDBC " + where();
  }

  private String where() {
    Statements s = statements;
    return "table "
        + table.table()
        + (s == null ? "" : " on " + s.dialect().label())
        + " ("
        + source
        + ")";
  }

  /**
   * Closes the connection pool this provider created or was given to own, and its own thread.
   * DataSources from JNDI are never closed.
   */
  @Override
  public void close() {
    outsideTransaction.close();
    if (owned != null) {
      try {
        owned.close();
      } catch (Exception e) {
        LOG.log(
            Level.WARNING,
            JdbcMessage.POOL_CLOSE_FAILED.text(
                "Closing the connection pool of " + description() + " failed"),
            redactor.chain(e));
      }
    }
  }

  private Statements statements(Connection connection) throws SQLException {
    Statements s = statements;
    if (s == null) {
      Dialect dialect = DatabaseProducts.detect(connection.getMetaData());
      if (dialect == null) {
        DatabaseMetaData md = connection.getMetaData();
        throw new SQLException(
            JdbcMessage.UNSUPPORTED_DATABASE.text(
                "Unsupported database '"
                    + md.getDatabaseProductName()
                    + " "
                    + md.getDatabaseProductVersion()
                    + "'; supported: "
                    + DatabaseProducts.supportedProducts()));
      }
      Map<AcquireMode, AcquireStrategy> acquire = new EnumMap<>(AcquireMode.class);
      for (AcquireMode mode : AcquireMode.values()) {
        if (mode == AcquireMode.LEASE_ONLY || dialect.supportsFireColumns()) {
          acquire.put(mode, dialect.acquireStrategy(table, mode));
        }
      }
      s =
          new Statements(
              dialect,
              Map.copyOf(acquire),
              dialect.release(table),
              dialect.extend(table),
              dialect.selectLive(table));
      statements = s;
      Statements detected = s;
      LOG.log(Level.DEBUG, () -> "Lock statements for " + where() + ": " + detected);
    }
    return s;
  }

  /** The detected database, for {@link JdbcLockAdmin}. */
  Dialect dialect(Connection connection) throws SQLException {
    return statements(connection).dialect();
  }

  <T> T execute(String operation, String lockName, OutsideCallerTransaction.Work<T> work) {
    try {
      return outsideTransaction.run(dataSource, work);
    } catch (SQLException e) {
      throw new LockException(failure(operation, lockName, e), redactor.chain(e));
    } catch (RuntimeException e) {
      if (e instanceof LockException || e instanceof NameTooLongException) {
        throw e;
      }
      throw new LockException(failure(operation, lockName, e), redactor.chain(e));
    }
  }

  private String failure(String operation, String lockName, Exception e) {
    StringBuilder m = new StringBuilder("Cannot ").append(operation);
    if (lockName != null) {
      m.append(" lock '").append(Printable.of(lockName)).append("' in");
    }
    m.append(' ').append(where()).append(": ").append(redactor.text(e.getMessage()));
    if (e instanceof SQLException s && s.getSQLState() != null) {
      m.append(" (SQLState ").append(s.getSQLState()).append(')');
    }
    return JdbcMessage.STORE_FAILURE.text(m.toString());
  }

  /** One acquisition: release and extend match its owner value. */
  private final class JdbcLock implements SimpleLock {
    private final String name;
    private final String owner;
    private final Duration atLeastFor;
    private final Long fencingToken;

    JdbcLock(String name, String owner, Duration atLeastFor, Long fencingToken) {
      this.name = name;
      this.owner = owner;
      this.atLeastFor = atLeastFor;
      this.fencingToken = fencingToken;
    }

    @Override
    public void unlock() {
      execute(
          "release",
          name,
          connection -> {
            Statements s = statements(connection);
            Values values = new Values(s.dialect().storedName(name), owner, null, atLeastFor);
            try (PreparedStatement ps = connection.prepareStatement(s.release().sql())) {
              s.release().bind(ps, values);
              ps.executeUpdate();
            } catch (SQLException e) {
              if (!s.dialect().isMissingTable(e)) {
                throw e;
              }
              rollbackIfInTransaction(connection);
              LOG.log(
                  Level.DEBUG, () -> "Lock table gone while '" + Printable.of(name) + "' was held");
            }
            return null;
          });
    }

    @Override
    public Optional<SimpleLock> extend(Duration atMostFor, Duration atLeastFor) {
      LockConfiguration checked =
          LockConfiguration.of(name, Duration.ofMinutes(1)).withDurations(atMostFor, atLeastFor);
      boolean extended =
          execute(
              "extend",
              name,
              connection -> {
                Statements s = statements(connection);
                Values values =
                    new Values(
                        s.dialect().storedName(name),
                        owner,
                        checked.lockAtMostFor(),
                        checked.lockAtLeastFor());
                try (PreparedStatement ps = connection.prepareStatement(s.extend().sql())) {
                  s.extend().bind(ps, values);
                  if (ps.executeUpdate() == 1) {
                    return true;
                  }
                  // Unchanged (an extension in the acquisition's millisecond) may count 0.
                  return s.dialect().countsChangedRowsOnly()
                      && AcquireStrategy.queryRow(connection, s.selectLive(), values) != null;
                } catch (SQLException e) {
                  if (!s.dialect().isMissingTable(e)) {
                    throw e;
                  }
                  rollbackIfInTransaction(connection);
                  return false;
                }
              });
      return extended
          ? Optional.of(new JdbcLock(name, owner, atLeastFor, fencingToken))
          : Optional.empty();
    }

    @Override
    public OptionalLong fencingToken() {
      return fencingToken == null ? OptionalLong.empty() : OptionalLong.of(fencingToken);
    }

    @Override
    public String toString() {
      return "JDBC lock '" + Printable.of(name) + "' held by " + owner;
    }
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

    private Builder() {}

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
     * @throws IllegalArgumentException when the table or column names are invalid
     * @throws NullPointerException when no DataSource was set
     */
    public JdbcLockProvider build() {
      return new JdbcLockProvider(this);
    }
  }
}
