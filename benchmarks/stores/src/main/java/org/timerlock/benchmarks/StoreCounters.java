package org.timerlock.benchmarks;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import org.timerlock.teststores.PrivateServer;
import org.timerlock.teststores.StoreKind;

/**
 * What one locked run and one refused acquire cost the store, counted on the server: statements and
 * commits on MariaDB, transactions and WAL flushes on PostgreSQL, commands on Redis. Not a
 * benchmark: it runs each case a fixed number of times and divides the server's counters by it.
 *
 * <p>By default each store is a {@link PrivateServer} started for the run, so that the server-wide
 * counters count only these operations, and the server's processor time per operation is reported
 * too ({@code server-cpu-µs}). With {@code -Dtimerlock.bench.counters.private=false} it uses the
 * servers {@link Stores} names, which should then be otherwise idle.
 *
 * <pre>{@code java -cp target/benchmarks.jar org.timerlock.benchmarks.StoreCounters}</pre>
 */
public final class StoreCounters {

  private static final int WARMUP = 200;
  private static final int COUNT = 2000;
  private static final Stores.Namespace NAMESPACE =
      new Stores.Namespace("bench_count_lock", "bench-count");

  private StoreCounters() {}

  /**
   * Prints a Markdown table of per-operation counts.
   *
   * @param args ignored
   */
  public static void main(String[] args) {
    System.out.println("| store | library | case | per operation |");
    System.out.println("|---|---|---|---|");
    boolean privateServers =
        Boolean.parseBoolean(System.getProperty("timerlock.bench.counters.private", "true"));
    for (StoreKind store : StoreKind.values()) {
      Stores.around(store, privateServers, server -> measureStore(store, server));
    }
  }

  private static void measureStore(StoreKind store, PrivateServer server) {
    for (Library library : Library.values()) {
      Stores.prepare(store, NAMESPACE);
      try (Contender node = Contenders.open(store, library, NAMESPACE, "count-a");
          Contender other = Contenders.open(store, library, NAMESPACE, "count-b")) {
        Contender.Held held = other.hold("count-held");
        Contender.Job run = node.job("count-run");
        Contender.Job refused = node.job("count-held");
        for (int i = 0; i < WARMUP; i++) {
          run.run();
          refused.run();
        }
        print(store, library, "lockedRun", measure(store, server, run, true));
        print(store, library, "refusedAcquire", measure(store, server, refused, false));
        held.release();
      }
    }
  }

  private static Map<String, Double> measure(
      StoreKind store, PrivateServer server, Contender.Job job, boolean expected) {
    Map<String, Long> before = counters(store, server);
    for (int i = 0; i < COUNT; i++) {
      if (job.run() != expected) {
        throw new IllegalStateException("Unexpected outcome: " + !expected);
      }
    }
    Map<String, Long> after = counters(store, server);
    Map<String, Double> perOperation = new LinkedHashMap<>();
    ServerCounters.delta(store, before, after)
        .forEach(
            (name, value) -> {
              double delta = value / (double) COUNT;
              if (store != StoreKind.REDIS || delta >= 0.005) {
                perOperation.put(name, delta);
              }
            });
    return perOperation;
  }

  private static Map<String, Long> counters(StoreKind store, PrivateServer server) {
    if (store == StoreKind.POSTGRES) {
      // PostgreSQL backends publish their statistics when idle for 10 s, not at every commit.
      Pause.of(Duration.ofSeconds(11));
    }
    Map<String, Long> counters = new LinkedHashMap<>(ServerCounters.read(store));
    if (server != null) {
      counters.put("server-cpu-µs", server.cpuMillis() * 1000);
    }
    return counters;
  }

  private static void print(
      StoreKind store, Library library, String benchmark, Map<String, Double> perOperation) {
    StringBuilder counts = new StringBuilder();
    perOperation.forEach(
        (name, value) ->
            counts
                .append(counts.length() == 0 ? "" : ", ")
                .append(name)
                .append(' ')
                .append(String.format(java.util.Locale.ROOT, "%.2f", value)));
    System.out.println(
        "| " + store.id() + " | " + library.id() + " | " + benchmark + " | " + counts + " |");
  }
}
