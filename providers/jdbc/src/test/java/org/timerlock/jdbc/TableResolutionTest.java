package org.timerlock.jdbc;

import static org.assertj.core.api.Assertions.assertThat;

import com.zaxxer.hikari.HikariDataSource;
import java.time.Duration;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;
import org.timerlock.core.LockConfiguration;
import org.timerlock.teststores.IsolatedDatabase;
import org.timerlock.teststores.StoreKind;
import org.timerlock.teststores.TestStores;

/**
 * The lock table is the one the database resolves the lock statements to: a same-named table in
 * another schema (MySQL: database) that the statements would not reach neither stops the provider
 * from creating its own nor lends its name-column size; one they would reach is used as it is.
 * Every foreign namespace here is the test's own and is dropped afterwards.
 */
class TableResolutionTest {

  private static final int FOREIGN_SIZE = 64;
  private static final int EARLIER_SIZE = 100;
  private static final int CREATED = Dialect.CREATED_NAME_LENGTH;

  @Test
  void postgresIgnoresATableInASchemaOffTheSearchPath() {
    ignoresATableInAnotherNamespace(StoreKind.POSTGRES);
  }

  @Test
  void postgresUsesATableEarlierOnTheSearchPath() {
    usesATableElsewhereOnThePath(true);
  }

  @Test
  void postgresUsesATableLaterOnTheSearchPathWhenOursHasNone() {
    usesATableElsewhereOnThePath(false);
  }

  @Test
  void postgresQualifiedNameLooksInItsSchemaOnly() {
    try (IsolatedDatabase earlier = TestStores.isolatedDatabase(StoreKind.POSTGRES, getClass());
        IsolatedDatabase db = TestStores.isolatedDatabase(StoreKind.POSTGRES, getClass());
        HikariDataSource pool = searchPathPool(db, earlier.namespace() + "," + db.namespace())) {
      Pools.lockTable(earlier, "qualified_locks", EARLIER_SIZE);
      createsItsOwnTable(
          pool,
          db.namespace() + ".qualified_locks",
          CREATED,
          serverTableCount(db, "qualified_locks"));
    }
  }

  @Test
  void mariaDbIgnoresATableInAnotherDatabase() {
    ignoresATableInAnotherNamespace(StoreKind.MARIADB);
  }

  /** A server's other schema (MySQL: database) holds the table: the provider creates its own. */
  private void ignoresATableInAnotherNamespace(StoreKind kind) {
    try (IsolatedDatabase elsewhere = TestStores.isolatedDatabase(kind, getClass());
        IsolatedDatabase db = TestStores.isolatedDatabase(kind, getClass());
        HikariDataSource pool = Pools.pool(db, 2)) {
      Pools.lockTable(elsewhere, "shedlock", FOREIGN_SIZE);
      createsItsOwnTable(pool, CREATED, serverTableCount(db, "shedlock"));
      assertThat(
              Pools.queryLong(pool, "SELECT count(*) FROM " + elsewhere.namespace() + ".shedlock"))
          .as("rows in the other namespace's table")
          .isZero();
    }
  }

  /**
   * A PostgreSQL schema on the search path holds the table, before or after the connection's own
   * schema (which has none): the provider uses that table.
   */
  private void usesATableElsewhereOnThePath(boolean otherSchemaFirst) {
    try (IsolatedDatabase other = TestStores.isolatedDatabase(StoreKind.POSTGRES, getClass());
        IsolatedDatabase db = TestStores.isolatedDatabase(StoreKind.POSTGRES, getClass());
        HikariDataSource pool =
            searchPathPool(
                db,
                otherSchemaFirst
                    ? other.namespace() + "," + db.namespace()
                    : db.namespace() + "," + other.namespace())) {
      Pools.lockTable(other, "shedlock", EARLIER_SIZE);
      usesTheTableOnThePath(
          pool,
          EARLIER_SIZE,
          serverTableCount(db, "shedlock"),
          "SELECT count(*) FROM " + other.namespace() + ".shedlock");
    }
  }

