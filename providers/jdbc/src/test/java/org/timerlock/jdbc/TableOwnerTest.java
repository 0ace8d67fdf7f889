package org.timerlock.jdbc;

import static org.assertj.core.api.Assertions.assertThat;

import com.zaxxer.hikari.HikariDataSource;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.timerlock.core.LockConfiguration;
import org.timerlock.core.SimpleLock;
import org.timerlock.core.spi.HistorySettings;
import org.timerlock.teststores.IsolatedDatabase;
import org.timerlock.teststores.StoreKind;
import org.timerlock.teststores.TestStores;

/**
 * Table squatting: in a schema where every role may create tables (PostgreSQL 14 and earlier:
 * {@code public}), another role creates {@code shedlock} before the application does and grants it
 * what TimerLock needs. TimerLock works with it (SELECT, INSERT and UPDATE are all it needs) but
 * says once, at start-up, who owns it. A table TimerLock's own user created raises nothing.
 */
class TableOwnerTest {

  @RegisterExtension final ProviderLog log = new ProviderLog();

  @Test
  void aTableOfAnotherRoleIsUsedWithOneWarning() throws SQLException {
    try (IsolatedDatabase db = TestStores.isolatedDatabase(StoreKind.POSTGRES, getClass());
        Roles roles = new Roles(db)) {
      String app = roles.create("app");
      String squatter = roles.create("squatter");
      squat(db, roles, squatter, app, false);

      try (HikariDataSource pool = Pools.pool(db.url(), app, null, 2);
          JdbcLockProvider provider =
              JdbcLockProvider.builder()
                  .dataSource(pool)
                  .dataSourceDescription("java:app/jdbc/orders")
                  .build()) {
        for (int i = 0; i < 3; i++) {
          SimpleLock lock =
              provider.lock(LockConfiguration.of("job", Duration.ofMinutes(1))).orElseThrow();
          assertThat(lock.extend(Duration.ofMinutes(2), Duration.ZERO)).isPresent();
          lock.unlock();
        }
        assertThat(provider.maxNameLength()).isEqualTo(255);
      }
      List<String> warnings = warnings();
      assertThat(warnings).as("one warning").hasSize(1);
      assertThat(warnings.get(0))
          .startsWith(
              "TIMERLOCK-311 Lock table "
                  + db.namespace()
                  + ".shedlock is owned by role '"
                  + squatter
                  + "', not by '"
                  + app
                  + "', the user TimerLock connects as (java:app/jdbc/orders).")
          .contains("SELECT, INSERT and UPDATE")
          .contains("docs/security.md");
    }
  }

  /**
   * A ShedLock table of another role turns the fire guard and fencing tokens off as well: one
   * WARNING says both, and no INFO says the second half again.
   */
  @Test
  void aShedLockTableOfAnotherRoleWarnsOfItsOwnerAndItsMissingColumnsAtOnce() throws SQLException {
    List<String> warnings = warningsForATableOf(false);
    assertThat(warnings).as("one warning").hasSize(1);
    System.out.println("Warning: " + warnings.get(0));
    assertThat(warnings.get(0))
        .startsWith("TIMERLOCK-311 Lock table ")
        .contains(".shedlock is owned by role 'tl_squatter_")
        .contains("has no columns last_fire and fencing_token")
        .contains("the fire guard and fencing tokens are off")
        .contains("ALTER TABLE shedlock ADD last_fire BIGINT");
    assertThat(log.messages()).noneMatch(m -> m.startsWith("TIMERLOCK-309"));
  }

  /** A table of another role with TimerLock's columns: the warning names the owner only. */
  @Test
  void aFullTableOfAnotherRoleWarnsOfItsOwnerOnly() throws SQLException {
    List<String> warnings = warningsForATableOf(true);
    assertThat(warnings).as("one warning").hasSize(1);
    assertThat(warnings.get(0))
        .contains(".shedlock is owned by role 'tl_squatter_")
        .doesNotContain("last_fire");
  }

  /** The warnings of a provider that uses a table of another role, with or without the columns. */
  private List<String> warningsForATableOf(boolean withFireColumns) throws SQLException {
    try (IsolatedDatabase db = TestStores.isolatedDatabase(StoreKind.POSTGRES, getClass());
        Roles roles = new Roles(db)) {
      String app = roles.create("app");
      squat(db, roles, roles.create("squatter"), app, withFireColumns);
      try (HikariDataSource pool = Pools.pool(db.url(), app, null, 2);
          JdbcLockProvider provider = JdbcLockProvider.builder().dataSource(pool).build()) {
        for (int i = 0; i < 2; i++) {
          provider.lock(LockConfiguration.of("job", Duration.ofMinutes(1))).orElseThrow().unlock();
        }
        assertThat(provider.features().isEmpty()).isEqualTo(!withFireColumns);
      }
      return warnings();
    }
  }

