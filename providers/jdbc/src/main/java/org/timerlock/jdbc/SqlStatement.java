package org.timerlock.jdbc;

import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Types;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import org.timerlock.core.OwnerIds;
import org.timerlock.core.RunEnd;
import org.timerlock.core.RunKind;
import org.timerlock.core.RunOutcome;

/** SQL text with its parameters, each computed from the values of one lock operation. */
final class SqlStatement {

  /**
   * What a lock operation binds: the stored name, the owner value, the two durations, for a
   * scheduled fire its instant in epoch milliseconds (else null) and, for a release that records
   * the run, how it ended (else null) and what started it.
   */
  record Values(
      String name,
      String owner,
      Duration atMostFor,
      Duration atLeastFor,
      Long fire,
      RunEnd end,
      RunKind kind) {

    Values(
        String name, String owner, Duration atMostFor, Duration atLeastFor, Long fire, RunEnd end) {
      this(name, owner, atMostFor, atLeastFor, fire, end, RunKind.SCHEDULED);
    }

    Values(String name, String owner, Duration atMostFor, Duration atLeastFor, Long fire) {
      this(name, owner, atMostFor, atLeastFor, fire, null);
    }

    Values(String name, String owner, Duration atMostFor, Duration atLeastFor) {
      this(name, owner, atMostFor, atLeastFor, null, null);
    }

    /** The readable node id of the owner value, as the history keeps it. */
    String nodeId() {
      return OwnerIds.nodeIdOf(owner);
    }

    /** The failed run's exception class, cut to the history's column; null unless it failed. */
    String errorClass() {
      if (end == null || end.errorClass() == null) {
        return null;
      }
      String c = end.errorClass();
      return c.length() <= Dialect.CREATED_NAME_LENGTH
          ? c
          : c.substring(0, Dialect.CREATED_NAME_LENGTH);
    }

    /** The failed run's safe message (see {@link RunEnd#failed}); null when none. */
    String errorMessage() {
      return end == null ? null : end.errorMessage();
    }

    /** The name of the run's kind, as the kind column keeps it. */
    String kindName() {
      return kind.name();
    }

    /** 1 when the run failed, else 0: a number, as a typed parameter every database accepts. */
    Integer failed() {
      return end != null && end.outcome() == RunOutcome.FAILED ? 1 : 0;
    }

    /**
     * The error as the error column keeps it: the class, then {@code ": "} and the message when
     * there is one, cut to the column's length; null unless the run failed.
     */
    String error() {
      if (end == null || end.errorClass() == null) {
        return null;
      }
      String error =
          end.errorMessage() == null
              ? end.errorClass()
              : end.errorClass() + ": " + end.errorMessage();
      return error.length() <= TableDdl.ERROR_LENGTH
          ? error
          : error.substring(0, TableDdl.ERROR_LENGTH);
    }
  }

  /** A parameter: how its value is computed, and its SQL type when that value is null. */
  private record Parameter(Function<Values, Object> value, int nullType) {}

  private final String sql;
  private final List<Parameter> parameters;

  private SqlStatement(String sql, List<Parameter> parameters) {
    this.sql = sql;
    this.parameters = List.copyOf(parameters);
  }

  String sql() {
    return sql;
  }

  void bind(PreparedStatement statement, Values values) throws SQLException {
    for (int i = 0; i < parameters.size(); i++) {
      Parameter parameter = parameters.get(i);
      Object value = parameter.value().apply(values);
      if (value == null && parameter.nullType() != Types.NULL) {
        statement.setNull(i + 1, parameter.nullType());
      } else if (value instanceof String s) {
        statement.setString(i + 1, s);
      } else if (value instanceof Integer n) {
        statement.setInt(i + 1, n);
      } else if (value instanceof Long n) {
        statement.setLong(i + 1, n);
      } else {
        throw new IllegalStateException("Unsupported parameter type " + value);
      }
    }
  }

  /** This statement, then the other, as one: the text of both and the parameters of both. */
  SqlStatement followedBy(SqlStatement next) {
    List<Parameter> both = new ArrayList<>(parameters);
    both.addAll(next.parameters);
    return new SqlStatement(sql + next.sql, both);
  }

  /** The same statement inside other text, e.g. a query over its changed rows. */
  SqlStatement wrapped(String before, String after) {
    return new SqlStatement(before + sql + after, parameters);
  }

  @Override
  public String toString() {
    return sql;
  }

  /** Builds a statement from text and parameters in order. */
  static final class Builder {
    private final StringBuilder sql = new StringBuilder();
    private final List<Parameter> parameters = new ArrayList<>();

    Builder sql(String text) {
      sql.append(text);
      return this;
    }

    Builder param(Function<Values, Object> parameter) {
      return param(parameter, Types.NULL);
    }

    /** A parameter that may be null, bound then as SQL NULL of the type. */
    private Builder param(Function<Values, Object> parameter, int nullType) {
      sql.append('?');
      parameters.add(new Parameter(parameter, nullType));
      return this;
    }

    Builder name() {
      return param(Values::name);
    }

    Builder owner() {
      return param(Values::owner);
    }

    Builder fire() {
      return param(Values::fire);
    }

    /** The fire the ending run served, or NULL for a plain call. */
    Builder runFire() {
      return param(Values::fire, Types.BIGINT);
    }

    /** A text parameter that may be null, bound then as a VARCHAR NULL. */
    Builder text(Function<Values, Object> parameter) {
      return param(parameter, Types.VARCHAR);
    }

    /** See {@link Values#kindName()}. */
    Builder kind() {
      return param(Values::kindName);
    }

    /** See {@link Values#failed()}. */
    Builder failed() {
      return param(Values::failed);
    }

    /** See {@link Values#error()}. */
    Builder error() {
      return param(Values::error, Types.VARCHAR);
    }

    SqlStatement build() {
      return new SqlStatement(sql.toString(), parameters);
    }
  }
}