  @Test
  void h2IgnoresATableInAnotherSchema() {
    String url = "jdbc:h2:mem:" + Pools.unique("res") + ";DB_CLOSE_DELAY=-1";
    try (HikariDataSource admin = Pools.pool(url, "sa", "", 1)) {
      Pools.exec(admin, "CREATE SCHEMA ELSEWHERE");
      Pools.exec(admin, Pools.lockTableDdl("ELSEWHERE.SHEDLOCK", FOREIGN_SIZE, "TIMESTAMP(3)"));
      try (HikariDataSource pool = Pools.pool(url, "sa", "", 2)) {
        createsItsOwnTable(pool, CREATED, embeddedTableCount("PUBLIC", "SHEDLOCK"));
      }
      Pools.exec(admin, "DROP ALL OBJECTS");
    }
  }

  @Test
  void h2UsesATableOnItsSchemaSearchPath() {
    String url = "jdbc:h2:mem:" + Pools.unique("res") + ";DB_CLOSE_DELAY=-1";
    try (HikariDataSource admin = Pools.pool(url, "sa", "", 1)) {
      Pools.exec(admin, "CREATE SCHEMA OURS");
      Pools.exec(admin, "CREATE SCHEMA SHARED");
      Pools.exec(admin, "CREATE SCHEMA ELSEWHERE");
      Pools.exec(admin, Pools.lockTableDdl("SHARED.SHEDLOCK", EARLIER_SIZE, "TIMESTAMP(3)"));
      Pools.exec(admin, Pools.lockTableDdl("ELSEWHERE.SHEDLOCK", FOREIGN_SIZE, "TIMESTAMP(3)"));
      try (HikariDataSource pool =
          Pools.pool(url + ";SCHEMA=OURS;SCHEMA_SEARCH_PATH=SHARED", "sa", "", 2)) {
        usesTheTableOnThePath(
            pool,
            EARLIER_SIZE,
            embeddedTableCount("OURS", "SHEDLOCK"),
            "SELECT count(*) FROM SHARED.SHEDLOCK");
      }
      Pools.exec(admin, "DROP ALL OBJECTS");
    }
  }

  @Test
  void h2PrefersItsCurrentSchemaToTheSearchPath() {
    String url = "jdbc:h2:mem:" + Pools.unique("res") + ";DB_CLOSE_DELAY=-1";
    try (HikariDataSource admin = Pools.pool(url, "sa", "", 1)) {
      Pools.exec(admin, "CREATE SCHEMA OURS");
      Pools.exec(admin, "CREATE SCHEMA SHARED");
      Pools.exec(admin, Pools.lockTableDdl("SHARED.SHEDLOCK", FOREIGN_SIZE, "TIMESTAMP(3)"));
      Pools.exec(admin, Pools.lockTableDdl("OURS.SHEDLOCK", EARLIER_SIZE, "TIMESTAMP(3)"));
      try (HikariDataSource pool =
          Pools.pool(url + ";SCHEMA=OURS;SCHEMA_SEARCH_PATH=SHARED", "sa", "", 2)) {
        usesTheTableOnThePath(
            pool,
            EARLIER_SIZE,
            "SELECT count(*) FROM SHARED.SHEDLOCK",
            "SELECT count(*) FROM OURS.SHEDLOCK");
      }
      Pools.exec(admin, "DROP ALL OBJECTS");
    }
  }

  @Test
  void hsqlDbIgnoresATableInAnotherSchema() {
    String url = "jdbc:hsqldb:mem:" + Pools.unique("res");
    try (HikariDataSource admin = Pools.pool(url, "SA", "", 1)) {
      Pools.exec(admin, "CREATE SCHEMA ELSEWHERE");
      Pools.exec(admin, Pools.lockTableDdl("ELSEWHERE.SHEDLOCK", FOREIGN_SIZE, "TIMESTAMP(3)"));
      try (HikariDataSource pool = Pools.pool(url, "SA", "", 2)) {
        // HSQLDB keeps a character for the marker that keeps "Job" and "Job " apart.
        createsItsOwnTable(pool, CREATED - 1, embeddedTableCount("PUBLIC", "SHEDLOCK"));
      }
      Pools.exec(admin, "SHUTDOWN");
    }
  }

