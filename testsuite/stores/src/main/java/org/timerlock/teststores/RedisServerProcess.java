package org.timerlock.teststores;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A private redis-server process started by a test on a free loopback port, without persistence
 * unless its arguments say otherwise, in a temporary directory. Tests that restart, reconfigure or
 * count commands use one of these, never the shared server. The process is stopped with {@link
 * #kill()} and started again on the same port with {@link #start()}.
 */
public final class RedisServerProcess extends PrivateServer {

  /** Names the redis-server binary when it is not the one on the PATH. */
  public static final String BINARY_VARIABLE = "TIMERLOCK_TEST_REDIS_SERVER";

  private static final String DEFAULT_BINARY = "redis-server";

  private final int port;
  private final List<String> extraArguments;
  private final boolean sentinel;
  private Process process;

  private RedisServerProcess(
      Path directory,
      boolean ownsDirectory,
      int port,
      List<String> extraArguments,
      boolean sentinel) {
    super(directory, ownsDirectory);
    this.port = port;
    this.extraArguments = extraArguments;
    this.sentinel = sentinel;
  }

  /** Starts a Sentinel (quorum 1) monitoring {@code master} under the name {@code masterName}. */
  public static RedisServerProcess launchSentinel(String masterName, RedisServerProcess master) {
    try {
      Path dir = Files.createTempDirectory("timerlock-sentinel-");
      Files.writeString(
          dir.resolve("sentinel.conf"),
          "sentinel monitor "
              + masterName
              + " 127.0.0.1 "
              + master.port()
              + " 1\n"
              + "sentinel down-after-milliseconds "
              + masterName
              + " 1000\n"
              + "sentinel failover-timeout "
              + masterName
              + " 5000\n");
      return started(new RedisServerProcess(dir, true, freePort(), List.of(), true));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Whether redis-server is on the PATH, or where {@link #BINARY_VARIABLE} says. */
  public static boolean installed() {
    String configured = configuredBinary();
    if (configured != null) {
      return Files.isExecutable(Path.of(configured));
    }
    for (String dir : System.getenv().getOrDefault("PATH", "").split(":")) {
      if (!dir.isEmpty() && Files.isExecutable(Path.of(dir, DEFAULT_BINARY))) {
        return true;
      }
    }
    return false;
  }

  private static String configuredBinary() {
    String configured = System.getenv(BINARY_VARIABLE);
    return configured == null || configured.isBlank() ? null : configured.strip();
  }

  private static String binary() {
    String configured = configuredBinary();
    return configured == null ? DEFAULT_BINARY : configured;
  }

  /** Starts a server with these extra redis-server arguments, e.g. {@code --requirepass x}. */
  public static RedisServerProcess launch(String... extraArguments) {
    return launchOn(null, extraArguments);
  }

  /**
   * Starts a server whose data and log stay in the caller's directory after {@link #close()}, with
   * these extra redis-server arguments, e.g. {@code --appendonly yes}.
   *
   * @param directory its working directory, created if need be
   */
  public static RedisServerProcess launchIn(Path directory, String... extraArguments) {
    try {
      Files.createDirectories(directory);
      return started(
          new RedisServerProcess(
              // Absolute: redis-server runs in it and would resolve a relative one from there.
              directory.toAbsolutePath(),
              false,
              freePort(),
              List.copyOf(Arrays.asList(extraArguments)),
              false));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * Starts a Redis Cluster node: its cluster bus listens on port + 10000, which must be free too.
   */
  public static RedisServerProcess launchClusterNode() {
    return launchOn(
        freePortWithBus(),
        "--cluster-enabled",
        "yes",
        "--cluster-config-file",
        "nodes.conf",
        "--cluster-node-timeout",
        "5000");
  }

  /**
   * Starts a Redis Cluster node whose clients and cluster bus use TLS: clients on {@code tlsPort},
   * the bus on {@code tlsPort} + 10000 (take both from {@link #freePortWithBus()}). The plain port
   * stays open for the test's own commands ({@link #cli}).
   *
   * @param tlsArguments the certificate options, e.g. {@code --tls-cert-file f}
   */
  public static RedisServerProcess launchTlsClusterNode(int tlsPort, String... tlsArguments) {
    List<String> arguments =
        new ArrayList<>(
            List.of(
                "--cluster-enabled",
                "yes",
                "--cluster-config-file",
                "nodes.conf",
                "--cluster-node-timeout",
                "5000",
                "--tls-port",
                Integer.toString(tlsPort),
                "--tls-cluster",
                "yes"));
    arguments.addAll(Arrays.asList(tlsArguments));
    try {
      return launchOn(freePort(), arguments.toArray(String[]::new));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static RedisServerProcess launchOn(Integer port, String... extraArguments) {
    try {
      return started(
          new RedisServerProcess(
              Files.createTempDirectory("timerlock-redis-"),
              true,
              port == null ? freePort() : port,
              List.copyOf(Arrays.asList(extraArguments)),
              false));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Starts the new server; one that does not come up is closed, its port and directory freed. */
  private static RedisServerProcess started(RedisServerProcess server) {
    try {
      server.start();
      return server;
    } catch (RuntimeException e) {
      server.close();
      throw e;
    }
  }

  /** The port it listens on, the same after a restart. */
  public int port() {
    return port;
  }

  /** The URI clients connect to, e.g. {@code redis://127.0.0.1:41234}. */
  public String uri() {
    return "redis://127.0.0.1:" + port;
  }

  /** Host and port, e.g. {@code 127.0.0.1:41234}. */
  public String address() {
    return "127.0.0.1:" + port;
  }

  @Override
  public StoreAddress storeAddress() {
    return StoreKind.REDIS.addressAt(address(), "private redis-server");
  }

  @Override
  public synchronized long pid() {
    if (process == null) {
      throw new IllegalStateException("redis-server on port " + port + " does not run");
    }
    return process.pid();
  }

  /** Starts the process, on the same port as before, unless it runs; returns once it answers. */
  public synchronized void start() {
    if (process != null && process.isAlive()) {
      return;
    }
    List<String> command = new ArrayList<>();
    command.add(binary());
    if (sentinel) {
      command.add(directory().resolve("sentinel.conf").toString());
      command.add("--sentinel");
    }
    command.addAll(
        List.of("--port", Integer.toString(port), "--bind", "127.0.0.1", "--daemonize", "no"));
    if (!sentinel) {
      command.addAll(List.of("--save", "", "--appendonly", "no"));
    }
    command.addAll(
        List.of(
            "--dir",
            directory().toString(),
            "--logfile",
            directory().resolve("redis.log").toString()));
    command.addAll(extraArguments);
    try {
      process =
          new ProcessBuilder(command)
              .directory(directory().toFile())
              .redirectErrorStream(true)
              .redirectOutput(directory().resolve("stdout.log").toFile())
              .start();
    } catch (IOException e) {
      throw new UncheckedIOException(
          "Cannot start '"
              + binary()
              + "' for a private Redis: install redis-server (on Debian, 'apt-get install"
              + " redis-server', or 'bash .ci/services.sh' as root) or set "
              + BINARY_VARIABLE,
          e);
    }
    awaitListening();
  }

  /** Kills the process (SIGKILL): connections break and every key is lost. */
  public synchronized void kill() {
    if (process != null) {
      process.destroyForcibly();
      try {
        process.waitFor(10, TimeUnit.SECONDS);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
      process = null;
    }
    awaitClosed();
  }

  @Override
  void stop() {
    kill();
  }

  /** Runs redis-cli against this server and returns its output. */
  public String cli(String... arguments) {
    List<String> command =
        new ArrayList<>(List.of("redis-cli", "-h", "127.0.0.1", "-p", "" + port));
    command.addAll(Arrays.asList(arguments));
    return run(command);
  }

  /** Runs a command and returns its output; fails unless it exits with 0 within 60 s. */
  public static String run(List<String> command) {
    try {
      Process cli = new ProcessBuilder(command).redirectErrorStream(true).start();
      String output = new String(cli.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
      if (!cli.waitFor(60, TimeUnit.SECONDS)) {
        cli.destroyForcibly();
        throw new IllegalStateException("timed out: " + command);
      }
      if (cli.exitValue() != 0) {
        throw new IllegalStateException(command + " failed: " + output);
      }
      return output.trim();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }

  /** The server's log so far, for failure messages. */
  public String log() {
    try {
      return Files.readString(directory().resolve("redis.log"));
    } catch (IOException e) {
      return "(no log: " + e + ")";
    }
  }

  private void awaitListening() {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
    while (System.nanoTime() < deadline) {
      if (!process.isAlive()) {
        throw new IllegalStateException(
            "redis-server on port " + port + " exited with " + process.exitValue() + ": " + log());
      }
      try (Socket socket = new Socket()) {
        socket.connect(new InetSocketAddress("127.0.0.1", port), 500);
        socket.setSoTimeout(2000);
        OutputStream out = socket.getOutputStream();
        out.write("PING\r\n".getBytes(StandardCharsets.US_ASCII));
        out.flush();
        InputStream in = socket.getInputStream();
        int first = in.read();
        if (first == '+' || first == '-') {
          return;
        }
      } catch (IOException e) {
        // not yet
      }
      sleep(50);
    }
    throw new IllegalStateException("redis-server on port " + port + " did not start: " + log());
  }

  private void awaitClosed() {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
    while (System.nanoTime() < deadline) {
      try (Socket socket = new Socket()) {
        socket.connect(new InetSocketAddress("127.0.0.1", port), 200);
      } catch (IOException e) {
        return;
      }
      sleep(50);
    }
  }

  /** A free port whose port + 10000 (a cluster node's bus) is free too. */
  public static int freePortWithBus() {
    java.util.Random random = new java.util.Random();
    for (int attempt = 0; attempt < 200; attempt++) {
      int port = 20000 + random.nextInt(20000);
      if (bindable(port) && bindable(port + 10000)) {
        return port;
      }
    }
    throw new IllegalStateException("no free port pair for a cluster node");
  }

  private static boolean bindable(int port) {
    try (ServerSocket socket = new ServerSocket()) {
      socket.bind(new InetSocketAddress("127.0.0.1", port));
      return true;
    } catch (IOException e) {
      return false;
    }
  }

  /**
   * A port of 127.0.0.1 that nothing listens on right now, below the kernel's ephemeral range: no
   * outgoing connection can take it while a test has stopped the server to start it again.
   */
  public static int freePort() throws IOException {
    int ephemeralLow = 32_768;
    try {
      // readAllLines, not readString: on JDK 17, readString of this zero-size file can return
      // only its first character.
      String range =
          Files.readAllLines(Path.of("/proc/sys/net/ipv4/ip_local_port_range")).get(0).strip();
      ephemeralLow = Integer.parseInt(range.split("\\s+")[0]);
    } catch (IOException | RuntimeException e) {
      // Not Linux: keep the usual default.
    }
    int low = Math.min(20_000, ephemeralLow / 2);
    java.util.Random random = new java.util.Random();
    for (int attempt = 0; attempt < 200; attempt++) {
      int port = low + random.nextInt(ephemeralLow - low);
      if (bindable(port)) {
        return port;
      }
    }
    throw new IOException("no free port in " + low + "-" + (ephemeralLow - 1));
  }

  /** Sleeps; an interruption becomes an unchecked exception. */
  public static void sleep(long millis) {
    try {
      Thread.sleep(millis);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }
}
