package org.timerlock.benchmarks;

import static org.assertj.core.api.Assertions.assertThat;

import com.zaxxer.hikari.HikariDataSource;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.timerlock.core.LockConfiguration;
import org.timerlock.core.SimpleLock;
import org.timerlock.jdbc.JdbcLockProvider;
import org.timerlock.teststores.PrivateServer;
import org.timerlock.teststores.StoreKind;

/**
 * What TimerLock's refusals cost a database server of its own ({@link PrivateServer}), read from
 * the server-wide counters, which nothing else moves: no WAL, no redo, no binary log, no row
 * written. On MariaDB each refusal still takes one InnoDB transaction id (see {@code
 * docs/providers/jdbc.md}, "What a refusal costs"); on PostgreSQL none. Counts, not timings.
 */
class RefusalCountersTest {

  private static final int REFUSALS = 200;
  private static final Instant FIRE = Instant.parse("2030-01-01T00:00:00Z");

  /** Without a fire (a lease alone), and for a later fire of the held lock. */
  enum Request {
    LEASE,
    FIRE
  }

  @ParameterizedTest
  @EnumSource(Request.class)
  void aRefusalOnMariaDbLogsNothingAndTakesOneTransactionId(Request request) {
    Map<String, Long> delta = refusals(StoreKind.MARIADB, request);
    assertThat(delta.get("redo-bytes")).as("redo log bytes: %s", delta).isZero();
    assertThat(delta.get("binlog-commits")).as("binary-log commits: %s", delta).isZero();
    assertThat(delta.get("binlog-bytes")).as("binary-log bytes: %s", delta).isZero();
    assertThat(delta.get("handler-updates")).as("rows updated: %s", delta).isZero();
    assertThat(delta.get("trx-ids")).as("InnoDB transaction ids: %s", delta).isEqualTo(REFUSALS);
  }

  @ParameterizedTest
  @EnumSource(Request.class)
  void aRefusalOnPostgresWritesNoWalAndTakesNoTransactionId(Request request) {
    Map<String, Long> delta = refusals(StoreKind.POSTGRES, request);
    assertThat(delta.get("xids")).as("transaction ids: %s", delta).isZero();
    assertThat(delta.get("wal-position")).as("WAL bytes: %s", delta).isZero();
  }

  /** Holds a lock on one node and has another request it {@link #REFUSALS} times. */
  private static Map<String, Long> refusals(StoreKind store, Request request) {
    try (PrivateServer server = store.privateServer()) {
      Stores.redirect(server.storeAddress());
      try (HikariDataSource holderPool = Stores.pool(store, "refusal-holder");
          HikariDataSource refuserPool = Stores.pool(store, "refusal-refuser")) {
        JdbcLockProvider holder = provider(holderPool, "holder", true);
        JdbcLockProvider refuser = provider(refuserPool, "refuser", false);
        SimpleLock held = holder.lock(configuration(request, FIRE)).orElseThrow();
        LockConfiguration later = configuration(request, FIRE.plusSeconds(60));
        // Warm the refusing node's pool and statements up, then count.
        assertThat(refuser.lock(later)).as("refused while held").isEmpty();
        Map<String, Long> before = settled(store);
        for (int i = 0; i < REFUSALS; i++) {
          assertThat(refuser.lock(later)).as("refusal %d", i).isEmpty();
        }
        Map<String, Long> delta = ServerCounters.delta(store, before, ServerCounters.read(store));
        held.unlock();
        return delta;
      } finally {
        Stores.restore(store);
      }
    }
  }

  /**
   * The counters once the server's background work on what came before (InnoDB's purge of the
   * holder's transaction) has ended: the log position unchanged for half a second.
   */
  private static Map<String, Long> settled(StoreKind store) {
    String log = store == StoreKind.MARIADB ? "redo-bytes" : "wal-position";
    long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
    Map<String, Long> last = ServerCounters.read(store);
    while (true) {
      Pause.of(Duration.ofMillis(500));
      Map<String, Long> now = ServerCounters.read(store);
      if (now.get(log).equals(last.get(log))) {
        return now;
      }
      assertThat(System.nanoTime() - deadline).as("%s still moving after 30 s", log).isNegative();
      last = now;
    }
  }

  private static JdbcLockProvider provider(HikariDataSource pool, String node, boolean create) {
    return JdbcLockProvider.builder()
        .dataSource(pool)
        .tableName("refusal_lock")
        .createTable(create)
        .nodeId(node)
        .build();
  }

  private static LockConfiguration configuration(Request request, Instant fire) {
    LockConfiguration lease = LockConfiguration.of("held", Duration.ofMinutes(30));
    return request == Request.FIRE ? lease.forFire(fire) : lease;
  }
}
