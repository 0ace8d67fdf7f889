package org.timerlock.jdbc;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.List;
import java.util.Locale;
import org.timerlock.core.LockAttempt.Outcome;
import org.timerlock.jdbc.SqlStatement.Values;

/**
 * How one database's acquire statement runs for one {@link AcquireMode}, and how its result says
 * whether the lock was taken. Each dialect picks the shape that fits what its statement can return
 * ({@link Dialect#acquireStrategy}); the provider only runs it.
 *
 * <p>A shape says what its statement told: the row after it, and whether that is all there is to
 * know. What is missing is read afterwards with one {@code SELECT} of the row: the token of a lock
 * taken where the statement does not return it, and, for a refused request for a fire, whether the
 * fire already ran, and, for a refusal in a table with the pause columns, whether the lock is
 * paused. That read writes nothing; statements that return the refused row (PostgreSQL, MariaDB
 * through its own driver) need none.
 */
abstract class AcquireStrategy {

  private final AcquireMode mode;
  private final SqlStatement selectState;
  private final List<SqlStatement> statements;

  /**
   * @param mode what the statement writes and checks
   * @param selectState reads the row's {@link RowState} columns in this mode
   * @param statements the acquire statements this shape runs, in order
   */
  AcquireStrategy(AcquireMode mode, SqlStatement selectState, SqlStatement... statements) {
    this.mode = mode;
    this.selectState = selectState;
    this.statements = List.of(statements);
  }

  /** The acquire statements, in the order they may run; without the read of the row. */
  final List<SqlStatement> statements() {
    return statements;
  }

  final SqlStatement statement(int index) {
    return statements.get(index);
  }

  /**
   * What one attempt found.
   *
   * @param outcome taken, held elsewhere, already ran, or paused
   * @param row what is known of the row after the attempt: for a lock taken its owner and token
   *     (null without one); for a refusal what the statements told, possibly nothing
   */
  record Attempt(Outcome outcome, RowState row) {}

  /**
   * What the acquire statement told.
   *
   * @param state the row after it, as far as it says; {@link RowState#UNKNOWN} when it says nothing
   * @param complete whether the state of a refused row is complete (its latest fire is known)
   */
  record Told(RowState state, boolean complete) {}

  /** Runs the acquire statement (or statements) of this shape. */
  abstract Told run(Connection connection, Values values) throws SQLException;

  /** Tries to take the lock for {@code values.owner()}. */
  final Attempt tryAcquire(Connection connection, Values values) throws SQLException {
    Told told = run(connection, values);
    RowState after = told.state();
    if (values.owner().equals(after.owner())) {
      if (after.fencingToken() == null && mode.tokens()) {
        after = readState(connection, values);
      }
      return new Attempt(Outcome.ACQUIRED, after);
    }
    if (!mode.fire() && !mode.pauses()) {
      return new Attempt(Outcome.HELD_ELSEWHERE, after);
    }
    // Only a refused fire, or a refusal that may be a pause, needs to know why; statements that
    // did not say are asked again.
    RowState known = told.complete() ? after : readState(connection, values);
    if (known.paused()) {
      return new Attempt(Outcome.PAUSED, known);
    }
    boolean ran = mode.fire() && known.lastFire() != null && known.lastFire() >= values.fire();
    return new Attempt(ran ? Outcome.ALREADY_RAN : Outcome.HELD_ELSEWHERE, known);
  }

  /** The row as it is now. */
  final RowState readState(Connection connection, Values values) throws SQLException {
    RowState row = queryRow(connection, selectState, values, mode);
    return row == null ? RowState.UNKNOWN : row;
  }

  final AcquireMode mode() {
    return mode;
  }

  /** The owner of a lock this attempt took, without a token: what an update count tells. */
  static RowState takenBy(Values values) {
    return new RowState(values.owner(), null, null, false);
  }

  static int update(Connection connection, SqlStatement statement, Values values)
      throws SQLException {
    try (PreparedStatement ps = connection.prepareStatement(statement.sql())) {
      statement.bind(ps, values);
      return ps.executeUpdate();
    }
  }

  /**
   * Runs a query returning {@link RowState}'s columns in the mode's order ({@link
   * Dialect#stateColumns}); the first row, or null when none.
   */
  static RowState queryRow(
      Connection connection, SqlStatement query, Values values, AcquireMode mode)
      throws SQLException {
    try (PreparedStatement ps = connection.prepareStatement(query.sql())) {
      query.bind(ps, values);
      try (ResultSet rs = ps.executeQuery()) {
        return rs.next() ? rowState(rs, mode) : null;
      }
    }
  }

  /**
   * The row state from the columns of {@link Dialect#stateColumns} in the mode; a result without
   * the paused flag (generated keys) reads as not paused.
   */
  static RowState rowState(ResultSet rs, AcquireMode mode) throws SQLException {
    String owner = rs.getString(1);
    int next = 2;
    Long fencingToken = null;
    Long fire = null;
    if (mode.tokens()) {
      long token = rs.getLong(next++);
      fencingToken = rs.wasNull() ? null : token;
      long lastFire = rs.getLong(next++);
      fire = rs.wasNull() ? null : lastFire;
    }
    boolean paused =
        mode.pauses() && rs.getMetaData().getColumnCount() >= next && rs.getInt(next) == 1;
    return new RowState(owner, fencingToken, fire, paused);
  }

