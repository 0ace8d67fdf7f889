package org.timerlock.chaos;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Everything one node JVM needs, passed on its command line as {@code key=value} arguments.
 * Passwords never go on the command line: see {@link #LOCK_PASSWORD_VARIABLE} and {@link
 * #FENCE_PASSWORD_VARIABLE}.
 *
 * @param node the node's index, 0-based
 * @param incarnation how many times the node was restarted before this JVM
 * @param skewMillis added to the true clock to get the node's clock
 * @param store the lock store
 * @param lockUrl a JDBC URL (PostgreSQL) or a Redis URI
 * @param lockUser the JDBC user, or {@code -}
 * @param lockName the lock every node takes
 * @param namespace the lock table (PostgreSQL) or the key prefix (Redis)
 * @param fenceUrl the JDBC URL of the fenced resource's schema
 * @param fenceUser its user, or {@code -}
 * @param guarded whether requests name their fire and writes are fenced
 * @param periodMillis the schedule's period; fires are on multiples of it since the epoch
 * @param lockAtMostForMillis the lease
 * @param workMinMillis the shortest job
 * @param workMaxMillis the longest job
 * @param seed the run's seed
 * @param runDir where the go file and the logs are
 * @param deadlineMillis true time at which the node exits whatever it is doing
 */
public record NodeSpec(
    int node,
    int incarnation,
    long skewMillis,
    Store store,
    String lockUrl,
    String lockUser,
    String lockName,
    String namespace,
    String fenceUrl,
    String fenceUser,
    boolean guarded,
    long periodMillis,
    long lockAtMostForMillis,
    long workMinMillis,
    long workMaxMillis,
    long seed,
    Path runDir,
    long deadlineMillis) {

  /** The environment variable that carries the lock store's password, if any. */
  public static final String LOCK_PASSWORD_VARIABLE = "TIMERLOCK_TEST_CHAOS_LOCK_PASSWORD";

  /** The environment variable that carries the fence database's password, if any. */
  public static final String FENCE_PASSWORD_VARIABLE = "TIMERLOCK_TEST_CHAOS_FENCE_PASSWORD";

  /** The file whose appearance starts the schedule; it holds the window. */
  public static final String GO_FILE = "go.properties";

  /**
   * The node's event log.
   *
   * @return e.g. {@code <runDir>/node-2-1.log}
   */
  public Path logFile() {
    return runDir.resolve("node-" + node + "-" + incarnation + ".log");
  }

  /**
   * Where the JVM's own output goes.
   *
   * @return e.g. {@code <runDir>/node-2-1.out}
   */
  public Path outputFile() {
    return runDir.resolve("node-" + node + "-" + incarnation + ".out");
  }

  /**
   * A name for the node's owner values and execution ids.
   *
   * @return e.g. {@code n2.1}
   */
  public String tag() {
    return "n" + node + "." + incarnation;
  }

  /**
   * The command-line arguments.
   *
   * @return {@code key=value} arguments
   */
  public List<String> toArgs() {
    return List.of(
        "node=" + node,
        "incarnation=" + incarnation,
        "skew=" + skewMillis,
        "store=" + store.id(),
        "lockUrl=" + lockUrl,
        "lockUser=" + orDash(lockUser),
        "lockName=" + lockName,
        "namespace=" + namespace,
        "fenceUrl=" + fenceUrl,
        "fenceUser=" + orDash(fenceUser),
        "guarded=" + guarded,
        "period=" + periodMillis,
        "atMostFor=" + lockAtMostForMillis,
        "workMin=" + workMinMillis,
        "workMax=" + workMaxMillis,
        "seed=" + seed,
        "runDir=" + runDir,
        "deadline=" + deadlineMillis);
  }

  /**
   * Parses the command-line arguments.
   *
   * @param args as made by {@link #toArgs()}
   * @return the spec
   * @throws IllegalArgumentException when one is missing or malformed
   */
  public static NodeSpec fromArgs(String[] args) {
    Map<String, String> m = new HashMap<>();
    for (String a : args) {
      int eq = a.indexOf('=');
      if (eq <= 0) {
        throw new IllegalArgumentException("Expected key=value, got '" + a + "'");
      }
      m.put(a.substring(0, eq), a.substring(eq + 1));
    }
    return new NodeSpec(
        Integer.parseInt(required(m, "node")),
        Integer.parseInt(required(m, "incarnation")),
        Long.parseLong(required(m, "skew")),
        Store.of(required(m, "store")),
        required(m, "lockUrl"),
        dashToNull(required(m, "lockUser")),
        required(m, "lockName"),
        required(m, "namespace"),
        required(m, "fenceUrl"),
        dashToNull(required(m, "fenceUser")),
        Boolean.parseBoolean(required(m, "guarded")),
        Long.parseLong(required(m, "period")),
        Long.parseLong(required(m, "atMostFor")),
        Long.parseLong(required(m, "workMin")),
        Long.parseLong(required(m, "workMax")),
        Long.parseLong(required(m, "seed")),
        Path.of(required(m, "runDir")),
        Long.parseLong(required(m, "deadline")));
  }

  /**
   * The same node, restarted.
   *
   * @return the spec of the next incarnation
   */
  public NodeSpec nextIncarnation() {
    return new NodeSpec(
        node,
        incarnation + 1,
        skewMillis,
        store,
        lockUrl,
        lockUser,
        lockName,
        namespace,
        fenceUrl,
        fenceUser,
        guarded,
        periodMillis,
        lockAtMostForMillis,
        workMinMillis,
        workMaxMillis,
        seed,
        runDir,
        deadlineMillis);
  }

  private static String required(Map<String, String> m, String key) {
    String v = m.get(key);
    if (v == null) {
      throw new IllegalArgumentException("Missing argument " + key + "=...");
    }
    return v;
  }

  private static String orDash(String s) {
    return s == null ? "-" : s;
  }

  private static String dashToNull(String s) {
    return s.equals("-") ? null : s;
  }
}
