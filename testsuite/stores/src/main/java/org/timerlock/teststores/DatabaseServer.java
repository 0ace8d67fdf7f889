package org.timerlock.teststores;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * A private PostgreSQL or MariaDB server in a temporary directory: what both share once their
 * server runs, namely waiting for it to answer and creating the database {@code test} on it.
 */
abstract class DatabaseServer extends PrivateServer {

  private final StoreKind kind;
  private final int port;

  DatabaseServer(StoreKind kind, Path directory, int port) {
    super(directory, true);
    this.kind = kind;
    this.port = port;
  }

  /** A new temporary directory for a server of the kind. */
  static Path temporaryDirectory(StoreKind kind) {
    try {
      return Files.createTempDirectory("timerlock-" + kind.id() + "-");
    } catch (IOException e) {
      throw new UncheckedIOException("No temporary directory for a private " + kind.label(), e);
    }
  }

  /** A port nothing listens on right now. */
  static int freePort() {
    try (ServerSocket socket = new ServerSocket(0)) {
      return socket.getLocalPort();
    } catch (IOException e) {
      throw new UncheckedIOException("No free port for a private server", e);
    }
  }

  /**
   * Runs the server's start-up, waits until it answers, then creates the database {@code test};
   * stops the server and fails with its logs when it does not come up.
   */
  static <S extends DatabaseServer> S started(S server, Runnable startup) {
    try {
      startup.run();
      server.awaitReady();
      return server;
    } catch (RuntimeException e) {
      server.close();
      throw e;
    }
  }

  /** A URL of a database that exists before {@code test} does. */
  abstract String adminUrl();

  /** Whether the server's process has ended before answering. */
  abstract boolean exited();

  /** The file in which the server writes the id of its main process. */
  abstract Path pidFile();

  @Override
  public final long pid() {
    try {
      return Long.parseLong(Files.readAllLines(pidFile()).get(0).trim());
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot read " + pidFile(), e);
    }
  }

  final int port() {
    return port;
  }

  @Override
  public final StoreAddress storeAddress() {
    return kind.addressAt("127.0.0.1:" + port, "private server");
  }

  final void awaitReady() {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(ServerCommands.TIMEOUT_SECONDS);
    Exception last = null;
    while (System.nanoTime() < deadline) {
      if (exited()) {
        throw new IllegalStateException(
            "The private " + kind.label() + " on port " + port + " exited: " + logs());
      }
      try (Connection connection =
              DriverManager.getConnection(adminUrl(), storeAddress().user(), "");
          Statement statement = connection.createStatement()) {
        statement.execute("CREATE DATABASE test");
        return;
      } catch (SQLException | RuntimeException e) {
        last = e;
      }
      try {
        Thread.sleep(200);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new IllegalStateException("Interrupted while the private server starts", e);
      }
    }
    throw new IllegalStateException(
        "The private " + kind.label() + " on port " + port + " is not ready: " + last + logs(),
        last);
  }

  private String logs() {
    StringBuilder text = new StringBuilder();
    try (Stream<Path> files = Files.list(directory())) {
      for (Path log : files.filter(f -> f.toString().endsWith(".log")).toList()) {
        text.append("\n--- ").append(log).append('\n').append(Files.readString(log));
      }
    } catch (IOException e) {
      text.append("\n(no logs: ").append(e).append(')');
    }
    return text.toString();
  }
}
