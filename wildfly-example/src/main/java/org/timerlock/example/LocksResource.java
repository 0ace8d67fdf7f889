package org.timerlock.example;

import jakarta.inject.Inject;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import javax.naming.InitialContext;
import javax.naming.NamingException;
import javax.sql.DataSource;
import org.eclipse.microprofile.config.Config;
import org.eclipse.microprofile.config.ConfigProvider;

/**
 * {@code GET /api/locks}: the locks this node holds right now and, with the JDBC provider on a JNDI
 * DataSource, the rows of the lock table as every node sees them.
 */
@Path("locks")
public class LocksResource {

  private static final Pattern TABLE =
      Pattern.compile("[A-Za-z_][A-Za-z0-9_]*(\\.[A-Za-z_][A-Za-z0-9_]*)?");

  @Inject ExecutionLog log;
  @Inject NodeIdentity node;

  /**
   * One row of the lock table.
   *
   * @param name the lock name
   * @param lockedAt when it was last taken (database time)
   * @param lockUntil until when it is held (database time)
   * @param lockedBy who took it
   * @param held whether it is held now, by the database's clock
   */
  public record LockRow(
      String name, String lockedAt, String lockUntil, String lockedBy, boolean held) {}

  /**
   * The answer.
   *
   * @param node this node
   * @param heldHere the locks held by this node, with when it took them
   * @param table the lock table's rows, or empty when the store is not a JNDI DataSource
   * @param note what the table part shows, or why it is empty
   */
  public record Locks(
      String node, Map<String, Instant> heldHere, List<LockRow> table, String note) {}

  /**
   * The current locks.
   *
   * @return the locks
   */
  @GET
  @Produces(MediaType.APPLICATION_JSON)
  public Locks current() {
    Config config = ConfigProvider.getConfig();
    String provider = config.getOptionalValue("timerlock.provider", String.class).orElse("jdbc");
    if (!"jdbc".equals(provider)
        || config.getOptionalValue("timerlock.jdbc.url", String.class).isPresent()) {
      return new Locks(
          node.name(), log.heldHere(), List.of(), "store not readable here: " + provider);
    }
    String jndi =
        config
            .getOptionalValue("timerlock.jdbc.datasource", String.class)
            .orElse("java:comp/DefaultDataSource");
    String table = config.getOptionalValue("timerlock.jdbc.table", String.class).orElse("shedlock");
    if (!TABLE.matcher(table).matches()) {
      return new Locks(node.name(), log.heldHere(), List.of(), "unexpected table name " + table);
    }
    try {
      DataSource dataSource = (DataSource) new InitialContext().lookup(jndi);
      return new Locks(node.name(), log.heldHere(), rows(dataSource, table), table + " in " + jndi);
    } catch (NamingException | SQLException e) {
      return new Locks(node.name(), log.heldHere(), List.of(), "cannot read " + table + ": " + e);
    }
  }

  private static List<LockRow> rows(DataSource dataSource, String table) throws SQLException {
    String sql =
        "SELECT name, locked_at, lock_until, locked_by,"
            + " CASE WHEN lock_until > CURRENT_TIMESTAMP THEN 1 ELSE 0 END FROM "
            + table
            + " ORDER BY name";
    List<LockRow> rows = new ArrayList<>();
    try (Connection c = dataSource.getConnection();
        PreparedStatement s = c.prepareStatement(sql);
        ResultSet r = s.executeQuery()) {
      while (r.next()) {
        rows.add(
            new LockRow(
                r.getString(1), r.getString(2), r.getString(3), r.getString(4), r.getInt(5) == 1));
      }
    }
    return rows;
  }
}
