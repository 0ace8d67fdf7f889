package org.timerlock.benchmarks;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.UserPrincipal;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.stream.Stream;
import redis.clients.jedis.RedisClient;

/**
 * A store server of its own, started in a temporary directory on a free loopback port, so that the
 * server-wide counters (WAL, redo, binary log, commands, transaction ids) count only what a
 * measurement did. Stopped and deleted by {@link #close()}.
 *
 * <ul>
 *   <li>PostgreSQL: {@code initdb} and {@code pg_ctl} from {@code timerlock.bench.postgres.bin}
 *       (default {@code /usr/lib/postgresql/15/bin}); durable settings ({@code fsync}, synchronous
 *       commit), but no autovacuum and no timed checkpoint during a run, the two background writers
 *       a measurement would otherwise count.
 *   <li>MariaDB: {@code mariadb-install-db} and {@code mariadbd}, with a binary log in MIXED format
 *       (MariaDB's default when the log is on) so that its counters can be read too, and without
 *       InnoDB's automatic statistics recalculation, whose background transactions would take
 *       transaction ids and write redo during a measurement.
 *   <li>Redis: {@code redis-server} without persistence.
 * </ul>
 *
 * <p>PostgreSQL and MariaDB refuse to run as root; when this JVM is root, the servers run as the
 * {@code postgres} and {@code mysql} system users through {@code runuser}.
 */
public final class PrivateServer implements AutoCloseable {

  private static final long START_TIMEOUT_SECONDS = 120;

  /** The kernel's USER_HZ, the unit of /proc/<pid>/stat times: 100 on Linux. */
  private static final long CLOCK_TICKS = 100;

  private final Store store;
  private final Path directory;
  private final int port;
  private final Process foreground;
  private final Thread stopAtExit = new Thread(this::stop, "stop-private-server");

  private PrivateServer(Store store, Path directory, int port, Process foreground) {
    this.store = store;
    this.directory = directory;
    this.port = port;
    this.foreground = foreground;
  }

  /**
   * Starts a server and waits until it accepts connections; a JDBC server has a database {@code
   * test}.
   *
   * @param store {@link Store#POSTGRES}, {@link Store#MARIADB} or {@link Store#REDIS}
   * @return the running server
   * @throws IllegalArgumentException for the in-memory store
   * @throws IllegalStateException when the server does not start; the message holds its log
   */
  public static PrivateServer start(Store store) {
    Path directory;
    int port;
    try {
      directory = Files.createTempDirectory("timerlock-" + store.id() + "-");
      port = freePort();
    } catch (IOException e) {
      throw new UncheckedIOException("PrivateServer.start: no directory or port for " + store, e);
    }
    PrivateServer server =
        switch (store) {
          case POSTGRES -> postgres(directory, port);
          case MARIADB -> mariadb(directory, port);
          case REDIS -> redis(directory, port);
          case IN_MEMORY ->
              throw new IllegalArgumentException(
                  "PrivateServer.start: store " + store + " has no server");
        };
    Runtime.getRuntime().addShutdownHook(server.stopAtExit);
    try {
      server.awaitReady();
    } catch (RuntimeException e) {
      server.close();
      throw e;
    }
    return server;
  }

  /**
   * Runs {@code body} with {@link Stores} pointed at a private server of the store, started for it
   * and stopped after, or at the configured server.
   *
   * @param store the store
   * @param start whether to start a private server; if not, {@code body} gets null
   * @param body what to run
   */
  public static void around(Store store, boolean start, Consumer<PrivateServer> body) {
    if (!start) {
      body.accept(null);
      return;
    }
    try (PrivateServer server = start(store)) {
      Stores.redirect(store, server.settings());
      body.accept(server);
    } finally {
      Stores.restore(store);
    }
  }

  /**
   * The store this server is.
   *
   * @return the store
   */
  public Store store() {
    return store;
  }

  /**
   * Where to connect: a JDBC URL of the database {@code test}, or a Redis URI.
   *
   * @return e.g. {@code jdbc:postgresql://127.0.0.1:41234/test}
   */
  public String endpoint() {
    return switch (store) {
      case POSTGRES -> "jdbc:postgresql://127.0.0.1:" + port + "/test";
      case MARIADB -> "jdbc:mariadb://127.0.0.1:" + port + "/test";
      default -> "redis://127.0.0.1:" + port;
    };
  }

  /**
   * The settings {@link Stores#redirect} takes to use this server.
   *
   * @return url or uri, and the user
   */
  public Map<String, String> settings() {
    return switch (store) {
      case POSTGRES -> Map.of("url", endpoint(), "user", "postgres", "password", "");
      case MARIADB -> Map.of("url", endpoint(), "user", "root", "password", "");
      default -> Map.of("uri", endpoint());
    };
  }

