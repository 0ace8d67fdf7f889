package org.timerlock.teststores;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A private MariaDB, from {@code mariadb-install-db} and {@code mariadbd}: with a binary log in
 * MIXED format (MariaDB's default when the log is on) so that its counters can be read too, and
 * without InnoDB's automatic statistics recalculation, whose background transactions would take
 * transaction ids and write redo during a measurement.
 */
final class MariaDbServer extends DatabaseServer {

  private Process foreground;

  private MariaDbServer(Path directory, int port) {
    super(StoreKind.MARIADB, directory, port);
  }

  static MariaDbServer start() {
    MariaDbServer server = new MariaDbServer(temporaryDirectory(StoreKind.MARIADB), freePort());
    return started(
        server,
        () -> {
          Path directory = server.directory();
          Path data = directory.resolve("data");
          ServerCommands.giveTo(directory, "mysql");
          ServerCommands.run(
              directory,
              "mysql",
              List.of(
                  "mariadb-install-db",
                  "--no-defaults",
                  "--datadir=" + data,
                  "--auth-root-authentication-method=normal",
                  "--skip-test-db"));
          server.foreground =
              ServerCommands.launch(
                  directory,
                  "mysql",
                  List.of(
                      "mariadbd",
                      "--no-defaults",
                      "--datadir=" + data,
                      "--port=" + server.port(),
                      "--bind-address=127.0.0.1",
                      "--socket=" + directory.resolve("mariadbd.sock"),
                      "--pid-file=" + server.pidFile(),
                      "--log-error=" + directory.resolve("mariadbd.log"),
                      "--server-id=1",
                      "--log-bin=" + directory.resolve("binlog"),
                      "--binlog-format=MIXED",
                      "--innodb-stats-auto-recalc=OFF"));
        });
  }

  @Override
  String adminUrl() {
    return "jdbc:mariadb://127.0.0.1:" + port() + "/";
  }

  @Override
  boolean exited() {
    return !foreground.isAlive();
  }

  @Override
  synchronized void stop() {
    if (foreground == null) {
      return;
    }
    if (Files.exists(pidFile())) {
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

  @Override
  Path pidFile() {
    return directory().resolve("mariadbd.pid");
  }
}
