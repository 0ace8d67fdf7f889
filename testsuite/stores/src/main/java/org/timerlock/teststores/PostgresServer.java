package org.timerlock.teststores;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * A private PostgreSQL, from {@code initdb} and {@code pg_ctl} of {@code
 * timerlock.bench.postgres.bin} (default {@code /usr/lib/postgresql/15/bin}): durable settings
 * ({@code fsync}, synchronous commit), but no autovacuum and no timed checkpoint, the two
 * background writers a measurement would otherwise count.
 */
final class PostgresServer extends DatabaseServer {

  private PostgresServer(Path directory, int port) {
    super(StoreKind.POSTGRES, directory, port);
  }

  static PostgresServer start() {
    PostgresServer server = new PostgresServer(temporaryDirectory(StoreKind.POSTGRES), freePort());
    return started(
        server,
        () -> {
          Path directory = server.directory();
          ServerCommands.giveTo(directory, "postgres");
          ServerCommands.run(
              directory,
              "postgres",
              List.of(
                  tool("initdb"),
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
                  + server.port()
                  + " -k "
                  + directory
                  + " -c listen_addresses=127.0.0.1"
                  + " -c autovacuum=off -c checkpoint_timeout=1d -c max_wal_size=10GB";
          ServerCommands.run(
              directory,
              "postgres",
              List.of(
                  tool("pg_ctl"),
                  "-D",
                  "data",
                  "-o",
                  options,
                  "-l",
                  "postgres.log",
                  "-w",
                  "start"));
        });
  }

  /** The property keeps the name the benchmark documentation gives it. */
  private static String tool(String name) {
    return Path.of(System.getProperty("timerlock.bench.postgres.bin", "/usr/lib/postgresql/15/bin"))
        .resolve(name)
        .toString();
  }

  @Override
  String adminUrl() {
    return "jdbc:postgresql://127.0.0.1:" + port() + "/postgres";
  }

  /** {@code pg_ctl -w start} returned, so the postmaster runs unless it left no pid file. */
  @Override
  boolean exited() {
    return !Files.exists(pidFile());
  }

  @Override
  synchronized void stop() {
    if (Files.exists(pidFile())) {
      ServerCommands.run(
          directory(),
          "postgres",
          List.of(tool("pg_ctl"), "-D", "data", "-m", "fast", "-w", "stop"));
    }
  }

  @Override
  Path pidFile() {
    return directory().resolve("data/postmaster.pid");
  }
}
