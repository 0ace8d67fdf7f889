package org.timerlock.benchmarks.fleet;

import com.zaxxer.hikari.HikariDataSource;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import org.timerlock.benchmarks.Library;
import org.timerlock.benchmarks.Stores;
import org.timerlock.teststores.StoreKind;

/** Gives each case an empty table or key space, and removes it after. */
final class FleetTables {

  private FleetTables() {}

  /**
   * ShedLock gets its documented table; TimerLock's table is dropped, and its first node creates it
   * with the fire and token columns. Redis keys of the prefix are deleted.
   */
  static void reset(StoreKind store, Library library, Stores.Namespace space) {
    if (library == Library.TIMERLOCK && store != StoreKind.REDIS) {
      drop(store, space);
    } else {
      Stores.prepare(store, space);
    }
  }

  /** Drops the table or deletes the keys. */
  static void drop(StoreKind store, Stores.Namespace space) {
    if (store == StoreKind.REDIS) {
      Stores.prepare(store, space);
      return;
    }
    try (HikariDataSource pool = Stores.pool(store, "fleet-setup");
        Connection connection = pool.getConnection();
        Statement statement = connection.createStatement()) {
      statement.execute("DROP TABLE IF EXISTS " + space.table());
    } catch (SQLException e) {
      throw new IllegalStateException(
          "Cannot drop " + space.table() + " on " + store.id() + ": " + e.getMessage(), e);
    }
  }
}
