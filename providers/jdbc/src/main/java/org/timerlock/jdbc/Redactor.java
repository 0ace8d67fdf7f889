package org.timerlock.jdbc;

import java.sql.SQLException;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/**
 * Keeps the secrets of a pool built from a URL out of the text of exceptions TimerLock throws and
 * logs: drivers and HikariCP quote the URL, or parts of it, in their messages ("Failed to get
 * driver instance for jdbcUrl=...", MariaDB's "Incorrect port value : pass@host"). The whole URL
 * becomes its {@linkplain JdbcUrls#describe description}, every other value of the URL and the
 * configured password become {@code ***}. An exception whose chain needs no change is kept as it
 * is; otherwise the chain is copied with the text changed, keeping class names, SQLStates, vendor
 * codes and stack traces.
 */
final class Redactor {

  /** Changes nothing: for DataSources whose settings TimerLock never sees (JNDI). */
  static final Redactor NONE = new Redactor(null, null, List.of());

  static final String MASK = "***";

  private final String url;
  private final String description;
  private final List<String> hidden;

  private Redactor(String url, String description, List<String> hidden) {
    this.url = url;
    this.description = description;
    this.hidden = hidden;
  }

  /**
   * For a pool built from a URL.
   *
   * @param url the configured URL
   * @param password the configured password, or null
   */
  static Redactor forPool(String url, String password) {
    List<String> hidden = new ArrayList<>(JdbcUrls.hiddenParts(url));
    if (password != null && password.length() >= JdbcUrls.MIN_HIDDEN) {
      hidden.add(0, password);
    }
    return new Redactor(url, JdbcUrls.describe(url), List.copyOf(hidden));
  }

  /** The text without the URL and its values; null stays null. */
  String text(String message) {
    if (message == null || this == NONE) {
      return message;
    }
    String clean = message.replace(url, description);
    for (String part : hidden) {
      clean = clean.replace(part, MASK);
    }
    return clean;
  }

  /**
   * The exception, or a copy of its chain (causes and suppressed) with redacted text.
   *
   * @param failure what a driver, the pool or TimerLock threw
   * @return the same exception when no text in its chain changes
   */
  Throwable chain(Throwable failure) {
    if (failure == null || this == NONE || !needsChange(failure, new IdentityHashMap<>())) {
      return failure;
    }
    return copy(failure, new IdentityHashMap<>());
  }

  private boolean needsChange(Throwable t, Map<Throwable, Boolean> seen) {
    if (t == null || seen.put(t, Boolean.TRUE) != null) {
      return false;
    }
    String m = t.getMessage();
    if (m != null && !m.equals(text(m))) {
      return true;
    }
    String s = t.toString();
    if (!s.equals(text(s))) {
      return true;
    }
    for (Throwable suppressed : t.getSuppressed()) {
      if (needsChange(suppressed, seen)) {
        return true;
      }
    }
    return needsChange(t.getCause(), seen);
  }

  private Throwable copy(Throwable t, Map<Throwable, Throwable> copies) {
    Throwable done = copies.get(t);
    if (done != null) {
      return done;
    }
    RedactedException copy =
        t instanceof SQLException s
            ? new RedactedException(
                t.getClass().getName(), text(t.getMessage()), s.getSQLState(), s.getErrorCode())
            : new RedactedException(t.getClass().getName(), text(t.getMessage()), null, 0);
    copies.put(t, copy);
    copy.setStackTrace(t.getStackTrace());
    Throwable cause = t.getCause();
    if (cause != null && cause != t) {
      copy.initCause(copy(cause, copies));
    }
    for (Throwable suppressed : t.getSuppressed()) {
      copy.addSuppressed(copy(suppressed, copies));
    }
    return copy;
  }

  /** A copy of a driver's or the pool's exception with redacted text; shows the original class. */
  static final class RedactedException extends SQLException {
    private static final long serialVersionUID = 1L;

    /** The class of the exception this copies. */
    private final String originalClass;

    RedactedException(String originalClass, String message, String sqlState, int vendorCode) {
      super(message, sqlState, vendorCode);
      this.originalClass = originalClass;
    }

    /**
     * The class of the exception this copies.
     *
     * @return e.g. {@code java.sql.SQLTransientConnectionException}
     */
    String originalClass() {
      return originalClass;
    }

    @Override
    public String toString() {
      String message = getLocalizedMessage();
      return message == null ? originalClass : originalClass + ": " + message;
    }
  }
}
