package org.timerlock.benchmarks.fleet;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicIntegerArray;
import org.timerlock.benchmarks.Library;
import org.timerlock.benchmarks.Pause;
import org.timerlock.benchmarks.ServerCounters;
import org.timerlock.benchmarks.Stores;
import org.timerlock.teststores.PrivateServer;
import org.timerlock.teststores.StoreKind;

/**
 * A fleet on a shared schedule: N nodes, each its own provider with its own connection, M locks,
 * TimerLock and ShedLock on the same stores in the same run. On each fire every node tries every
 * lock, all nodes at once, each going through the locks in the same order; a winner releases at
 * once. Per fire it reports the store's own counters (differences of server-wide counters), the
 * lock runs, and the p50 / p99 of one acquire attempt.
 *
 * <p>Settings (system properties): {@code timerlock.bench.fleet.stores} (default {@code
 * postgres,mariadb,redis}), {@code timerlock.bench.fleet.nodes} ({@code 2,5,10,20}), {@code
 * timerlock.bench.fleet.locks} ({@code 1,100,1000}), {@code timerlock.bench.fleet.fires} ({@code
 * 5}, measured), {@code timerlock.bench.fleet.requests} ({@code fire,plain}: TimerLock's nodes ask
 * for the fire, or make plain calls, which the lease alone decides), {@code
 * timerlock.bench.fleet.private} ({@code true}: each store is a {@link PrivateServer} started for
 * the run, whose counters count only the fleet and whose processor time is reported as {@code
 * server-cpu-ms}; {@code false}: the servers {@link Stores} names) and {@code
 * timerlock.bench.fleet.output} ({@code target/fleet.md}). One unmeasured fire warms each case up
 * after the rows exist.
 *
 * <pre>
 * {@code java -cp benchmarks/stores/target/benchmarks.jar org.timerlock.benchmarks.fleet.FleetBenchmark}
 * </pre>
 */
public final class FleetBenchmark {

  private static final String PREFIX = "timerlock.bench.fleet.";

  /** The tables and key prefixes of this benchmark, one per library, apart from the others'. */
  private static final Map<Library, Stores.Namespace> SPACES =
      Map.of(
          Library.TIMERLOCK, new Stores.Namespace("fleet_tl_lock", "fleet-tl"),
          Library.SHEDLOCK, new Stores.Namespace("fleet_sl_lock", "fleet-sl"));

  /** The schedule's period; fire instants are minutes apart whatever the wall clock does. */
  private static final Duration PERIOD = Duration.ofMinutes(1);

  private FleetBenchmark() {}

  /** What TimerLock's nodes ask for; ShedLock's requests are always {@link #PLAIN}. */
  public enum Request {
    /** A request for the scheduled fire: the store's fire guard refuses a fire it granted. */
    FIRE,
    /** A plain call: the lease alone decides, as with ShedLock. */
    PLAIN
  }

  /**
   * Runs the grid and writes the table.
   *
   * @param args ignored; see the class comment for the settings
   */
  public static void main(String[] args) {
    List<StoreKind> stores =
        list("stores", "postgres,mariadb,redis").stream().map(StoreKind::of).toList();
    List<Integer> nodes = numbers("nodes", "2,5,10,20");
    List<Integer> locks = numbers("locks", "1,100,1000");
    int fires = numbers("fires", "5").get(0);
    List<Request> requests =
        list("requests", "fire,plain").stream()
            .map(r -> Request.valueOf(r.toUpperCase(Locale.ROOT)))
            .toList();
    boolean privateServers = Boolean.parseBoolean(System.getProperty(PREFIX + "private", "true"));
    Path output = Path.of(System.getProperty(PREFIX + "output", "target/fleet.md"));

    List<String> table = new ArrayList<>();
    table.add(
        "| store | library | request | N | M | runs / lock / fire | store counters per fire | acquire p50 µs"
            + " | acquire p99 µs |");
    table.add("|---|---|---|---:|---:|---:|---|---:|---:|");
    System.out.println(table.get(0) + "\n" + table.get(1));
    for (StoreKind store : stores) {
      Stores.around(
          store,
          privateServers,
          server -> {
            for (int m : locks) {
              for (int n : nodes) {
                for (Library library : Library.values()) {
                  for (Request request :
                      library == Library.TIMERLOCK ? requests : List.of(Request.PLAIN)) {
                    FleetResult result = run(store, server, library, request, n, m, fires);
                    String row = result.row(store, library, request, n, m, fires);
                    table.add(row);
                    System.out.println(row);
                  }
                }
              }
            }
          });
    }
    write(output, table);
  }

