package org.timerlock.teststores;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** The helper against the real stores of this machine (or of the variables / Docker). */
class TestStoresTest {

  @ParameterizedTest
  @EnumSource(
      value = StoreKind.class,
      names = {"POSTGRES", "MARIADB"})
  void isolatedDatabaseIsUsableAndDroppedOnClose(StoreKind kind) throws Exception {
    IsolatedDatabase db = TestStores.isolatedDatabase(kind, TestStoresTest.class);
    assertThat(db.namespace()).startsWith("tl_teststorestest_");
    try (Connection c = db.connect();
        Statement s = c.createStatement()) {
      s.execute("CREATE TABLE probe (id INT PRIMARY KEY)");
      s.execute("INSERT INTO probe VALUES (7)");
      try (ResultSet rs = s.executeQuery("SELECT id FROM probe")) {
        assertThat(rs.next()).isTrue();
        assertThat(rs.getInt(1)).isEqualTo(7);
      }
    }
    db.close();
    assertThat(namespaceExists(kind, db.namespace())).as("dropped on close").isFalse();
  }

  @Test
  void twoTestClassesGetDifferentNamespaces() {
    assertThat(TestStores.namespaceFor(TestStoresTest.class, "_"))
        .isNotEqualTo(TestStores.namespaceFor(TestStoresTest.class, "_"));
  }

  @Test
  void redisNamespaceHasItsOwnPrefix() {
    RedisNamespace ns = TestStores.redisNamespace(TestStoresTest.class);
    assertThat(ns.keyPrefix()).startsWith("tl-teststorestest-");
    assertThat(ns.uri()).startsWith("redis");
  }

  private static boolean namespaceExists(StoreKind kind, String namespace) throws Exception {
    StoreAddress server = TestStores.locate(kind);
    // Both databases list schemas (PostgreSQL) and databases (MariaDB) here.
    String query =
        "SELECT 1 FROM information_schema.schemata WHERE schema_name = '" + namespace + "'";
    try (Connection c = Reachability.connect(server);
        Statement s = c.createStatement();
        ResultSet rs = s.executeQuery(query)) {
      return rs.next();
    }
  }
}