  /** An update count of 1 means taken; no token, no reason. Oracle, SQL Server, DB2. */
  static final class UpdateCount extends AcquireStrategy {

    UpdateCount(AcquireMode mode, SqlStatement acquire, SqlStatement selectState) {
      super(mode, selectState, acquire);
    }

    @Override
    Told run(Connection connection, Values values) throws SQLException {
      boolean taken = update(connection, statement(0), values) == 1;
      return new Told(taken ? takenBy(values) : RowState.UNKNOWN, false);
    }
  }

  /**
   * A query that returns the row after the statement: always (PostgreSQL, MariaDB's {@code
   * RETURNING}), which is the whole answer in one round trip, or only when it inserted or took the
   * row over (H2's {@code FINAL TABLE}). The text may begin with statements whose results are not
   * the row: PostgreSQL's wait for the lock's turn ({@link PostgreSqlDialect#waitForTurn}) is sent
   * with the acquire as one text, one round trip and one transaction, each statement with a
   * snapshot of its own. Whether the turn came does not matter here: the query is correct either
   * way.
   */
  static final class ReturnedRow extends AcquireStrategy {
    private final int resultsBefore;
    private final boolean alsoWhenRefused;

    /**
     * @param resultsBefore how many results of the text come before the row's (0 for a text of one
     *     statement)
     * @param alsoWhenRefused whether a refused statement returns the row too
     */
    ReturnedRow(
        AcquireMode mode,
        SqlStatement acquire,
        SqlStatement selectState,
        int resultsBefore,
        boolean alsoWhenRefused) {
      super(mode, selectState, acquire);
      this.resultsBefore = resultsBefore;
      this.alsoWhenRefused = alsoWhenRefused;
    }

    @Override
    Told run(Connection connection, Values values) throws SQLException {
      SqlStatement acquire = statement(0);
      try (PreparedStatement ps = connection.prepareStatement(acquire.sql())) {
        acquire.bind(ps, values);
        boolean rows = ps.execute();
        for (int i = 0; i < resultsBefore; i++) {
          rows = ps.getMoreResults();
        }
        if (!rows) {
          throw new SQLException("The acquire statement returned no rows");
        }
        try (ResultSet rs = ps.getResultSet()) {
          return rs.next()
              ? new Told(rowState(rs, mode()), alsoWhenRefused)
              : new Told(RowState.UNKNOWN, false);
        }
      }
    }
  }

  /**
   * An update whose generated keys are the row it inserted or took over: HSQLDB's MERGE, whose
   * generated keys may be any columns.
   */
  static final class ChangedRowAsKeys extends AcquireStrategy {
    private final String[] columns;

    ChangedRowAsKeys(
        AcquireMode mode, SqlStatement acquire, SqlStatement selectState, LockTable table) {
      super(mode, selectState, acquire);
      // A row the statement took is not paused: the generated keys are its stored columns only.
      this.columns = Dialect.rowColumns(table, mode, "").toUpperCase(Locale.ROOT).split(", ");
    }

    @Override
    Told run(Connection connection, Values values) throws SQLException {
      SqlStatement acquire = statement(0);
      try (PreparedStatement ps = connection.prepareStatement(acquire.sql(), columns)) {
        acquire.bind(ps, values);
        if (ps.executeUpdate() != 1) {
          return new Told(RowState.UNKNOWN, false);
        }
        try (ResultSet rs = ps.getGeneratedKeys()) {
          return new Told(rs.next() ? rowState(rs, mode()) : RowState.UNKNOWN, false);
        }
      }
    }
  }

  /**
   * MySQL's upsert count: 2 taken over, 0 refused, 1 inserted or (in found-rows mode, the drivers'
   * default) left as it was. Where the count does not tell, the row is read.
   */
  static final class UpsertCount extends AcquireStrategy {
    private final boolean leaseOnly;

    UpsertCount(AcquireMode mode, SqlStatement acquire, SqlStatement selectState) {
      super(mode, selectState, acquire);
      this.leaseOnly = !mode.tokens();
    }

    @Override
    Told run(Connection connection, Values values) throws SQLException {
      int count = update(connection, statement(0), values);
      if (count == 0) {
        return new Told(RowState.UNKNOWN, false);
      }
      if (count == 2 && leaseOnly) {
        return new Told(takenBy(values), false);
      }
      return new Told(readState(connection, values), true);
    }
  }

  /**
   * An UPDATE that takes over an expired row, else an INSERT of a missing one, each counting 1 when
   * it took the lock. Derby, whose MERGE does not re-check its condition against a concurrent
   * update.
   */
  static final class UpdateThenInsert extends AcquireStrategy {

    UpdateThenInsert(
        AcquireMode mode, SqlStatement takeOver, SqlStatement insert, SqlStatement selectState) {
      super(mode, selectState, takeOver, insert);
    }

    @Override
    Told run(Connection connection, Values values) throws SQLException {
      boolean taken =
          update(connection, statement(0), values) == 1
              || update(connection, statement(1), values) == 1;
      return new Told(taken ? takenBy(values) : RowState.UNKNOWN, false);
    }
  }
}