  /**
   * The server's directory: PostgreSQL's {@code data/pg_wal} holds the WAL that {@code pg_waldump}
   * reads.
   *
   * @return the temporary directory
   */
  public Path directory() {
    return directory;
  }

  /**
   * The server's main process: the postmaster, mariadbd or redis-server.
   *
   * @return its process id
   */
  public long pid() {
    return switch (store) {
      case POSTGRES -> Long.parseLong(firstLine(directory.resolve("data/postmaster.pid")));
      case MARIADB -> Long.parseLong(firstLine(directory.resolve("mariadbd.pid")));
      default -> foreground.pid();
    };
  }

  /**
   * The processor time the server has used so far, user and system: its processes' own and that of
   * the processes it has already reaped (a PostgreSQL backend's, once its connection closed).
   *
   * @return milliseconds
   */
  public long cpuMillis() {
    ProcessHandle main =
        ProcessHandle.of(pid())
            .orElseThrow(() -> new IllegalStateException("PrivateServer: " + store + " is gone"));
    long ticks =
        Stream.concat(Stream.of(main), main.descendants())
            .mapToLong(process -> ticks(process.pid()))
            .sum();
    return ticks * 1000 / CLOCK_TICKS;
  }

  /** utime + stime + cutime + cstime of /proc/<pid>/stat; 0 for a process that just exited. */
  private static long ticks(long pid) {
    String stat;
    try {
      stat = Files.readString(Path.of("/proc", Long.toString(pid), "stat"));
    } catch (IOException e) {
      return 0;
    }
    // The command name, in parentheses, may hold spaces: count fields after its end. The 14th to
    // 17th fields of the line are the 12th to 15th after the name.
    String[] fields = stat.substring(stat.lastIndexOf(')') + 2).trim().split(" ");
    long sum = 0;
    for (int i = 11; i <= 14; i++) {
      sum += Long.parseLong(fields[i]);
    }
    return sum;
  }

  /** Stops the server and deletes its directory. */
  @Override
  public void close() {
    stop();
    try {
      Runtime.getRuntime().removeShutdownHook(stopAtExit);
    } catch (IllegalStateException e) {
      // The JVM is exiting: the hook runs or has run, and stops nothing twice.
    }
    try (Stream<Path> files = Files.walk(directory)) {
      files.sorted(Comparator.reverseOrder()).forEach(path -> path.toFile().delete());
    } catch (IOException e) {
      // What is left is in the temporary directory, which the system cleans.
    }
  }

