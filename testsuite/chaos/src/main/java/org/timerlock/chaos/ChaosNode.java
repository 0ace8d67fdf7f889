package org.timerlock.chaos;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import java.util.OptionalLong;
import java.util.Properties;
import java.util.Random;
import java.util.Set;
import java.util.TreeSet;
import org.timerlock.core.CurrentLock;
import org.timerlock.core.DefaultLockingTaskExecutor;
import org.timerlock.core.LockAttempt;
import org.timerlock.core.LockConfiguration;
import org.timerlock.core.LockProvider;
import org.timerlock.core.TaskResult;
import org.timerlock.jdbc.JdbcLockProvider;
import org.timerlock.redis.RedisLockProvider;

/**
 * One node of a chaos run, in a JVM of its own. Its clock is the true clock plus a skew. It fires
 * on the schedule's grid (every {@code period} ms since the epoch, in its own clock), computes each
 * fire instant from the grid, never from the time it woke up, and runs the job through {@link
 * DefaultLockingTaskExecutor}, with {@code forFire(fireInstant)} when guarded. A node that wakes up
 * late (it was stopped) attempts every fire it slept through, in order, as a catching-up timer
 * does.
 *
 * <p>The job logs its start with the lock's fencing token, works for a while, writes to the {@link
 * Fence fenced resource}, and logs its end. Every event carries the true time ({@code
 * System.currentTimeMillis()} of this machine, without the skew), so that the orchestrator can
 * compare executions of different nodes.
 */
public final class ChaosNode {

  private final NodeSpec spec;
  private final NodeLog log;
  private final Random random;
  private final String fencePassword;
  private Connection fence;
  private int executions;

  private ChaosNode(NodeSpec spec, NodeLog log) {
    this.spec = spec;
    this.log = log;
    this.random = new Random(spec.seed() * 1_000_003L + spec.node() * 1_009L + spec.incarnation());
    this.fencePassword = System.getenv(NodeSpec.FENCE_PASSWORD_VARIABLE);
  }

  /**
   * Runs one node until the end of the run's window.
   *
   * @param args the node's {@link NodeSpec#toArgs() arguments}
   * @throws Exception when the node cannot start
   */
  public static void main(String[] args) throws Exception {
    NodeSpec spec = NodeSpec.fromArgs(args);
    Thread watchdog =
        new Thread(
            () -> {
              try {
                Thread.sleep(Math.max(0, spec.deadlineMillis() - System.currentTimeMillis()));
              } catch (InterruptedException e) {
                return;
              }
              System.err.println("Node deadline passed: exiting");
              Runtime.getRuntime().halt(3);
            },
            "chaos-deadline");
    watchdog.setDaemon(true);
    watchdog.start();
    try (NodeLog log = new NodeLog(spec.logFile())) {
      new ChaosNode(spec, log).run();
    }
    System.exit(0);
  }

  private void run() throws Exception {
    LockProvider provider =
        provider(
            spec.store(),
            spec.lockUrl(),
            spec.lockUser(),
            System.getenv(NodeSpec.LOCK_PASSWORD_VARIABLE),
            spec.namespace(),
            "chaos-" + spec.tag());
    try {
      DefaultLockingTaskExecutor executor = new DefaultLockingTaskExecutor(provider);
      warmUp(provider);
      log.event(
          "READY",
          "pid",
          ProcessHandle.current().pid(),
          "skew",
          spec.skewMillis(),
          "t",
          System.currentTimeMillis());
      long[] window = awaitGo();
      long start = window[0];
      long end = window[1];
      long period = spec.periodMillis();
      // A (re)started node joins at the next fire of the grid; it has no memory of earlier ones.
      long first = Math.max(start, Math.floorDiv(now() + period - 1, period) * period);
      LockConfiguration plain =
          new LockConfiguration(
              spec.lockName(), Duration.ofMillis(spec.lockAtMostForMillis()), Duration.ZERO);
      for (long fire = first; fire < end; fire += period) {
        sleepUntil(fire);
        attempt(executor, plain, fire);
      }
      log.event("DONE", "t", System.currentTimeMillis());
    } finally {
      if (provider instanceof AutoCloseable c) {
        c.close();
      }
      if (fence != null) {
        fence.close();
      }
    }
  }

  private void attempt(DefaultLockingTaskExecutor executor, LockConfiguration plain, long fire) {
    long at = System.currentTimeMillis();
    long late = now() - fire;
    LockConfiguration config = spec.guarded() ? plain.forFire(Instant.ofEpochMilli(fire)) : plain;
    String outcome;
    String error = null;
    try {
      TaskResult<Void> result = executor.executeWithLock(() -> job(fire, at), config);
      outcome = result.outcome().name();
    } catch (Exception | Error e) {
      outcome = "ERROR";
      error = e.toString();
    }
    log.event(
        "ATTEMPT",
        "fire",
        fire,
        "outcome",
        outcome,
        "at",
        at,
        "late",
        late,
        "t",
        System.currentTimeMillis(),
        "error",
        error);
  }

