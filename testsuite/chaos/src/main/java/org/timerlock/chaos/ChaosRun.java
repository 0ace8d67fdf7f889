package org.timerlock.chaos;

import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.sql.Connection;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.timerlock.core.LockConfiguration;
import org.timerlock.core.LockProvider;
import org.timerlock.teststores.IsolatedDatabase;
import org.timerlock.teststores.RedisServerProcess;
import org.timerlock.teststores.StoreKind;
import org.timerlock.teststores.TestStores;

/**
 * One chaos run: one store, one mode, one seed. Starts the node JVMs, injects the planned faults,
 * waits for the nodes to finish, and analyses what they logged and what the fenced resource
 * accepted.
 *
 * <p>PostgreSQL comes from the test stores' rules ({@code TIMERLOCK_TEST_POSTGRES_URL}, else a
 * container when Docker answers, else 127.0.0.1:5432 db {@code test} user {@code postgres}); each
 * run gets a schema of its own, dropped at the end. The Redis run starts a private {@code
 * redis-server} on a free port, which it restarts; the shared Redis is never used.
 */
public final class ChaosRun {

  /** The lock every node takes. */
  static final String LOCK_NAME = "chaos-job";

  private static final List<String> NODE_JVM_OPTIONS =
      List.of("-Xms32m", "-Xmx128m", "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1", "-Xss512k");

  private final ChaosSettings settings;
  private final Store store;
  private final Mode mode;
  private final Path dir;
  private final PrintStream progress;

  private final List<NodeProcess> current = new ArrayList<>();
  private final List<NodeProcess> all = new ArrayList<>();
  private final List<RunData.FaultEvent> faultEvents = new ArrayList<>();
  private RedisServerProcess redis;
  private boolean finished;

  /**
   * Prepares a run.
   *
   * @param settings the run's shape and seed
   * @param store the lock store
   * @param mode guarded or lease only
   * @param dir where the logs and the report go; emptied first
   * @param progress where to print what happens
   */
  public ChaosRun(ChaosSettings settings, Store store, Mode mode, Path dir, PrintStream progress) {
    this.settings = settings;
    this.store = store;
    this.mode = mode;
    this.dir = dir;
    this.progress = progress;
  }

  /** One node JVM and what happened to it. */
  private static final class NodeProcess {
    final NodeSpec spec;
    final Process process;
    final long startedAt;
    long endedAt;
    boolean killed;

    NodeProcess(NodeSpec spec, Process process, long startedAt) {
      this.spec = spec;
      this.process = process;
      this.startedAt = startedAt;
    }
  }

  /**
   * Runs, analyses, and writes {@code report.json} and {@code report.md} into the run's directory.
   *
   * @return the report
   * @throws Exception when the run cannot be carried out (a store or a node does not come up)
   */
  public RunReport run() throws Exception {
    clean(dir);
    Files.createDirectories(dir);
    FaultPlan plan = FaultPlan.draw(settings, store);
    IsolatedDatabase db = TestStores.isolatedDatabase(StoreKind.POSTGRES, ChaosRun.class);
    // Interrupted (Ctrl-C, a build's time-out): end the nodes and Redis, and drop the schema.
    Thread cleanup = new Thread(() -> finish(db), "chaos-cleanup");
    Runtime.getRuntime().addShutdownHook(cleanup);
    try {
      return run(db, plan);
    } finally {
      finish(db);
      try {
        Runtime.getRuntime().removeShutdownHook(cleanup);
      } catch (IllegalStateException shuttingDown) {
        // The hook runs anyway.
      }
    }
  }

  /**
   * Ends every node JVM and the private Redis, then drops the schema: a stopped node could hold a
   * row lock that the drop would wait for. Runs once, from the run or from the shutdown hook.
   */
  private void finish(IsolatedDatabase db) {
    synchronized (all) {
      if (finished) {
        return;
      }
      finished = true;
    }
    killEverything();
    db.close();
  }

