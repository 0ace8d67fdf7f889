package org.timerlock.servertests;

import jakarta.annotation.PostConstruct;
import jakarta.annotation.Resource;
import jakarta.ejb.Singleton;
import jakarta.ejb.Startup;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import javax.sql.DataSource;

/** Creates the table the failing job writes to, outside any transaction. */
@Startup
@Singleton
@TransactionAttribute(TransactionAttributeType.NOT_SUPPORTED)
public class ProbeSchema {

  public static final String TABLE = "probe_writes";

  @Resource(lookup = "java:comp/DefaultDataSource")
  DataSource dataSource;

  @PostConstruct
  void create() {
    try (Connection c = dataSource.getConnection();
        Statement s = c.createStatement()) {
      s.execute("CREATE TABLE IF NOT EXISTS " + TABLE + " (written_at TIMESTAMP NOT NULL)");
    } catch (SQLException e) {
      throw new IllegalStateException(e);
    }
  }
}
