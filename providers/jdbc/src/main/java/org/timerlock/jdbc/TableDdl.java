package org.timerlock.jdbc;

import java.util.List;

/**
 * The CREATE TABLE statement of the lock table in one database's types: ShedLock's four columns,
 * all NOT NULL, the name as primary key, then the nullable {@code last_fire} and {@code
 * fencing_token} columns, which ShedLock nodes writing the same table leave alone. Immutable; each
 * option returns a changed copy.
 */
final class TableDdl {

  private final String textType;
  private final String timeType;
  private final boolean ifNotExists;
  private final boolean keyAfterColumns;
  private final String nameCollation;
  private final String tableOptions;
  private final String bigIntType;

  private TableDdl(
      String textType,
      String timeType,
      boolean ifNotExists,
      boolean keyAfterColumns,
      String nameCollation,
      String tableOptions,
      String bigIntType) {
    this.textType = textType;
    this.timeType = timeType;
    this.ifNotExists = ifNotExists;
    this.keyAfterColumns = keyAfterColumns;
    this.nameCollation = nameCollation;
    this.tableOptions = tableOptions;
    this.bigIntType = bigIntType;
  }

  /**
   * @param textType the type of the name and owner columns, e.g. {@code VARCHAR(255)}
   * @param timeType the type of the two time columns, e.g. {@code TIMESTAMP(3)}
   */
  static TableDdl of(String textType, String timeType) {
    return new TableDdl(textType, timeType, false, false, "", "", "BIGINT");
  }

  /** {@code CREATE TABLE IF NOT EXISTS}, where the database knows it. */
  TableDdl ifNotExists() {
    return new TableDdl(
        textType, timeType, true, keyAfterColumns, nameCollation, tableOptions, bigIntType);
  }

  /** {@code PRIMARY KEY (name)} after the columns rather than on the name column. */
  TableDdl keyAfterColumns() {
    return new TableDdl(
        textType, timeType, ifNotExists, true, nameCollation, tableOptions, bigIntType);
  }

  /** A collation for the name column alone. */
  TableDdl nameCollation(String collation) {
    return new TableDdl(
        textType,
        timeType,
        ifNotExists,
        keyAfterColumns,
        " COLLATE " + collation,
        tableOptions,
        bigIntType);
  }

  /** Text after the closing parenthesis, e.g. the table's character set. */
  TableDdl tableOptions(String options) {
    return new TableDdl(
        textType, timeType, ifNotExists, keyAfterColumns, nameCollation, options, bigIntType);
  }

  /** The type of the fire and token columns, where it is not {@code BIGINT}. */
  TableDdl bigIntType(String type) {
    return new TableDdl(
        textType, timeType, ifNotExists, keyAfterColumns, nameCollation, tableOptions, type);
  }

  /**
   * The statements that add the fire and token columns to a ShedLock table, one per column: the
   * form every supported database accepts.
   */
  List<String> addFireColumns(LockTable t) {
    return List.of(
        "ALTER TABLE " + t.table() + " ADD " + LockTable.LAST_FIRE + " " + bigIntType,
        "ALTER TABLE " + t.table() + " ADD " + LockTable.FENCING_TOKEN + " " + bigIntType);
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
        + " NOT NULL, "
        + LockTable.LAST_FIRE
        + " "
        + bigIntType
        + ", "
        + LockTable.FENCING_TOKEN
        + " "
        + bigIntType
        + (keyAfterColumns ? ", PRIMARY KEY (" + t.name() + ")" : "")
        + ")"
        + tableOptions;
  }
}