  private Void job(long fire, long attemptAt) throws InterruptedException {
    long start = System.currentTimeMillis();
    OptionalLong token = CurrentLock.fencingToken();
    String exec = spec.tag() + "." + (++executions);
    log.event(
        "START",
        "exec",
        exec,
        "fire",
        fire,
        "token",
        token.isPresent() ? token.getAsLong() : null,
        "at",
        attemptAt,
        "t",
        start);
    long work =
        spec.workMinMillis()
            + (spec.workMaxMillis() > spec.workMinMillis()
                ? random.nextInt((int) (spec.workMaxMillis() - spec.workMinMillis() + 1))
                : 0);
    Thread.sleep(work);
    Fence.Outcome outcome;
    String error = null;
    try {
      outcome = Fence.write(fence(), exec, spec.node(), fire, token, spec.guarded());
    } catch (SQLException e) {
      outcome = Fence.Outcome.FAILED;
      error = e.getMessage();
      dropFence();
    }
    log.event(
        "WRITE", "exec", exec, "outcome", outcome, "t", System.currentTimeMillis(), "error", error);
    log.event("END", "exec", exec, "t", System.currentTimeMillis());
    return null;
  }

  /**
   * The lock provider a node uses; the orchestrator builds one the same way to create the table and
   * learn the features.
   *
   * @param store the lock store
   * @param url a JDBC URL or a Redis URI
   * @param user the JDBC user, or null
   * @param password the password, or null
   * @param namespace the lock table (PostgreSQL) or the key prefix (Redis)
   * @param nodeId the readable prefix of owner values
   * @return the provider; close it after use
   */
  static LockProvider provider(
      Store store, String url, String user, String password, String namespace, String nodeId) {
    if (store == Store.POSTGRES) {
      HikariConfig config = new HikariConfig();
      config.setJdbcUrl(url);
      config.setUsername(user);
      config.setPassword(password);
      config.setPoolName(nodeId);
      config.setMaximumPoolSize(2);
      config.setMinimumIdle(1);
      config.setConnectionTimeout(2_000);
      config.setValidationTimeout(1_000);
      config.setInitializationFailTimeout(-1);
      return JdbcLockProvider.builder()
          .dataSource(new HikariDataSource(config))
          .dataSourceDescription("chaos PostgreSQL")
          .tableName(namespace)
          .nodeId(nodeId)
          .closeDataSourceOnClose(true)
          .build();
    }
    RedisLockProvider.Builder builder =
        RedisLockProvider.builder()
            .uri(url)
            .keyPrefix(namespace)
            .nodeId(nodeId)
            .connectTimeout(Duration.ofSeconds(1))
            .socketTimeout(Duration.ofSeconds(1));
    if (password != null) {
      builder.password(password);
    }
    return builder.build();
  }

  /** Connects to both stores before the schedule starts, so that the first fire is not slow. */
  private void warmUp(LockProvider provider) {
    try {
      LockAttempt attempt =
          provider.tryLock(
              LockConfiguration.of(
                  spec.lockName() + "-warmup-" + spec.tag(), Duration.ofSeconds(5)));
      attempt.lock().ifPresent(l -> l.unlock());
    } catch (RuntimeException e) {
      log.event("WARMUP_FAILED", "error", e.toString());
    }
    Set<String> features = new TreeSet<>();
    provider.features().forEach(f -> features.add(f.name()));
    log.event("FEATURES", "features", features.isEmpty() ? "none" : String.join(",", features));
    try {
      fence();
    } catch (SQLException e) {
      log.event("WARMUP_FAILED", "error", e.getMessage());
      dropFence();
    }
  }

  private Connection fence() throws SQLException {
    if (fence == null) {
      Connection c = DriverManager.getConnection(spec.fenceUrl(), spec.fenceUser(), fencePassword);
      try (Statement s = c.createStatement()) {
        s.execute("SET statement_timeout = 10000");
      }
      fence = c;
    }
    return fence;
  }

  private void dropFence() {
    if (fence != null) {
      try {
        fence.close();
      } catch (SQLException ignored) {
        // It is broken already.
      }
      fence = null;
    }
  }

  private long[] awaitGo() throws IOException, InterruptedException {
    Path go = spec.runDir().resolve(NodeSpec.GO_FILE);
    while (true) {
      try (InputStream in = Files.newInputStream(go)) {
        Properties p = new Properties();
        p.load(in);
        return new long[] {
          Long.parseLong(p.getProperty("windowStart")), Long.parseLong(p.getProperty("windowEnd"))
        };
      } catch (NoSuchFileException e) {
        Thread.sleep(10);
      }
    }
  }

  /** The node's clock: the true clock plus the skew. */
  private long now() {
    return System.currentTimeMillis() + spec.skewMillis();
  }

  private void sleepUntil(long nodeTime) throws InterruptedException {
    long left;
    while ((left = nodeTime - now()) > 0) {
      Thread.sleep(Math.min(left, 1_000));
    }
  }
}
