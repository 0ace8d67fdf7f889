package org.timerlock.chaos;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.timerlock.teststores.RedisServerProcess;

/**
 * A private {@code redis-server} on a free port of 127.0.0.1 that the run can crash ({@code kill
 * -9}) and start again on the same port: either with no persistence (it comes back empty) or with
 * an append-only file fsynced on every write (it comes back with every acknowledged write). It
 * never touches the shared Redis on 6379.
 */
final class RedisServer implements AutoCloseable {

  /** Names the redis-server binary when it is not on the PATH. */
  static final String BINARY_VARIABLE = "TIMERLOCK_TEST_CHAOS_REDIS_SERVER";

  private final Path dir;
  private final int port;
  private final String binary;
  private final boolean persistent;
  private Process process;

  private RedisServer(Path dir, int port, String binary, boolean persistent) {
    this.dir = dir;
    this.port = port;
    this.binary = binary;
    this.persistent = persistent;
  }

  /**
   * Starts a server.
   *
   * @param dir its working directory and log
   * @param persistent true for an append-only file fsynced on every write, which survives {@code
   *     kill -9}; false for no persistence at all
   * @return the running server
   * @throws IOException when it cannot be started
   */
  static RedisServer start(Path dir, boolean persistent) throws IOException {
    Files.createDirectories(dir);
    String binary = System.getenv(BINARY_VARIABLE);
    RedisServer server =
        new RedisServer(
            dir,
            RedisServerProcess.freePort(),
            binary == null || binary.isBlank() ? "redis-server" : binary,
            persistent);
    server.startProcess();
    return server;
  }

  /**
   * The URI clients connect to.
   *
   * @return e.g. {@code redis://127.0.0.1:41234}
   */
  String uri() {
    return "redis://127.0.0.1:" + port;
  }

  /**
   * Whether the server process is running.
   *
   * @return true while it runs
   */
  synchronized boolean running() {
    return process != null && process.isAlive();
  }

  /**
   * Kills the server with SIGKILL and waits for it to be gone; without persistence, every key is
   * lost.
   */
  synchronized void crash() {
    if (process != null) {
      Signals.send(process.pid(), "KILL");
      try {
        process.waitFor(10, TimeUnit.SECONDS);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
      process = null;
    }
  }

  /**
   * Starts the server again on the same port, from its append-only file or empty.
   *
   * @throws IOException when it does not come up
   */
  synchronized void restart() throws IOException {
    crash();
    startProcess();
  }

  private void startProcess() throws IOException {
    ProcessBuilder pb =
        new ProcessBuilder(
                binary,
                "--port",
                Integer.toString(port),
                "--bind",
                "127.0.0.1",
                "--save",
                "",
                "--appendonly",
                persistent ? "yes" : "no",
                "--appendfsync",
                "always",
                "--dir",
                dir.toString(),
                "--daemonize",
                "no",
                "--protected-mode",
                "yes")
            .redirectErrorStream(true)
            .redirectOutput(ProcessBuilder.Redirect.appendTo(dir.resolve("redis.out").toFile()));
    try {
      process = pb.start();
    } catch (IOException e) {
      throw new IOException(
          "Cannot start '"
              + binary
              + "' for the private Redis of the chaos run: install redis-server (on Debian,"
              + " 'apt-get install redis-server', or 'bash .ci/services.sh' as root) or set "
              + BINARY_VARIABLE,
          e);
    }
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
    while (System.nanoTime() < deadline) {
      if (!process.isAlive()) {
        throw new IOException(
            "redis-server exited with "
                + process.exitValue()
                + "; see "
                + dir.resolve("redis.out"));
      }
      if (pings()) {
        return;
      }
      try {
        Thread.sleep(20);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new IOException("Interrupted while waiting for redis-server", e);
      }
    }
    throw new IOException("redis-server did not answer on port " + port + " within 20 s");
  }

  private boolean pings() {
    try (Socket socket = new Socket()) {
      socket.connect(new InetSocketAddress("127.0.0.1", port), 500);
      socket.setSoTimeout(1_000);
      OutputStream out = socket.getOutputStream();
      out.write("PING\r\n".getBytes(StandardCharsets.US_ASCII));
      out.flush();
      InputStream in = socket.getInputStream();
      return in.read() == '+';
    } catch (IOException e) {
      return false;
    }
  }

  @Override
  public synchronized void close() {
    if (process != null) {
      process.destroyForcibly();
      try {
        process.waitFor(10, TimeUnit.SECONDS);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
      process = null;
    }
  }
}
