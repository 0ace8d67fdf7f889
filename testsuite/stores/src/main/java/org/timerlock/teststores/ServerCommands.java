package org.timerlock.teststores;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.UserPrincipal;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Runs a database server's tools and the server itself. PostgreSQL and MariaDB refuse to run as
 * root; when this JVM is root, they run as the {@code postgres} and {@code mysql} system users
 * through {@code runuser}.
 */
final class ServerCommands {

  static final long TIMEOUT_SECONDS = 120;

  private ServerCommands() {}

  /** As root, hands the directory to the system user the server runs as. */
  static void giveTo(Path directory, String user) {
    if (!asRoot()) {
      return;
    }
    try {
      UserPrincipal owner =
          directory.getFileSystem().getUserPrincipalLookupService().lookupPrincipalByName(user);
      Files.setOwner(directory, owner);
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot give " + directory + " to user " + user, e);
    }
  }

  /** Starts a server in the foreground, its output in {@code stdout.log} of its directory. */
  static Process launch(Path directory, String user, List<String> command) {
    try {
      return new ProcessBuilder(as(user, command))
          .directory(directory.toFile())
          .redirectErrorStream(true)
          .redirectOutput(directory.resolve("stdout.log").toFile())
          .start();
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot start " + command, e);
    }
  }

  /** Runs a tool to its end; fails with its output when it fails. */
  static void run(Path directory, String user, List<String> command) {
    try {
      Process tool =
          new ProcessBuilder(as(user, command))
              .directory(directory.toFile())
              .redirectErrorStream(true)
              .start();
      String output = new String(tool.getInputStream().readAllBytes());
      if (!tool.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS) || tool.exitValue() != 0) {
        tool.destroyForcibly();
        throw new IllegalStateException(command + " failed: " + output);
      }
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot run " + command, e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }

  private static boolean asRoot() {
    return "root".equals(System.getProperty("user.name"));
  }

  private static List<String> as(String user, List<String> command) {
    if (!asRoot()) {
      return command;
    }
    List<String> wrapped = new ArrayList<>(List.of("runuser", "-u", user, "--"));
    wrapped.addAll(command);
    return wrapped;
  }
}
