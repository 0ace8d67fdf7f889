package org.timerlock.jdbc;

import java.sql.SQLException;
import java.util.Arrays;

/**
 * A kind of database error, recognised by SQLState or by vendor error code anywhere in the
 * exception's cause chain (drivers and pools like to wrap the interesting one).
 */
final class SqlErrors {

  /** Matches no error: for databases that never report the kind. */
  static final SqlErrors NONE = new SqlErrors(new String[0], new int[0]);

  private final String[] states;
  private final int[] codes;

  private SqlErrors(String[] states, int[] codes) {
    this.states = states;
    this.codes = codes;
  }

  static SqlErrors states(String... states) {
    return new SqlErrors(states.clone(), new int[0]);
  }

  static SqlErrors codes(int... codes) {
    return new SqlErrors(new String[0], codes.clone());
  }

  /** The same errors, and also those with one of these vendor codes. */
  SqlErrors orCodes(int... more) {
    int[] all = Arrays.copyOf(codes, codes.length + more.length);
    System.arraycopy(more, 0, all, codes.length, more.length);
    return new SqlErrors(states, all);
  }

  boolean matches(SQLException e) {
    for (Throwable t = e; t != null; t = t.getCause()) {
      if (t instanceof SQLException s
          && (Arrays.asList(states).contains(s.getSQLState()) || hasCode(s))) {
        return true;
      }
    }
    return false;
  }

  private boolean hasCode(SQLException s) {
    for (int code : codes) {
      if (s.getErrorCode() == code) {
        return true;
      }
    }
    return false;
  }

  /** Whether a constraint (here: the primary key) refused the statement: SQLState class 23. */
  static boolean isIntegrityViolation(SQLException e) {
    for (Throwable t = e; t != null; t = t.getCause()) {
      if (t instanceof SQLException s
          && s.getSQLState() != null
          && s.getSQLState().startsWith("23")) {
        return true;
      }
    }
    return false;
  }
}
