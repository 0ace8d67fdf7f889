package org.timerlock.jdbc;

import static org.assertj.core.api.Assertions.assertThat;

import com.zaxxer.hikari.HikariDataSource;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.timerlock.core.LockConfiguration;

/** The line logged when the provider creates its table names the table once, with the store. */
class CreatedTableLogTest {

  @RegisterExtension final ProviderLog log = new ProviderLog();

  @Test
  void theCreatedTableIsNamedOnce() {
    String table = Pools.unique("created_log");
    try (HikariDataSource pool =
            Pools.pool("jdbc:h2:mem:" + table + ";DB_CLOSE_DELAY=-1", "sa", "", 1);
        JdbcLockProvider provider =
            JdbcLockProvider.builder()
                .dataSource(pool)
                .dataSourceDescription("test pool")
                .tableName(table)
                .build()) {
      provider.lock(LockConfiguration.of("created", Duration.ofMinutes(1))).orElseThrow().unlock();
    }

    assertThat(log.messages())
        .filteredOn(m -> m.startsWith("TIMERLOCK-310 Created lock table"))
        .containsExactly("TIMERLOCK-310 Created lock table " + table + " on H2 (test pool)");
  }
}
