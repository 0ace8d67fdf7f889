package org.timerlock.jdbc;

import static org.assertj.core.api.Assertions.assertThat;

import com.zaxxer.hikari.HikariDataSource;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicIntegerArray;
import org.junit.jupiter.api.Test;
import org.timerlock.core.LockAttempt;
import org.timerlock.core.LockConfiguration;
import org.timerlock.teststores.IsolatedDatabase;
import org.timerlock.teststores.StoreKind;
import org.timerlock.teststores.TestStores;

/**
 * Every node asks for the same fire at the same instant, fire after fire: each fire runs exactly
 * once, and every other node is refused. On MariaDB every node that lost the race hears "already
 * ran", also when its statement began before the winner's had committed (the first fire of all
 * races to insert the row): it waits for the winner's row lock and reads the committed row. On
 * PostgreSQL such a loser hears "held elsewhere": it skips the row the winner is taking rather than
 * wait and lock the new version, which would cost it a transaction id and a WAL flush ({@link
 * RacingRefusalTest}); a loser that starts after the commit hears "already ran".
 */
class FireRaceTest {

  private static final int NODES = 8;
  private static final int FIRES = 100;
  private static final Instant FIRST = Instant.parse("2030-01-01T00:00:00Z");

  @Test
  void postgres() throws Exception {
    race(StoreKind.POSTGRES);
  }

  @Test
  void mariaDb() throws Exception {
    race(StoreKind.MARIADB);
  }

  private void race(StoreKind kind) throws Exception {
    List<HikariDataSource> pools = new ArrayList<>();
    List<JdbcLockProvider> nodes = new ArrayList<>();
    ExecutorService threads = Executors.newFixedThreadPool(NODES);
    try (IsolatedDatabase db = TestStores.isolatedDatabase(kind, getClass())) {
      for (int n = 0; n < NODES; n++) {
        HikariDataSource pool = Pools.pool(db, 1);
        pools.add(pool);
        JdbcLockProvider node =
            JdbcLockProvider.builder().dataSource(pool).nodeId("node-" + n).build();
        nodes.add(node);
        // Warm-up: every node has looked at the table before the race, not during it.
        node.lock(LockConfiguration.of("warm-up-" + n, Duration.ofMillis(1)));
      }
      AtomicIntegerArray taken = new AtomicIntegerArray(FIRES);
      AtomicIntegerArray alreadyRan = new AtomicIntegerArray(FIRES);
      AtomicIntegerArray heldElsewhere = new AtomicIntegerArray(FIRES);
      CyclicBarrier start = new CyclicBarrier(NODES);
      LockConfiguration job = LockConfiguration.of("raced-job", Duration.ofMinutes(5));
      List<Future<?>> runs = new ArrayList<>();
      for (JdbcLockProvider node : nodes) {
        runs.add(
            threads.submit(
                () -> {
                  for (int f = 0; f < FIRES; f++) {
                    start.await(30, TimeUnit.SECONDS);
                    LockAttempt attempt = node.tryLock(job.forFire(FIRST.plusSeconds(60L * f)));
                    switch (attempt.outcome()) {
                      case ACQUIRED -> {
                        taken.incrementAndGet(f);
                        attempt.lock().orElseThrow().unlock();
                      }
                      case ALREADY_RAN -> alreadyRan.incrementAndGet(f);
                      case HELD_ELSEWHERE -> heldElsewhere.incrementAndGet(f);
                    }
                  }
                  return null;
                }));
      }
      for (Future<?> run : runs) {
        run.get(5, TimeUnit.MINUTES);
      }
      int refusals = 0;
      int held = 0;
      List<Integer> heldFires = new ArrayList<>();
      for (int f = 0; f < FIRES; f++) {
        assertThat(taken.get(f)).as("runs of fire %d", f).isOne();
        refusals += alreadyRan.get(f) + heldElsewhere.get(f);
        held += heldElsewhere.get(f);
        if (heldElsewhere.get(f) > 0) {
          heldFires.add(f);
        }
      }
      System.out.printf(
          "%s: %d fires x %d nodes: each fire ran once; %d refusals, %d ALREADY_RAN, %d"
              + " HELD_ELSEWHERE (fires %s)%n",
          kind, FIRES, NODES, refusals, refusals - held, held, heldFires);
      assertThat(refusals).isEqualTo(FIRES * (NODES - 1));
      if (kind == StoreKind.MARIADB) {
        assertThat(held).as("refusals of a fire another node took, reported as held").isZero();
      }
    } finally {
      threads.shutdownNow();
      nodes.forEach(JdbcLockProvider::close);
      pools.forEach(HikariDataSource::close);
    }
  }
}
