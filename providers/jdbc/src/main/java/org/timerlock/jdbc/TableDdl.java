package org.timerlock.jdbc;

/**
 * The CREATE TABLE statement of the lock table in one database's types: ShedLock's four columns,
 * all NOT NULL, the name as primary key. Immutable; each option returns a changed copy.
 */
final class TableDdl {

  private final String textType;
  private final String timeType;
  private final boolean ifNotExists;
  private final boolean keyAfterColumns;
  private final String nameCollation;
  private final String tableOptions;

  private TableDdl(
      String textType,
      String timeType,
      boolean ifNotExists,
      boolean keyAfterColumns,
      String nameCollation,
      String tableOptions) {
    this.textType = textType;
    this.timeType = timeType;
    this.ifNotExists = ifNotExists;
    this.keyAfterColumns = keyAfterColumns;
    this.nameCollation = nameCollation;
    this.tableOptions = tableOptions;
  }

  /**
   * @param textType the type of the name and owner columns, e.g. {@code VARCHAR(255)}
   * @param timeType the type of the two time columns, e.g. {@code TIMESTAMP(3)}
   */
  static TableDdl of(String textType, String timeType) {
    return new TableDdl(textType, timeType, false, false, "", "");
  }

  /** {@code CREATE TABLE IF NOT EXISTS}, where the database knows it. */
  TableDdl ifNotExists() {
    return new TableDdl(textType, timeType, true, keyAfterColumns, nameCollation, tableOptions);
  }

  /** {@code PRIMARY KEY (name)} after the columns rather than on the name column. */
  TableDdl keyAfterColumns() {
    return new TableDdl(textType, timeType, ifNotExists, true, nameCollation, tableOptions);
  }

  /** A collation for the name column alone. */
  TableDdl nameCollation(String collation) {
    return new TableDdl(
        textType, timeType, ifNotExists, keyAfterColumns, " COLLATE " + collation, tableOptions);
  }

  /** Text after the closing parenthesis, e.g. the table's character set. */
  TableDdl tableOptions(String options) {
    return new TableDdl(textType, timeType, ifNotExists, keyAfterColumns, nameCollation, options);
  }

  String createTable(LockTable t) {
    return "CREATE TABLE "
        + (ifNotExists ? "IF NOT EXISTS " : "")
        + t.table()
        + " ("
        + t.name()
        + " "
        + textType
        + nameCollation
        + " NOT NULL"
        + (keyAfterColumns ? "" : " PRIMARY KEY")
        + ", "
        + t.lockUntil()
        + " "
        + timeType
        + " NOT NULL, "
        + t.lockedAt()
        + " "
        + timeType
        + " NOT NULL, "
        + t.lockedBy()
        + " "
        + textType
        + " NOT NULL"
        + (keyAfterColumns ? ", PRIMARY KEY (" + t.name() + ")" : "")
        + ")"
        + tableOptions;
  }
}
