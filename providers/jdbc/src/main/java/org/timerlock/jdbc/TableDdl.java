package org.timerlock.jdbc;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.timerlock.core.spi.PauseArguments;

/**
 * The CREATE TABLE statement of the lock table in one database's types: ShedLock's four columns,
 * all NOT NULL, the name as primary key, then the nullable {@code last_fire} and {@code
 * fencing_token} columns, the columns of the last run and its kind, and the pause columns, which
 * ShedLock nodes writing the same table leave alone. Immutable; each option returns a changed copy.
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

  /** The length of the outcome column: the longest outcome name, with room to spare. */
  static final int OUTCOME_LENGTH = 16;

  /** The length of the error column: a class name, {@code ": "} and a bounded message. */
  static final int ERROR_LENGTH = 1000;

  /**
   * @param textType the type of the text columns with {@code %d} for their length, e.g. {@code
   *     VARCHAR(%d)}
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

  /** The length of the kind column: the longest RunKind name, with room to spare. */
  static final int KIND_LENGTH = 16;

  /**
   * The length of the paused_by column: the longest author PauseArguments accepts, escaped (a
   * control character becomes six characters).
   */
  static final int PAUSED_BY_LENGTH = PauseArguments.MAX_BY_LENGTH * 6;

  /**
   * The statements that add those of the optional columns (the last run's, its kind, the pause's)
   * named in {@code missing} to a table without them, one per column: the form every supported
   * database accepts.
   */
  List<String> addColumns(LockTable t, List<String> missing) {
    List<String> statements = new ArrayList<>();
    for (Column column : optionalColumns()) {
      if (missing.contains(column.name())) {
        statements.add("ALTER TABLE " + t.table() + " ADD " + column);
      }
    }
    return List.copyOf(statements);
  }

  /** A nullable column as DDL writes it. */
  private record Column(String name, String type) {
    @Override
    public String toString() {
      return name + " " + type;
    }
  }

  /**
   * The optional columns after the fire and token columns, with their types, in the order of the
   * CREATE TABLE: the last run, its kind, the pause.
   */
  private List<Column> optionalColumns() {
    return List.of(
        new Column(LockTable.LAST_RUN_FIRE, bigIntType),
        new Column(LockTable.LAST_RUN_BY, text(Dialect.CREATED_NAME_LENGTH)),
        new Column(LockTable.LAST_RUN_STARTED, timeType),
        new Column(LockTable.LAST_RUN_ENDED, timeType),
        new Column(LockTable.LAST_RUN_OUTCOME, text(OUTCOME_LENGTH)),
        new Column(LockTable.LAST_RUN_ERROR, text(ERROR_LENGTH)),
        new Column(LockTable.LAST_RUN_KIND, text(KIND_LENGTH)),
        new Column(LockTable.PAUSED_UNTIL, timeType),
        new Column(LockTable.PAUSED_BY, text(PAUSED_BY_LENGTH)));
  }

  private String text(int length) {
    return String.format(Locale.ROOT, textType, length);
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

  /** A text type of the given length, as the table's text columns have it. */
  String textType(int length) {
    return text(length);
  }

  /**
   * The history table: one row per run or missed slot, nullable where a record may lack the value,
   * keyed by an identity column that numbers the records in the order they were written (times are
   * milliseconds, and fast runs share them). A lock's rows are found by name; the table holds at
   * most about max-per-lock rows per lock, so no other index is needed.
   *
   * @param identity the type of the identity column, e.g. {@code BIGINT GENERATED BY DEFAULT AS
   *     IDENTITY}
   */
  String createHistoryTable(String table, String identity) {
    String name = text(Dialect.CREATED_NAME_LENGTH);
    return "CREATE TABLE "
        + (ifNotExists ? "IF NOT EXISTS " : "")
        + table
        + " ("
        + HistoryColumns.ID
        + " "
        + identity
        + " PRIMARY KEY, "
        + HistoryColumns.NAME
        + " "
        + name
        + nameCollation
        + " NOT NULL, "
        + HistoryColumns.FIRE
        + " "
        + bigIntType
        + ", "
        + HistoryColumns.NODE
        + " "
        + name
        + " NOT NULL, "
        + HistoryColumns.STARTED
        + " "
        + timeType
        + " NOT NULL, "
        + HistoryColumns.ENDED
        + " "
        + timeType
        + " NOT NULL, "
        + HistoryColumns.OUTCOME
        + " "
        + text(OUTCOME_LENGTH)
        + " NOT NULL, "
        + HistoryColumns.KIND
        + " "
        + text(KIND_LENGTH)
        + " NOT NULL, "
        + HistoryColumns.ERROR_CLASS
        + " "
        + name
        + ", "
        + HistoryColumns.ERROR_MESSAGE
        + " "
        + text(ERROR_LENGTH)
        + ")"
        + tableOptions;
  }

  String createTable(LockTable t) {
    StringBuilder run = new StringBuilder();
    for (Column column : optionalColumns()) {
      run.append(", ").append(column);
    }
    String text = text(Dialect.CREATED_NAME_LENGTH);
    return "CREATE TABLE "
        + (ifNotExists ? "IF NOT EXISTS " : "")
        + t.table()
        + " ("
        + t.name()
        + " "
        + text
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
        + text
        + " NOT NULL, "
        + LockTable.LAST_FIRE
        + " "
        + bigIntType
        + ", "
        + LockTable.FENCING_TOKEN
        + " "
        + bigIntType
        + run
        + (keyAfterColumns ? ", PRIMARY KEY (" + t.name() + ")" : "")
        + ")"
        + tableOptions;
  }
}