  @Test
  void derbyIgnoresATableInAnotherSchema() {
    String url = "jdbc:derby:memory:" + Pools.unique("res") + ";create=true";
    try (HikariDataSource admin = Pools.pool(url, null, null, 1)) {
      Pools.exec(admin, "CREATE SCHEMA ELSEWHERE");
      Pools.exec(admin, Pools.lockTableDdl("ELSEWHERE.SHEDLOCK", FOREIGN_SIZE, "TIMESTAMP"));
      try (HikariDataSource pool = Pools.pool(url, null, null, 2)) {
        // Derby keeps a character for the marker that keeps "Job" and "Job " apart.
        createsItsOwnTable(
            pool,
            CREATED - 1,
            "SELECT count(*) FROM SYS.SYSTABLES t JOIN SYS.SYSSCHEMAS s"
                + " ON t.SCHEMAID = s.SCHEMAID WHERE s.SCHEMANAME = 'APP'"
                + " AND t.TABLENAME = 'SHEDLOCK'");
      }
    }
  }

  /**
   * A fresh provider reports the size it will create, creates its table with no failed statement,
   * then reports the size of that table.
   */
  private static void createsItsOwnTable(HikariDataSource pool, int size, String ownTableCount) {
    createsItsOwnTable(pool, "shedlock", size, ownTableCount);
  }

  private static void createsItsOwnTable(
      HikariDataSource pool, String table, int size, String ownTableCount) {
    CountingDataSource counting = new CountingDataSource(pool);
    try (JdbcLockProvider provider = provider(counting.dataSource(), table)) {
      assertThat(provider.maxNameLength())
          .as("name length before the table exists")
          .isEqualTo(size);
      assertThat(Pools.queryLong(pool, ownTableCount))
          .as("own table before the first lock")
          .isZero();
      provider.lock(LockConfiguration.of("first", Duration.ofSeconds(5))).orElseThrow().unlock();
      assertThat(counting.errors.get()).as("failed statements creating the table").isZero();
      assertThat(Pools.queryLong(pool, ownTableCount)).as("own table created").isEqualTo(1);
      assertThat(provider.maxNameLength()).as("name length of the created table").isEqualTo(size);
      assertThat(counting.errors.get()).as("failed statements").isZero();
    }
  }

  /**
   * A fresh provider uses the table the statements resolve to, without a failed statement.
   *
   * @param untouched counts what must stay empty: the tables created, or the rows of a table the
   *     statements do not reach
   */
  private static void usesTheTableOnThePath(
      HikariDataSource pool, int size, String untouched, String rowsInUsedTable) {
    CountingDataSource counting = new CountingDataSource(pool);
    try (JdbcLockProvider provider = provider(counting.dataSource(), "shedlock")) {
      assertThat(provider.maxNameLength()).as("name length of the table in use").isEqualTo(size);
      provider.lock(LockConfiguration.of("first", Duration.ofSeconds(5))).orElseThrow().unlock();
      assertThat(counting.errors.get()).as("failed statements").isZero();
      assertThat(Pools.queryLong(pool, rowsInUsedTable)).as("rows in the table in use").isOne();
      assertThat(Pools.queryLong(pool, untouched)).as("tables created or rows elsewhere").isZero();
      assertThat(provider.maxNameLength()).as("name length after locking").isEqualTo(size);
    }
  }

  private static JdbcLockProvider provider(DataSource dataSource, String table) {
    return JdbcLockProvider.builder().dataSource(dataSource).tableName(table).nodeId("res").build();
  }

  /** A pool whose connections have this search path (PostgreSQL). */
  private static HikariDataSource searchPathPool(IsolatedDatabase db, String searchPath) {
    String server = db.server().url();
    String url = server + (server.contains("?") ? "&" : "?") + "currentSchema=" + searchPath;
    return Pools.pool(url, db.user(), db.password(), 2);
  }

  /** How many tables of this name the namespace holds, on PostgreSQL or MariaDB. */
  private static String serverTableCount(IsolatedDatabase db, String table) {
    return "SELECT count(*) FROM information_schema.tables WHERE table_schema = '"
        + db.namespace()
        + "' AND table_name = '"
        + table
        + "'";
  }

  private static String embeddedTableCount(String schema, String table) {
    return "SELECT count(*) FROM INFORMATION_SCHEMA.TABLES WHERE TABLE_SCHEMA = '"
        + schema
        + "' AND TABLE_NAME = '"
        + table
        + "'";
  }
}