  /**
   * One case: N nodes, M locks, a warm-up fire, then the measured fires.
   *
   * @param store the store, through {@link Stores}
   * @param server the store's private server, whose processor time is then counted as {@code
   *     server-cpu-ms}; null for a shared one
   * @param library which library
   * @param request whether TimerLock's requests carry the fire
   * @param n nodes
   * @param m locks
   * @param fires measured fires
   * @return the counters and runs of the measured fires
   */
  static FleetResult run(
      StoreKind store,
      PrivateServer server,
      Library library,
      Request request,
      int n,
      int m,
      int fires) {
    Stores.Namespace space = SPACES.get(library);
    FleetTables.reset(store, library, space);
    ExecutorService threads = Executors.newFixedThreadPool(n);
    List<FleetNode> fleet = new ArrayList<>();
    try {
      Instant base = Instant.parse("2030-01-01T00:00:00Z");
      open(fleet, store, library, request, space, n);
      // The rows exist and every connection is open before counting starts: steady state.
      fire(threads, fleet, m, base, null);
      if (store == StoreKind.POSTGRES) {
        // A PostgreSQL backend publishes its statistics when idle, at the latest after 10 s, or
        // at once when it exits: new connections keep the window short, and the counts exact.
        close(fleet);
        open(fleet, store, library, request, space, n);
        // Lets the closed backends exit and publish their statistics.
        Pause.of(Duration.ofSeconds(2));
      }
      Map<String, Long> before = counters(store, server);
      long[] latencies = new long[fires * n * m];
      int fewest = Integer.MAX_VALUE;
      int most = 0;
      long total = 0;
      for (int f = 1; f <= fires; f++) {
        AtomicIntegerArray runs =
            fire(
                threads,
                fleet,
                m,
                base.plus(PERIOD.multipliedBy(f)),
                new Recorder(latencies, (f - 1) * n * m, m));
        for (int lock = 0; lock < m; lock++) {
          fewest = Math.min(fewest, runs.get(lock));
          most = Math.max(most, runs.get(lock));
          total += runs.get(lock);
        }
      }
      if (store == StoreKind.POSTGRES) {
        close(fleet);
        // Lets the closed backends exit and publish their statistics.
        Pause.of(Duration.ofSeconds(2));
      }
      Map<String, Long> after = counters(store, server);
      return new FleetResult(
          before, ServerCounters.delta(store, before, after), total, fewest, most, latencies);
    } finally {
      threads.shutdown();
      close(fleet);
      FleetTables.drop(store, space);
    }
  }

  private static Map<String, Long> counters(StoreKind store, PrivateServer server) {
    Map<String, Long> counters = new LinkedHashMap<>(ServerCounters.read(store));
    if (server != null) {
      counters.put("server-cpu-ms", server.cpuMillis());
    }
    return counters;
  }

  private static void open(
      List<FleetNode> fleet,
      StoreKind store,
      Library library,
      Request request,
      Stores.Namespace space,
      int n) {
    for (int i = 0; i < n; i++) {
      fleet.add(FleetNode.open(store, library, space, "fleet-" + i, request));
    }
  }

  private static void close(List<FleetNode> fleet) {
    fleet.forEach(FleetNode::close);
    fleet.clear();
  }

