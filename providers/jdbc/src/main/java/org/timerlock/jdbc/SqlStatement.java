package org.timerlock.jdbc;

import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/** SQL text with its parameters, each computed from the values of one lock operation. */
final class SqlStatement {

  /**
   * What a lock operation binds: the stored name, the owner value, the two durations and, for a
   * scheduled fire, its instant in epoch milliseconds (else null).
   */
  record Values(String name, String owner, Duration atMostFor, Duration atLeastFor, Long fire) {

    Values(String name, String owner, Duration atMostFor, Duration atLeastFor) {
      this(name, owner, atMostFor, atLeastFor, null);
    }
  }

  private final String sql;
  private final List<Function<Values, Object>> parameters;

  private SqlStatement(String sql, List<Function<Values, Object>> parameters) {
    this.sql = sql;
    this.parameters = List.copyOf(parameters);
  }

  String sql() {
    return sql;
  }

  void bind(PreparedStatement statement, Values values) throws SQLException {
    for (int i = 0; i < parameters.size(); i++) {
      Object value = parameters.get(i).apply(values);
      if (value instanceof String s) {
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
    private final List<Function<Values, Object>> parameters = new ArrayList<>();

    Builder sql(String text) {
      sql.append(text);
      return this;
    }

    Builder param(Function<Values, Object> parameter) {
      sql.append('?');
      parameters.add(parameter);
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

    SqlStatement build() {
      return new SqlStatement(sql.toString(), parameters);
    }
  }
}