  /**
   * A history table another role created first, in the shape TimerLock creates: runs are recorded
   * in it, and one WARNING names its owner; the lock table, the application's own, raises nothing.
   */
  @Test
  void aHistoryTableOfAnotherRoleIsUsedWithOneWarning() throws SQLException {
    try (IsolatedDatabase db = TestStores.isolatedDatabase(StoreKind.POSTGRES, getClass());
        Roles roles = new Roles(db)) {
      String app = roles.create("app");
      String squatter = roles.create("squatter");
      roles.exec("GRANT USAGE, CREATE ON SCHEMA " + db.namespace() + " TO PUBLIC");
      roles.exec("SET ROLE " + squatter);
      String history = db.namespace() + ".shedlock_history";
      roles.exec(new PostgreSqlDialect().createHistoryTable(history));
      roles.exec("GRANT SELECT, INSERT, DELETE ON " + history + " TO " + app);
      roles.exec("GRANT USAGE ON ALL SEQUENCES IN SCHEMA " + db.namespace() + " TO " + app);
      roles.exec("RESET ROLE");
      HistorySettings on = new HistorySettings(true, 100, Duration.ofDays(1));
      try (HikariDataSource pool = Pools.pool(db.url(), app, null, 2);
          JdbcLockProvider provider =
              JdbcLockProvider.builder().dataSource(pool).history(on).build()) {
        for (int i = 0; i < 2; i++) {
          provider.lock(LockConfiguration.of("job", Duration.ofMinutes(1))).orElseThrow().unlock();
        }
        assertThat(provider.admin().orElseThrow().history("job", 10)).hasSize(2);
      }
      List<String> warnings = warnings();
      assertThat(warnings).as("one warning").hasSize(1);
      assertThat(warnings.get(0))
          .startsWith("TIMERLOCK-311 History table " + history + " is owned by role '" + squatter)
          .contains("not by '" + app + "'");
    }
  }

  @Test
  void aTableTheUserCreatedRaisesNothing() throws SQLException {
    try (IsolatedDatabase db = TestStores.isolatedDatabase(StoreKind.POSTGRES, getClass());
        Roles roles = new Roles(db)) {
      String app = roles.create("app");
      // CREATE on the schema is needed only to create the table (timerlock.jdbc.create-table).
      roles.exec("GRANT USAGE, CREATE ON SCHEMA " + db.namespace() + " TO " + app);
      for (int node = 0; node < 2; node++) { // creates it, then finds it
        try (HikariDataSource pool = Pools.pool(db.url(), app, null, 2);
            JdbcLockProvider provider = JdbcLockProvider.builder().dataSource(pool).build()) {
          provider.lock(LockConfiguration.of("job", Duration.ofMinutes(1))).orElseThrow().unlock();
        }
      }
      assertThat(log.records())
          .anyMatch(r -> r.getMessage().startsWith("TIMERLOCK-310 Created lock table"));
      assertThat(warnings()).isEmpty();
    }
  }

  /**
   * The squatter creates the lock table first, with or without TimerLock's columns, and grants the
   * application what TimerLock needs.
   */
  private static void squat(
      IsolatedDatabase db, Roles roles, String squatter, String app, boolean withFireColumns)
      throws SQLException {
    // As PostgreSQL 14 and earlier have it for public: every role may create tables.
    roles.exec("GRANT USAGE, CREATE ON SCHEMA " + db.namespace() + " TO PUBLIC");
    roles.exec("SET ROLE " + squatter);
    String table = db.namespace() + ".shedlock";
    roles.exec(Pools.lockTableDdl(table, 255, "TIMESTAMP(3)"));
    if (withFireColumns) {
      roles.exec("ALTER TABLE " + table + " ADD last_fire BIGINT, ADD fencing_token BIGINT");
    }
    roles.exec("GRANT SELECT, INSERT, UPDATE ON " + table + " TO " + app);
    roles.exec("RESET ROLE");
  }

  private List<String> warnings() {
    return log.records().stream()
        .filter(r -> r.getLevel().intValue() >= Level.WARNING.intValue())
        .map(LogRecord::getMessage)
        .toList();
  }

  /** Login roles of the test's own, dropped afterwards with what they own. */
  private static final class Roles implements AutoCloseable {
    private final Connection connection;
    private final List<String> created = new CopyOnWriteArrayList<>();
    private final String suffix;

    Roles(IsolatedDatabase db) {
      this.connection = db.connect();
      this.suffix = db.namespace().substring(db.namespace().lastIndexOf('_') + 1);
    }

    String create(String hint) throws SQLException {
      String role = "tl_" + hint + "_" + suffix;
      exec("CREATE ROLE " + role + " LOGIN");
      created.add(role);
      return role;
    }

    void exec(String sql) throws SQLException {
      try (Statement s = connection.createStatement()) {
        s.execute(sql);
      }
    }

    @Override
    public void close() throws SQLException {
      try {
        exec("RESET ROLE");
        for (String role : created) {
          exec("DROP OWNED BY " + role + " CASCADE");
          exec("DROP ROLE " + role);
        }
      } finally {
        connection.close();
      }
    }
  }
}
