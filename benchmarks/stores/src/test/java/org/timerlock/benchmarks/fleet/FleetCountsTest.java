package org.timerlock.benchmarks.fleet;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.timerlock.benchmarks.Library;
import org.timerlock.benchmarks.Stores;
import org.timerlock.teststores.PrivateServer;
import org.timerlock.teststores.StoreKind;

/**
 * The fleet on stores of its own ({@link PrivateServer}), so that the server-wide counters count
 * only the fleet: with TimerLock's requests for a fire, every lock runs once per fire, and the
 * store's writes per fire are those of one acquisition and one release per lock, whether 2 or 6
 * nodes ask; with its plain calls every write is a run's acquisition or release. Counts, not
 * timings.
 */
class FleetCountsTest {

  private static final int LOCKS = 40;
  private static final int FIRES = 3;

  /** One acquisition and one release per lock and fire. */
  private static final long WRITES = 2L * LOCKS * FIRES;

  @Test
  void postgresWritesTheSameHeapRecordsPerFireForTwoAndSixNodes() {
    forTwoAndSixNodes(
        StoreKind.POSTGRES,
        (server, n) ->
            assertOnlyRunsWrote(
                server,
                runOnce(StoreKind.POSTGRES, server, n),
                WRITES,
                (long) (n - 1) * LOCKS * FIRES));
  }

  /**
   * Plain calls, which the lease alone decides: a lock may run more than once per fire (a node that
   * asks after the winner released takes it again), and every heap write is still an acquisition's
   * or a release's.
   */
  @Test
  void postgresWritesOnlyForRunsWithPlainCalls() {
    forTwoAndSixNodes(
        StoreKind.POSTGRES,
        (server, n) -> {
          FleetBenchmark.FleetResult fleet = runPlain(StoreKind.POSTGRES, server, n);
          assertOnlyRunsWrote(
              server, fleet, 2 * fleet.runs(), (long) n * LOCKS * FIRES - fleet.runs());
        });
  }

  /**
   * Every heap write of the measured fires is an acquisition's or a release's update: none is a
   * refusal's, however many nodes were refused.
   */
  private static void assertOnlyRunsWrote(
      PrivateServer server, FleetBenchmark.FleetResult fleet, long writes, long refusals) {
    Map<String, Long> records = walRecords(server, fleet);
    long updates = count(records, "Heap/UPDATE") + count(records, "Heap/HOT_UPDATE");
    assertThat(updates).as("heap updates: %s", records).isEqualTo(writes);
    assertThat(count(records, "Heap/INSERT")).as("heap inserts: %s", records).isZero();
    assertThat(count(records, "Heap/DELETE")).as("heap deletes: %s", records).isZero();
    assertRefusalsTookNoTransactionIds(fleet, records, writes, refusals);
  }

  /**
   * Each write (an acquisition or a release) takes a transaction id; a refusal takes none, however
   * many nodes race for the fire: an acquire waits for the lock's turn (an advisory lock that the
   * winner's acquire holds until its commit) before its statement reads the row, so that a refusal
   * finds the take-over committed and locks nothing, and one that meets a take-over still
   * uncommitted skips the row. Every acquisition locks its row before updating it: one Heap/LOCK
   * each, and no other.
   */
  private static void assertRefusalsTookNoTransactionIds(
      FleetBenchmark.FleetResult fleet, Map<String, Long> records, long writes, long refusals) {
    long xids = fleet.counters().get("xids");
    System.out.printf(
        "PostgreSQL fleet: %d writes, %d refusals, %d transaction ids, %d Heap/LOCK records%n",
        writes, refusals, xids, count(records, "Heap/LOCK"));
    assertThat(xids).as("transaction ids of %d refusals: %s", refusals, records).isEqualTo(writes);
    assertThat(count(records, "Transaction/COMMIT")).as("commit records").isEqualTo(xids);
    long acquisitions = writes / 2;
    // An update that moves the row to another page may log a lock of the old version too.
    long movedUpdates = writes;
    assertThat(count(records, "Heap/LOCK"))
        .as("row locks: acquisitions only: %s", records)
        .isLessThanOrEqualTo(acquisitions + movedUpdates);
  }

  @Test
  void mariadbLogsOnlyTheRunsWithPlainCalls() {
    forTwoAndSixNodes(
        StoreKind.MARIADB,
        (server, n) -> {
          FleetBenchmark.FleetResult fleet = runPlain(StoreKind.MARIADB, server, n);
          Map<String, Long> counters = fleet.counters();
          long writes = 2 * fleet.runs();
          long refusals = (long) n * LOCKS * FIRES - fleet.runs();
          assertThat(counters.get("binlog-commits")).as("binary-log commits").isEqualTo(writes);
          assertThat(counters.get("handler-updates")).as("row updates").isEqualTo(writes);
          assertThat(counters.get("trx-ids")).as("InnoDB ids").isEqualTo(2 * writes + refusals);
        });
  }