  private RunReport run(IsolatedDatabase db, FaultPlan plan) throws Exception {
    try (Connection c = db.connect()) {
      Fence.createTables(c);
    }
    String lockUrl;
    String lockUser;
    String lockPassword;
    if (store.redis()) {
      redis = RedisServerProcess.launchIn(dir.resolve("redis"), store.redisPersistence());
      lockUrl = redis.uri();
      lockUser = null;
      lockPassword = null;
    } else {
      lockUrl = db.url();
      lockUser = db.user();
      lockPassword = db.password();
    }
    String namespace = store.redis() ? "chaos" : "chaos_lock";
    Set<String> features = probe(lockUrl, lockUser, lockPassword, namespace);
    progress.printf(
        "[chaos] %s, %s, seed %d: %d nodes, skews %s ms, %d faults planned, provider features %s%n",
        store.label(),
        mode.label(),
        settings.seed(),
        settings.nodes(),
        plan.skews(),
        plan.faults().size(),
        features.isEmpty() ? "none" : features);

    LiveLogs live = new LiveLogs(settings.nodes());
    long deadline = System.currentTimeMillis() + 180_000 + settings.runMillis() * 2;
    for (int i = 0; i < settings.nodes(); i++) {
      NodeSpec spec =
          new NodeSpec(
              i,
              0,
              plan.skews().get(i),
              store,
              lockUrl,
              lockUser,
              LOCK_NAME,
              namespace,
              db.url(),
              db.user(),
              mode.guarded(),
              settings.periodMillis(),
              settings.lockAtMostForMillis(),
              settings.workMinMillis(),
              settings.workMaxMillis(),
              settings.seed(),
              dir,
              deadline);
      current.add(start(spec, lockPassword, db.password()));
      live.follow(i, spec.logFile());
    }
    awaitReady(live);

    long period = settings.periodMillis();
    long windowStart =
        Math.floorDiv(System.currentTimeMillis() + 1_500 + period - 1, period) * period;
    long windowEnd = windowStart + settings.runMillis();
    writeGo(windowStart, windowEnd);

    for (FaultPlan.Fault fault : plan.faults()) {
      long at = windowStart + fault.atMillis();
      sleepUntil(at);
      if (System.currentTimeMillis() > windowEnd - 1_200) {
        progress.printf("[chaos]   no time left for %s and later faults%n", fault.kind());
        break;
      }
      inject(fault, live, lockPassword, db.password(), windowStart);
    }

    sleepUntil(windowEnd + settings.maxSkewMillis() + settings.workMaxMillis() + 500);
    awaitExit(Duration.ofSeconds(60));

    List<Fence.Row> writes = new ArrayList<>();
    try (Connection c = db.connect()) {
      writes.addAll(Fence.journal(c));
      writes.addAll(Fence.refused(c));
    }
    RunData data =
        new RunData(
            store,
            mode,
            settings,
            plan.skews(),
            features,
            windowStart,
            windowEnd,
            incarnations(),
            List.copyOf(faultEvents),
            writes);
    RunReport report = Analysis.analyze(data);
    Files.writeString(dir.resolve("report.json"), Json.write(report.toMap()));
    Files.writeString(dir.resolve("report.md"), RunReportMarkdown.section(report));
    return report;
  }

  private Set<String> probe(String url, String user, String password, String namespace)
      throws Exception {
    LockProvider provider =
        ChaosNode.provider(store, url, user, password, namespace, "chaos-orchestrator");
    try {
      // Creates the JDBC table before the nodes race for it, and lets the provider learn its
      // features.
      provider
          .tryLock(LockConfiguration.of(LOCK_NAME + "-probe", Duration.ofSeconds(5)))
          .lock()
          .ifPresent(l -> l.unlock());
      Set<String> features = new TreeSet<>();
      provider.features().forEach(f -> features.add(f.name()));
      return features;
    } finally {
      if (provider instanceof AutoCloseable c) {
        c.close();
      }
    }
  }

