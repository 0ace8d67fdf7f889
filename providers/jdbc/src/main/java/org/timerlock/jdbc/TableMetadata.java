package org.timerlock.jdbc;

import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Locale;
import java.util.OptionalInt;

/**
 * What the database's metadata says about the lock table. Reading metadata never makes a statement
 * fail, unlike trying the table and catching the error, so the database log stays clean.
 */
final class TableMetadata {

  private final DatabaseMetaData md;
  private final boolean catalogs;
  private final LockTable table;
  private final String schema;
  private final String current;
  private final String escape;

  TableMetadata(Connection connection, Dialect dialect, LockTable table) throws SQLException {
    this.md = connection.getMetaData();
    this.catalogs = dialect.namespacesAreCatalogs();
    this.table = table;
    this.schema = fold(table.schemaPart());
    this.current = catalogs ? connection.getCatalog() : currentSchema(connection);
    this.escape = md.getSearchStringEscape();
  }

  /**
   * Whether no table of this name is visible anywhere an unqualified lock statement might find it.
   * A qualified name is looked up in its schema only; an unqualified one in every schema (MySQL:
   * database), because a search path, a synonym or an alias can lead a statement past the current
   * one. So true means that the lock statements would certainly fail on a missing table, and
   * creating it is what the missing-table error would lead to anyway.
   */
  boolean certainlyMissing() throws SQLException {
    return nameColumnSize(schema).isEmpty();
  }

  /**
   * The declared size of the name column: in the table's schema when the name is qualified, else in
   * the current schema, else in any schema the connection can see.
   *
   * @return empty when no such table shows a size
   */
  OptionalInt nameColumnSize() throws SQLException {
    String[] namespaces = schema != null ? new String[] {schema} : new String[] {current, null};
    for (String namespace : namespaces) {
      if (namespace == null && schema == null && current == null) {
        continue;
      }
      OptionalInt size = nameColumnSize(namespace);
      if (size.isPresent() && size.getAsInt() > 0) {
        return size;
      }
    }
    return OptionalInt.empty();
  }

  /** The size metadata gives for the name column in one namespace (null: any). */
  private OptionalInt nameColumnSize(String namespace) throws SQLException {
    String tablePattern = pattern(fold(table.tablePart()));
    String columnPattern = pattern(fold(table.name()));
    try (ResultSet rs =
        catalogs
            ? md.getColumns(namespace, null, tablePattern, columnPattern)
            : md.getColumns(null, pattern(namespace), tablePattern, columnPattern)) {
      return rs.next() ? OptionalInt.of(rs.getInt("COLUMN_SIZE")) : OptionalInt.empty();
    }
  }

  private static String currentSchema(Connection connection) {
    try {
      return connection.getSchema();
    } catch (SQLException | AbstractMethodError e) {
      return null;
    }
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