  @Test
  void mariadbLogsTheSameBinaryLogPerFireForTwoAndSixNodes() {
    forTwoAndSixNodes(
        StoreKind.MARIADB,
        (server, n) -> {
          Map<String, Long> counters = runOnce(StoreKind.MARIADB, server, n).counters();
          assertThat(counters.get("binlog-commits")).as("binary-log commits").isEqualTo(WRITES);
          assertThat(counters.get("handler-updates")).as("row updates").isEqualTo(WRITES);
          // What a refusal still costs on MariaDB: one InnoDB transaction id each (a write takes
          // two, its id and its serialisation number), nothing logged.
          assertThat(counters.get("trx-ids")).isEqualTo(2 * WRITES + (n - 1L) * LOCKS * FIRES);
        });
  }

  @Test
  void redisWritesTheSameKeysPerFireForTwoAndSixNodes() {
    forTwoAndSixNodes(
        StoreKind.REDIS,
        (server, n) -> {
          Map<String, Long> counters = runOnce(StoreKind.REDIS, server, n).counters();
          long grants = WRITES / 2;
          assertThat(counters.get("set")).as("grants with %d nodes", n).isEqualTo(grants);
          // One HSET in each grant's script (fire and token) and one in each release's (the last
          // run): more state written, in the same one command per grant and per release.
          assertThat(counters.get("hset")).as("fire and run records").isEqualTo(2 * grants);
          assertThat(counters.get("del")).as("releases").isEqualTo(grants);
          assertThat(counters.get("evalsha")).as("scripts").isEqualTo((n + 1L) * LOCKS * FIRES);
        });
  }

  /** What one test checks with one fleet size, on the store's private server. */
  private interface FleetCase {
    void check(PrivateServer server, int n);
  }

  /** Runs the case with 2 and then 6 nodes, on one private server of the store. */
  private static void forTwoAndSixNodes(StoreKind store, FleetCase fleetCase) {
    try (PrivateServer server = store.privateServer()) {
      Stores.redirect(server.storeAddress());
      for (int n : new int[] {2, 6}) {
        fleetCase.check(server, n);
      }
    } finally {
      Stores.restore(store);
    }
  }

  private static FleetBenchmark.FleetResult runOnce(StoreKind store, PrivateServer server, int n) {
    FleetBenchmark.FleetResult fleet =
        FleetBenchmark.run(
            store, server, Library.TIMERLOCK, FleetBenchmark.Request.FIRE, n, LOCKS, FIRES);
    assertThat(fleet.fewestRuns()).as("fewest runs of a lock in a fire, %d nodes", n).isEqualTo(1);
    assertThat(fleet.mostRuns()).as("most runs of a lock in a fire, %d nodes", n).isEqualTo(1);
    return fleet;
  }

  private static FleetBenchmark.FleetResult runPlain(StoreKind store, PrivateServer server, int n) {
    FleetBenchmark.FleetResult fleet =
        FleetBenchmark.run(
            store, server, Library.TIMERLOCK, FleetBenchmark.Request.PLAIN, n, LOCKS, FIRES);
    assertThat(fleet.fewestRuns()).as("fewest runs of a lock in a fire, %d nodes", n).isPositive();
    return fleet;
  }

  /** pg_waldump's record counts by type over the measured fires, e.g. {@code Heap/UPDATE}. */
  private static Map<String, Long> walRecords(
      PrivateServer server, FleetBenchmark.FleetResult fleet) {
    long start = fleet.start().get("wal-position");
    long end = start + fleet.counters().get("wal-position");
    Path bin =
        Path.of(System.getProperty("timerlock.bench.postgres.bin", "/usr/lib/postgresql/15/bin"));
    String output =
        run(
            bin.resolve("pg_waldump").toString(),
            "-p",
            server.directory().resolve("data/pg_wal").toString(),
            "-s",
            lsn(start),
            "-e",
            lsn(end),
            "--stats=record");
    Map<String, Long> records = new LinkedHashMap<>();
    for (String line : output.split("\n")) {
      String[] fields = line.trim().split("\\s+");
      if (fields.length > 2 && fields[0].contains("/") && fields[1].matches("\\d+")) {
        records.put(fields[0], Long.parseLong(fields[1]));
      }
    }
    return records;
  }

  /** Records of this type, with or without a suffix such as {@code +INIT} (a new page). */
  private static long count(Map<String, Long> records, String type) {
    return records.entrySet().stream()
        .filter(e -> e.getKey().equals(type) || e.getKey().startsWith(type + "+"))
        .mapToLong(Map.Entry::getValue)
        .sum();
  }

  private static String lsn(long position) {
    return Long.toHexString(position >>> 32).toUpperCase()
        + "/"
        + Long.toHexString(position & 0xffffffffL).toUpperCase();
  }

  private static String run(String... command) {
    try {
      Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
      String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
      assertThat(process.waitFor(60, TimeUnit.SECONDS)).as("%s ended", command[0]).isTrue();
      assertThat(process.exitValue()).as("%s: %s", String.join(" ", command), output).isZero();
      return output;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }
}