  private NodeProcess start(NodeSpec spec, String lockPassword, String fencePassword)
      throws IOException {
    List<String> command = new ArrayList<>();
    command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    command.addAll(NODE_JVM_OPTIONS);
    command.add("-cp");
    command.add(System.getProperty("java.class.path"));
    command.add(ChaosNode.class.getName());
    command.addAll(spec.toArgs());
    ProcessBuilder pb =
        new ProcessBuilder(command)
            .redirectErrorStream(true)
            .redirectOutput(ProcessBuilder.Redirect.appendTo(spec.outputFile().toFile()));
    if (lockPassword != null) {
      pb.environment().put(NodeSpec.LOCK_PASSWORD_VARIABLE, lockPassword);
    }
    if (fencePassword != null) {
      pb.environment().put(NodeSpec.FENCE_PASSWORD_VARIABLE, fencePassword);
    }
    NodeProcess p = new NodeProcess(spec, pb.start(), System.currentTimeMillis());
    synchronized (all) {
      all.add(p);
    }
    return p;
  }

  private void awaitReady(LiveLogs live) throws InterruptedException {
    long deadline = System.currentTimeMillis() + 120_000;
    while (true) {
      live.poll();
      boolean allReady = true;
      for (int i = 0; i < current.size(); i++) {
        NodeProcess p = current.get(i);
        if (!p.process.isAlive()) {
          throw new IllegalStateException(
              "Node "
                  + i
                  + " exited with "
                  + p.process.exitValue()
                  + " before it was ready:\n"
                  + tail(p.spec.outputFile()));
        }
        allReady &= live.ready(i);
      }
      if (allReady) {
        return;
      }
      if (System.currentTimeMillis() > deadline) {
        throw new IllegalStateException("The nodes were not ready within 120 s; see " + dir);
      }
      Thread.sleep(20);
    }
  }

  private void inject(
      FaultPlan.Fault fault,
      LiveLogs live,
      String lockPassword,
      String fencePassword,
      long windowStart)
      throws Exception {
    switch (fault.kind()) {
      case KILL -> {
        LiveLogs.Holder holder = live.awaitFreshHolder(1_000, 60);
        int node = holder != null ? holder.node() : fault.node();
        NodeProcess p = current.get(node);
        String open = live.openExec(node);
        long at = System.currentTimeMillis();
        Signals.send(p.process.pid(), "KILL");
        p.process.waitFor(10, TimeUnit.SECONDS);
        p.killed = true;
        p.endedAt = at;
        Thread.sleep(fault.durationMillis());
        NodeSpec next = p.spec.nextIncarnation();
        NodeProcess restarted = start(next, lockPassword, fencePassword);
        current.set(node, restarted);
        live.follow(node, next.logFile());
        faultEvents.add(
            new RunData.FaultEvent(
                fault.kind(), node, p.spec.incarnation(), at, restarted.startedAt, open));
        report(fault, node, at, windowStart, open);
      }
      case LONG_PAUSE, SHORT_PAUSE -> {
        int node = fault.node();
        if (fault.kind() == FaultPlan.Kind.LONG_PAUSE) {
          LiveLogs.Holder holder = live.awaitFreshHolder(1_500, 40);
          if (holder != null) {
            node = holder.node();
          }
        }
        NodeProcess p = current.get(node);
        String open = live.openExec(node);
        long at = System.currentTimeMillis();
        long until;
        Signals.send(p.process.pid(), "STOP");
        try {
          Thread.sleep(fault.durationMillis());
        } finally {
          Signals.send(p.process.pid(), "CONT");
          until = System.currentTimeMillis();
        }
        faultEvents.add(
            new RunData.FaultEvent(fault.kind(), node, p.spec.incarnation(), at, until, open));
        report(fault, node, at, windowStart, open);
      }
      case REDIS_RESTART -> {
        if (redis == null) {
          return;
        }
        long at = System.currentTimeMillis();
        redis.kill();
        Thread.sleep(fault.durationMillis());
        redis.start();
        faultEvents.add(
            new RunData.FaultEvent(fault.kind(), -1, -1, at, System.currentTimeMillis(), null));
        report(fault, -1, at, windowStart, null);
      }
      default -> throw new IllegalStateException("Unknown fault " + fault.kind());
    }
  }

