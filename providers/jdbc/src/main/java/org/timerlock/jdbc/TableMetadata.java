package org.timerlock.jdbc;

import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;

/**
 * What the database's metadata says about the lock table: the one table the lock statements will
 * use, found the way the database resolves their table name. A qualified name is looked up in its
 * schema only; an unqualified one along the dialect's {@linkplain Dialect#tableSearchPath search
 * path}, and the first namespace on it that holds the table is the one. A same-named table anywhere
 * else (another application's, in another schema or MySQL database) is not looked at. Reading
 * metadata never makes a statement fail, unlike trying the table and catching the error, so the
 * database log stays clean.
 */
final class TableMetadata {

  private final DatabaseMetaData md;
  private final boolean catalogs;
  private final LockTable table;
  private final List<String> namespaces;
  private final String escape;
  private Optional<Found> resolved;

  /** The table the statements use: the size of its name column, and its columns in lower case. */
  private record Found(OptionalInt nameSize, Set<String> columns) {}

  TableMetadata(Connection connection, Dialect dialect, LockTable table) throws SQLException {
    this.md = connection.getMetaData();
    this.catalogs = dialect.namespacesAreCatalogs();
    this.table = table;
    this.escape = md.getSearchStringEscape();
    String schema = fold(table.schemaPart());
    if (schema != null) {
      this.namespaces = List.of(schema);
    } else {
      List<String> path = dialect.tableSearchPath(connection);
      // A driver that cannot name its namespace: any one, as before the path was known.
      this.namespaces = path.isEmpty() ? Arrays.asList((String) null) : path;
    }
  }

  /**
   * The connection's current schema, where most databases start their {@linkplain
   * Dialect#tableSearchPath search path}.
   *
   * @return null when the driver cannot tell
   */
  static String currentSchema(Connection connection) {
    try {
      return connection.getSchema();
    } catch (SQLException | AbstractMethodError e) {
      return null;
    }
  }

  /** The non-null namespaces, without repeats, in their order: a search path as it is searched. */
  static List<String> listOf(String... namespaces) {
    return Arrays.stream(namespaces).filter(Objects::nonNull).distinct().toList();
  }

  /**
   * Whether the lock statements would certainly fail on a missing table: no table of the name is
   * where the database resolves them. Creating the table is what the missing-table error would lead
   * to anyway.
   */
  boolean certainlyMissing() throws SQLException {
    return resolve().isEmpty();
  }

  /**
   * The declared size of the name column of the table the lock statements use.
   *
   * @return empty when there is no such table, or it shows no size for the column
   */
  OptionalInt nameColumnSize() throws SQLException {
    return resolve().map(Found::nameSize).orElse(OptionalInt.empty());
  }

  /**
   * Whether the table the lock statements use has all these columns.
   *
   * @return false when there is no such table
   */
  boolean hasColumns(String... columns) throws SQLException {
    Set<String> found = resolve().map(Found::columns).orElse(Set.of());
    for (String column : columns) {
      if (!found.contains(column.toLowerCase(Locale.ROOT))) {
        return false;
      }
    }
    return true;
  }

  /**
   * The table the statements resolve to.
   *
   * @return empty when there is none
   */
  private Optional<Found> resolve() throws SQLException {
    if (resolved == null) {
      resolved = Optional.empty();
      for (String namespace : namespaces) {
        Optional<Found> found = lookUp(namespace);
        if (found.isPresent()) {
          resolved = found;
          break;
        }
      }
    }
    return resolved;
  }

  /**
   * The table in one namespace (null: any), by its columns: a table or view, not an index or a
   * sequence.
   */
  private Optional<Found> lookUp(String namespace) throws SQLException {
    String tableName = fold(table.tablePart());
    String tablePattern = pattern(tableName);
    boolean exact = md.supportsMixedCaseIdentifiers();
    boolean exists = false;
    OptionalInt size = OptionalInt.empty();
    Set<String> columns = new HashSet<>();
    try (ResultSet rs =
        catalogs
            ? md.getColumns(namespace, null, tablePattern, "%")
            : md.getColumns(null, pattern(namespace), tablePattern, "%")) {
      while (rs.next()) {
        String found = rs.getString("TABLE_NAME");
        if (exact ? !tableName.equals(found) : !tableName.equalsIgnoreCase(found)) {
          continue; // matched a pattern character, or case where names are case-sensitive
        }
        exists = true;
        String column = rs.getString("COLUMN_NAME");
        columns.add(String.valueOf(column).toLowerCase(Locale.ROOT));
        if (table.name().equalsIgnoreCase(column)) {
          int columnSize = rs.getInt("COLUMN_SIZE");
          if (columnSize > 0) {
            size = OptionalInt.of(columnSize);
          }
        }
      }
    }
    return exists ? Optional.of(new Found(size, Set.copyOf(columns))) : Optional.empty();
  }

  /** The identifier as the database stores an unquoted one. */
  private String fold(String identifier) throws SQLException {
    if (identifier == null) {
      return null;
    }
    if (md.storesUpperCaseIdentifiers()) {
      return identifier.toUpperCase(Locale.ROOT);
    }
    if (md.storesLowerCaseIdentifiers()) {
      return identifier.toLowerCase(Locale.ROOT);
    }
    return identifier;
  }

  /** The identifier as a metadata search pattern that matches only itself. */
  private String pattern(String identifier) {
    if (identifier == null || escape == null || escape.isEmpty()) {
      return identifier;
    }
    return identifier.replace(escape, escape + escape).replace("_", escape + "_");
  }
}
