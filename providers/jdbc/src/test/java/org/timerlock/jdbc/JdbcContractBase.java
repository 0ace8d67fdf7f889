package org.timerlock.jdbc;

import com.zaxxer.hikari.HikariDataSource;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.TestInstance;
import org.timerlock.core.LockProvider;
import org.timerlock.core.spi.HistorySettings;
import org.timerlock.testkit.LastRunContract;
import org.timerlock.testkit.LockAdminContract;
import org.timerlock.testkit.LockProviderContract;

/**
 * The whole testkit contract on one database: two providers with pools of their own are two nodes.
 * Every JDBC provider has an admin view, so every database also passes the admin contract (pauses
 * and the run history, on nodes started later with a pool of their own) and the last-run contract.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
abstract class JdbcContractBase
    implements LockProviderContract, LockAdminContract, LastRunContract {

  private HikariDataSource pool1;
  private HikariDataSource pool2;
  private JdbcLockProvider node1;
  private JdbcLockProvider node2;
  private JdbcLockProvider down;
  private final List<AutoCloseable> later = new CopyOnWriteArrayList<>();

  /** A new pool on the test database. */
  abstract HikariDataSource newPool();

  /** A pool pointing at a database of the same kind that does not answer. */
  abstract HikariDataSource unreachablePool();

  void cleanUp() {}

  @BeforeAll
  void startNodes() {
    pool1 = newPool();
    pool2 = newPool();
    node1 = JdbcLockProvider.builder().dataSource(pool1).nodeId("node-1").build();
    node2 = JdbcLockProvider.builder().dataSource(pool2).nodeId("node-2").build();
    down =
        JdbcLockProvider.builder()
            .dataSource(unreachablePool())
            .closeDataSourceOnClose(true)
            .nodeId("node-down")
            .build();
  }

  @AfterAll
  void stopNodes() throws Exception {
    for (AutoCloseable node : later) {
      node.close();
    }
    node1.close();
    node2.close();
    down.close();
    pool1.close();
    pool2.close();
    cleanUp();
  }

  @Override
  public LockProvider provider() {
    return node1;
  }

  @Override
  public LockProvider otherNode() {
    return node2;
  }

  /** A node started later, with a pool of its own that it closes. */
  @Override
  public Optional<LockProvider> newNode(HistorySettings history) {
    JdbcLockProvider node =
        JdbcLockProvider.builder()
            .dataSource(newPool())
            .closeDataSourceOnClose(true)
            .nodeId("node-" + (later.size() + 3))
            .history(history)
            .build();
    later.add(node);
    return Optional.of(node);
  }

  @Override
  public LockProvider unreachableStore() {
    return down;
  }

  /** Deletes the name's row, as an operator cleaning up by hand would. */
  @Override
  public boolean forgetStoredState(String name) {
    try (Connection connection = pool1.getConnection();
        PreparedStatement delete =
            connection.prepareStatement("DELETE FROM shedlock WHERE name = ?")) {
      delete.setString(1, name);
      if (delete.executeUpdate() != 1) {
        throw new AssertionError("no row for " + name);
      }
      return true;
    } catch (SQLException e) {
      throw new IllegalStateException("Cannot delete the row of " + name, e);
    }
  }
}