  private void report(FaultPlan.Fault fault, int node, long at, long windowStart, String holder) {
    progress.printf(
        "[chaos]   +%6d ms %-13s %s%s%n",
        at - windowStart,
        fault.kind(),
        node < 0 ? "" : "node " + node,
        holder == null ? "" : " (holder, in " + holder + ")");
  }

  private void awaitExit(Duration timeout) throws InterruptedException {
    long deadline = System.currentTimeMillis() + timeout.toMillis();
    for (NodeProcess p : current) {
      long left = Math.max(1, deadline - System.currentTimeMillis());
      if (!p.process.waitFor(left, TimeUnit.MILLISECONDS)) {
        progress.printf("[chaos]   node %d did not finish: killed%n", p.spec.node());
        Signals.send(p.process.pid(), "CONT");
        p.process.destroyForcibly();
        p.process.waitFor(10, TimeUnit.SECONDS);
      }
    }
    long now = System.currentTimeMillis();
    for (NodeProcess p : current) {
      if (!p.killed && p.endedAt == 0) {
        p.endedAt = now;
      }
    }
  }

  private List<RunData.Incarnation> incarnations() throws IOException {
    List<RunData.Incarnation> out = new ArrayList<>();
    List<NodeProcess> copy;
    synchronized (all) {
      copy = new ArrayList<>(all);
    }
    for (NodeProcess p : copy) {
      List<EventLine> events = new ArrayList<>();
      if (Files.exists(p.spec.logFile())) {
        for (String line : Files.readAllLines(p.spec.logFile(), StandardCharsets.UTF_8)) {
          EventLine e = EventLine.parse(line);
          if (e != null) {
            events.add(e);
          }
        }
      }
      long ended = p.endedAt != 0 ? p.endedAt : System.currentTimeMillis();
      out.add(
          new RunData.Incarnation(
              p.spec.node(), p.spec.incarnation(), p.startedAt, ended, p.killed, events));
    }
    return out;
  }

  private void writeGo(long windowStart, long windowEnd) throws IOException {
    Path tmp = dir.resolve(NodeSpec.GO_FILE + ".tmp");
    Files.writeString(tmp, "windowStart=" + windowStart + "\nwindowEnd=" + windowEnd + "\n");
    Files.move(tmp, dir.resolve(NodeSpec.GO_FILE), StandardCopyOption.ATOMIC_MOVE);
  }

  /** Ends every node JVM and the private Redis; safe to call twice and from a shutdown hook. */
  private void killEverything() {
    List<NodeProcess> copy;
    synchronized (all) {
      copy = new ArrayList<>(all);
    }
    for (NodeProcess p : copy) {
      if (p.process.isAlive()) {
        Signals.send(p.process.pid(), "CONT");
        p.process.destroyForcibly();
      }
    }
    for (NodeProcess p : copy) {
      try {
        p.process.waitFor(10, TimeUnit.SECONDS);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        break;
      }
    }
    if (redis != null) {
      redis.close();
    }
  }

  private static void sleepUntil(long trueTime) throws InterruptedException {
    long left;
    while ((left = trueTime - System.currentTimeMillis()) > 0) {
      Thread.sleep(Math.min(left, 1_000));
    }
  }

  private static String tail(Path file) {
    try {
      List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
      return String.join("\n", lines.subList(Math.max(0, lines.size() - 30), lines.size()));
    } catch (IOException e) {
      return "(no output: " + e + ")";
    }
  }

  private static void clean(Path dir) throws IOException {
    if (!Files.exists(dir)) {
      return;
    }
    try (Stream<Path> files = Files.walk(dir)) {
      for (Path p : files.sorted(Comparator.reverseOrder()).toList()) {
        Files.delete(p);
      }
    } catch (UncheckedIOException e) {
      throw e.getCause();
    }
  }
}
