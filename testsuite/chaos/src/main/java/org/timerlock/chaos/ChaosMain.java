package org.timerlock.chaos;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Runs the same seed with the guard and fencing on, then off, on each store, and writes a side by
 * side summary.
 *
 * <pre>
 * java -cp ... org.timerlock.chaos.ChaosMain [--stores=postgres,redis,redis-volatile] [--seconds=180]
 *     [--seed=20261101] [--out=testsuite/chaos/target/chaos-long] [--short]
 * </pre>
 *
 * <p>Exits with 0 when every guarded run kept its promises (no fire ran twice where the provider
 * has the fire guard, no stale write accepted where it has fencing tokens), 1 when one did not, 2
 * on a usage error.
 */
public final class ChaosMain {

  private ChaosMain() {}

  /**
   * Runs from the command line.
   *
   * @param args see the class description
   * @throws Exception when a run cannot be carried out
   */
  public static void main(String[] args) throws Exception {
    List<Store> stores = List.of(Store.POSTGRES, Store.REDIS, Store.REDIS_VOLATILE);
    long seconds = 180;
    long seed = ChaosSettings.DEFAULT_SEED;
    boolean shortRun = false;
    Path out = Path.of("target", "chaos-long");
    for (String a : args) {
      if (a.startsWith("--stores=")) {
        List<Store> chosen = new ArrayList<>();
        for (String s : a.substring("--stores=".length()).split(",")) {
          chosen.add(Store.of(s));
        }
        stores = chosen;
      } else if (a.startsWith("--seconds=")) {
        seconds = Long.parseLong(a.substring("--seconds=".length()));
      } else if (a.startsWith("--seed=")) {
        seed = Long.parseLong(a.substring("--seed=".length()));
      } else if (a.startsWith("--out=")) {
        out = Path.of(a.substring("--out=".length()));
      } else if (a.equals("--short")) {
        shortRun = true;
      } else {
        System.err.println(
            "Usage: ChaosMain [--stores=postgres,redis,redis-volatile] [--seconds=180] [--seed=N] [--out=DIR]"
                + " [--short]");
        System.exit(2);
        return;
      }
    }
    ChaosSettings settings =
        shortRun ? ChaosSettings.shortRun(seed) : ChaosSettings.longRun(seed, seconds);
    long started = System.nanoTime();
    Map<Store, List<RunReport>> reports = new LinkedHashMap<>();
    for (Store store : stores) {
      reports.put(store, runStore(settings, store, out, System.out));
    }
    writeSummary(out, reports);
    System.out.println();
    System.out.println(summary(reports));
    System.out.printf(
        "Chaos runs took %d s; reports in %s%n",
        Duration.ofNanos(System.nanoTime() - started).toSeconds(), out.toAbsolutePath());
    boolean ok = true;
    for (List<RunReport> rs : reports.values()) {
      for (String problem : Verdicts.problems(rs.get(0))) {
        System.out.println("FAILED: " + problem);
        ok = false;
      }
    }
    System.exit(ok ? 0 : 1);
  }

  /**
   * Runs one store with the guard and fencing on, then off, with the same seed.
   *
   * @param settings the run's shape and seed
   * @param store the lock store
   * @param out the directory for the runs' logs and reports
   * @param progress where to print what happens
   * @return the guarded report, then the lease-only one
   * @throws Exception when a run cannot be carried out
   */
  public static List<RunReport> runStore(
      ChaosSettings settings, Store store, Path out, PrintStream progress) throws Exception {
    List<RunReport> reports = new ArrayList<>();
    for (Mode mode : Mode.values()) {
      long started = System.nanoTime();
      Path dir = out.resolve(store.id() + "-" + (mode.guarded() ? "on" : "off"));
      RunReport report = new ChaosRun(settings, store, mode, dir, progress).run();
      progress.printf(
          "[chaos] %s, %s: done in %d s, %d fires run twice, %d stale writes accepted; %s%n",
          store.label(),
          mode.label(),
          Duration.ofNanos(System.nanoTime() - started).toSeconds(),
          report.fires().runTwice(),
          report.writes().staleAccepted(),
          dir.resolve("report.md"));
      reports.add(report);
    }
    return reports;
  }

  /**
   * The side by side tables of every store.
   *
   * @param reports per store, the guarded report then the lease-only one
   * @return Markdown
   */
  public static String summary(Map<Store, List<RunReport>> reports) {
    StringBuilder sb = new StringBuilder();
    for (List<RunReport> rs : reports.values()) {
      sb.append(RunReportMarkdown.sideBySide(rs)).append('\n');
    }
    return sb.toString();
  }

  /**
   * Writes {@code summary.md} (the tables, then each run's details) and {@code summary.json}.
   *
   * @param out the directory
   * @param reports per store, the guarded report then the lease-only one
   * @throws IOException when the files cannot be written
   */
  public static void writeSummary(Path out, Map<Store, List<RunReport>> reports)
      throws IOException {
    Files.createDirectories(out);
    StringBuilder md = new StringBuilder("# TimerLock chaos runs\n\n");
    md.append(summary(reports));
    List<Object> json = new ArrayList<>();
    for (List<RunReport> rs : reports.values()) {
      for (RunReport r : rs) {
        md.append('\n').append(RunReportMarkdown.section(r));
        json.add(r.toMap());
      }
    }
    Files.writeString(out.resolve("summary.md"), md.toString());
    Files.writeString(out.resolve("summary.json"), Json.write(json));
  }
}