  private synchronized void stop() {
    if (store == Store.POSTGRES) {
      if (Files.exists(directory.resolve("data/postmaster.pid"))) {
        run(
            directory,
            "postgres",
            List.of(pgBin("pg_ctl"), "-D", "data", "-m", "fast", "-w", "stop"));
      }
      return;
    }
    if (store == Store.MARIADB && Files.exists(directory.resolve("mariadbd.pid"))) {
      // Stop mariadbd itself, not only the runuser in front of it.
      ProcessHandle.of(pid()).ifPresent(ProcessHandle::destroy);
    }
    foreground.destroy();
    try {
      if (!foreground.waitFor(60, TimeUnit.SECONDS)) {
        foreground.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  private static PrivateServer postgres(Path directory, int port) {
    owned(directory, "postgres");
    run(
        directory,
        "postgres",
        List.of(
            pgBin("initdb"),
            "-D",
            "data",
            "-U",
            "postgres",
            "--auth=trust",
            "-E",
            "UTF8",
            "--no-sync"));
    String options =
        "-p "
            + port
            + " -k "
            + directory
            + " -c listen_addresses=127.0.0.1"
            + " -c autovacuum=off -c checkpoint_timeout=1d -c max_wal_size=10GB";
    run(
        directory,
        "postgres",
        List.of(pgBin("pg_ctl"), "-D", "data", "-o", options, "-l", "postgres.log", "-w", "start"));
    return new PrivateServer(Store.POSTGRES, directory, port, null);
  }

  private static PrivateServer mariadb(Path directory, int port) {
    owned(directory, "mysql");
    List<String> install =
        new ArrayList<>(
            List.of(
                "mariadb-install-db",
                "--no-defaults",
                "--datadir=" + directory.resolve("data"),
                "--auth-root-authentication-method=normal",
                "--skip-test-db"));
    run(directory, "mysql", install);
    List<String> server =
        List.of(
            "mariadbd",
            "--no-defaults",
            "--datadir=" + directory.resolve("data"),
            "--port=" + port,
            "--bind-address=127.0.0.1",
            "--socket=" + directory.resolve("mariadbd.sock"),
            "--pid-file=" + directory.resolve("mariadbd.pid"),
            "--log-error=" + directory.resolve("mariadbd.log"),
            "--server-id=1",
            "--log-bin=" + directory.resolve("binlog"),
            "--binlog-format=MIXED",
            "--innodb-stats-auto-recalc=OFF");
    return new PrivateServer(Store.MARIADB, directory, port, launch(directory, "mysql", server));
  }

  private static PrivateServer redis(Path directory, int port) {
    List<String> server =
        List.of(
            "redis-server",
            "--port",
            "" + port,
            "--bind",
            "127.0.0.1",
            "--save",
            "",
            "--appendonly",
            "no",
            "--dir",
            directory.toString(),
            "--logfile",
            directory.resolve("redis.log").toString());
    return new PrivateServer(Store.REDIS, directory, port, launch(directory, null, server));
  }

  /** Waits until the server answers, then creates the database {@code test}. */
  private void awaitReady() {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(START_TIMEOUT_SECONDS);
    Exception last = null;
    while (System.nanoTime() < deadline) {
      if (foreground != null && !foreground.isAlive()) {
        throw new IllegalStateException(
            "PrivateServer: " + store.id() + " on port " + port + " exited: " + logs());
      }
      try {
        if (store == Store.REDIS) {
          try (RedisClient client = RedisClient.create(URI.create(endpoint()))) {
            client.ping();
          }
        } else {
          String admin =
              store == Store.POSTGRES
                  ? "jdbc:postgresql://127.0.0.1:" + port + "/postgres"
                  : "jdbc:mariadb://127.0.0.1:" + port + "/";
          try (Connection connection =
                  DriverManager.getConnection(admin, settings().get("user"), "");
              Statement statement = connection.createStatement()) {
            statement.execute("CREATE DATABASE test");
          }
        }
        return;
      } catch (SQLException | RuntimeException e) {
        last = e;
      }
      Pause.of(Duration.ofMillis(200));
    }
    throw new IllegalStateException(
        "PrivateServer: " + store.id() + " on port " + port + " not ready: " + last + logs(), last);
  }

  private String logs() {
    StringBuilder text = new StringBuilder();
    try (Stream<Path> files = Files.list(directory)) {
      for (Path log : files.filter(f -> f.toString().endsWith(".log")).toList()) {
        text.append("\n--- ").append(log).append('\n').append(Files.readString(log));
      }
    } catch (IOException e) {
      text.append("\n(no logs: ").append(e).append(')');
    }
    return text.toString();
  }

  private static String pgBin(String tool) {
    return Path.of(System.getProperty("timerlock.bench.postgres.bin", "/usr/lib/postgresql/15/bin"))
        .resolve(tool)
        .toString();
  }

  /** As root, hands the directory to the system user the server runs as. */
  private static void owned(Path directory, String user) {
    if (!asRoot()) {
      return;
    }
    try {
      UserPrincipal owner =
          directory.getFileSystem().getUserPrincipalLookupService().lookupPrincipalByName(user);
      Files.setOwner(directory, owner);
    } catch (IOException e) {
      throw new UncheckedIOException(
          "PrivateServer: cannot give " + directory + " to user " + user, e);
    }
  }

  private static boolean asRoot() {
    return "root".equals(System.getProperty("user.name"));
  }

  private static List<String> as(String user, List<String> command) {
    if (user == null || !asRoot()) {
      return command;
    }
    List<String> wrapped = new ArrayList<>(List.of("runuser", "-u", user, "--"));
    wrapped.addAll(command);
    return wrapped;
  }

  private static Process launch(Path directory, String user, List<String> command) {
    try {
      return new ProcessBuilder(as(user, command))
          .directory(directory.toFile())
          .redirectErrorStream(true)
          .redirectOutput(directory.resolve("stdout.log").toFile())
          .start();
    } catch (IOException e) {
      throw new UncheckedIOException("PrivateServer: cannot start " + command, e);
    }
  }

  /** Runs a tool to its end; fails with its output when it fails. */
  private static void run(Path directory, String user, List<String> command) {
    try {
      Process tool =
          new ProcessBuilder(as(user, command))
              .directory(directory.toFile())
              .redirectErrorStream(true)
              .start();
      String output = new String(tool.getInputStream().readAllBytes());
      if (!tool.waitFor(START_TIMEOUT_SECONDS, TimeUnit.SECONDS) || tool.exitValue() != 0) {
        tool.destroyForcibly();
        throw new IllegalStateException("PrivateServer: " + command + " failed: " + output);
      }
    } catch (IOException e) {
      throw new UncheckedIOException("PrivateServer: cannot run " + command, e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }

  private static String firstLine(Path file) {
    try {
      return Files.readAllLines(file).get(0).trim();
    } catch (IOException e) {
      throw new UncheckedIOException("PrivateServer: cannot read " + file, e);
    }
  }

  private static int freePort() throws IOException {
    try (ServerSocket socket = new ServerSocket(0)) {
      return socket.getLocalPort();
    }
  }
}