  /**
   * One fire: every node tries every lock, the nodes in parallel.
   *
   * @return how many times each lock was won (once when the store guards the fire)
   */
  private static AtomicIntegerArray fire(
      ExecutorService threads, List<FleetNode> fleet, int m, Instant fire, Recorder recorder) {
    AtomicIntegerArray runs = new AtomicIntegerArray(m);
    List<Future<?>> done = new ArrayList<>();
    for (int i = 0; i < fleet.size(); i++) {
      FleetNode node = fleet.get(i);
      int index = i;
      done.add(
          threads.submit(
              () -> {
                for (int lock = 0; lock < m; lock++) {
                  long start = System.nanoTime();
                  Optional<Runnable> held = node.tryLock("fleet-job-" + lock, fire);
                  long took = System.nanoTime() - start;
                  if (recorder != null) {
                    recorder.record(index, lock, took);
                  }
                  if (held.isPresent()) {
                    runs.incrementAndGet(lock);
                    held.get().run();
                  }
                }
              }));
    }
    try {
      for (Future<?> node : done) {
        node.get();
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    } catch (ExecutionException e) {
      throw new IllegalStateException("A node failed on fire " + fire, e.getCause());
    }
    return runs;
  }

  /** Where each node's attempts of one fire go: a slot per node and lock. */
  private record Recorder(long[] latencies, int offset, int m) {
    void record(int node, int lock, long nanos) {
      latencies[offset + node * m + lock] = nanos;
    }
  }

  /**
   * The store's counters, runs and latencies of one case.
   *
   * @param start the counters before the measured fires
   * @param counters each counter's increase over the measured fires
   * @param runs how many times a lock ran, all locks and fires
   * @param fewestRuns the fewest times one lock ran in one fire
   * @param mostRuns the most times one lock ran in one fire
   * @param latencies every acquire attempt, nanoseconds
   */
  record FleetResult(
      Map<String, Long> start,
      Map<String, Long> counters,
      long runs,
      int fewestRuns,
      int mostRuns,
      long[] latencies) {
    String row(StoreKind store, Library library, Request request, int n, int m, int fires) {
      StringBuilder perFire = new StringBuilder();
      counters.forEach(
          (name, value) -> {
            double per = value / (double) fires;
            // Redis lists every command the server ever ran; keep those this case used. The WAL
            // position is for pg_waldump, its advance close to wal-bytes.
            if ((store != StoreKind.REDIS || per >= 0.05) && !name.equals("wal-position")) {
              perFire
                  .append(perFire.length() == 0 ? "" : ", ")
                  .append(name)
                  .append(' ')
                  .append(String.format(Locale.ROOT, "%.1f", per));
            }
          });
      long[] sorted = latencies.clone();
      Arrays.sort(sorted);
      return String.format(
          Locale.ROOT,
          "| %s | %s | %s | %d | %d | %.2f | %s | %d | %d |",
          store.id(),
          library.id(),
          request.name().toLowerCase(Locale.ROOT),
          n,
          m,
          runs / (double) fires / m,
          perFire,
          percentile(sorted, 0.50) / 1000,
          percentile(sorted, 0.99) / 1000);
    }

    private static long percentile(long[] sorted, double p) {
      return sorted[Math.min(sorted.length - 1, (int) Math.ceil(p * sorted.length) - 1)];
    }
  }

  private static List<String> list(String key, String fallback) {
    return Arrays.stream(System.getProperty(PREFIX + key, fallback).split(","))
        .map(String::trim)
        .filter(s -> !s.isEmpty())
        .toList();
  }

  private static List<Integer> numbers(String key, String fallback) {
    List<Integer> numbers = new ArrayList<>();
    for (String value : list(key, fallback)) {
      try {
        int number = Integer.parseInt(value);
        if (number < 1) {
          throw new NumberFormatException();
        }
        numbers.add(number);
      } catch (NumberFormatException e) {
        throw new IllegalArgumentException(
            "FleetBenchmark.main: "
                + PREFIX
                + key
                + " must list positive integers, got '"
                + value
                + "'");
      }
    }
    if (numbers.isEmpty()) {
      throw new IllegalArgumentException("FleetBenchmark.main: " + PREFIX + key + " is empty");
    }
    return numbers;
  }

  private static void write(Path output, List<String> table) {
    try {
      if (output.getParent() != null) {
        Files.createDirectories(output.getParent());
      }
      Files.write(output, table);
      System.out.println("Written to " + output.toAbsolutePath());
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot write " + output, e);
    }
  }
}
