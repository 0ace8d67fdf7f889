package org.timerlock.example.it;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * One GlassFish domain of the distribution the build unpacked, driven by {@code asadmin} as an
 * operator would: created with a port base of its own under {@code target/domains}, started,
 * configured, given applications, stopped. asadmin and the domain run on the JDK named by the
 * system property {@code glassfish.java.home}.
 *
 * <p>The domain is started by {@code asadmin start-domain --verbose}, which stays in the foreground
 * and copies the server's console to its own: its output, kept in {@code logs/console.log}, holds
 * every log record, written when it is logged. {@code server.log} is not enough for the tests: its
 * records are written by a handler thread that a domain sometimes never starts, and then the file
 * keeps only the launcher's first entry.
 */
final class GlassFishDomain implements AutoCloseable {

  /** asadmin output of one command. */
  record Result(int exitCode, String output) {
    boolean succeeded() {
      return exitCode == 0;
    }
  }

  /** Starting a domain on a loaded 2-core machine can take minutes; nothing else takes longer. */
  private static final long COMMAND_TIMEOUT_MINUTES = 5;

  private final Path home;
  private final Path domainsDir;
  private final String name;
  private final int portBase;
  private Process verboseStart;
  private boolean running;

  private GlassFishDomain(Path home, Path domainsDir, String name, int portBase) {
    this.home = home;
    this.domainsDir = domainsDir;
    this.name = name;
    this.portBase = portBase;
  }

  /**
   * Creates a fresh domain (replacing one of the same name left by an earlier run) and starts it.
   *
   * @param name the domain's name
   * @param portBase its ports: admin = base + 48, HTTP = base + 80
   * @return the running domain
   */
  static GlassFishDomain start(String name, int portBase) {
    Path home = Path.of(System.getProperty("glassfish.home", "target/glassfish8"));
    Path domainsDir = Path.of(System.getProperty("domains.dir", "target/domains"));
    GlassFishDomain domain = new GlassFishDomain(home, domainsDir, name, portBase);
    domain.deleteLeftovers();
    domain.local(
        "create-domain",
        "--nopassword",
        "--portbase",
        Integer.toString(portBase),
        "--domaindir",
        domainsDir.toString(),
        name);
    domain.verboseStart = domain.startVerbose();
    domain.running = true;
    try {
      domain.awaitAdminListener();
    } catch (RuntimeException e) {
      // A domain that did not come up in time is not left running for the rest of the build.
      try {
        domain.close();
      } catch (RuntimeException stop) {
        e.addSuppressed(stop);
      }
      throw e;
    }
    return domain;
  }

  /** start-domain --verbose, in the background, its output (the server's console) to a file. */
  private Process startVerbose() {
    try {
      Files.createDirectories(consoleLog().getParent());
      Process process =
          asadminProcess(
                  List.of("start-domain", "--verbose", "--domaindir", domainsDir.toString(), name))
              .redirectOutput(consoleLog().toFile())
              .start();
      // Nothing is typed into it: an asadmin that asks for input gets end of file at once.
      process.getOutputStream().close();
      return process;
    } catch (IOException e) {
      throw new UncheckedIOException("cannot start domain " + name, e);
    }
  }

  /**
   * Polls the admin port until the domain answers a remote-only command ({@code version} answers
   * from the local installation when the domain is down); fails naming the console log.
   */
  private void awaitAdminListener() {
    long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(COMMAND_TIMEOUT_MINUTES);
    while (!tryAdmin("uptime").succeeded()) {
      if (!verboseStart.isAlive() || System.nanoTime() > deadline) {
        throw new IllegalStateException(
            "domain "
                + name
                + (verboseStart.isAlive()
                    ? " did not answer within " + COMMAND_TIMEOUT_MINUTES + " minutes"
                    : " stopped starting (start-domain exit code " + verboseStart.exitValue() + ")")
                + "; its console: "
                + consoleLog());
      }
      try {
        Thread.sleep(2000);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new IllegalStateException("interrupted waiting for domain " + name, e);
      }
    }
  }

  /**
   * The domain's name.
   *
   * @return e.g. {@code gf1}
   */
  String name() {
    return name;
  }

  /**
   * The HTTP port of the domain's applications.
   *
   * @return the port base + 80
   */
  int httpPort() {
    return portBase + 80;
  }

  /**
   * Runs a remote asadmin command against this domain and requires it to succeed.
   *
   * @param args the command and its arguments
   * @return the command's output
   */
  String admin(String... args) {
    Result result = tryAdmin(args);
    if (!result.succeeded()) {
      throw new IllegalStateException(
          "asadmin " + String.join(" ", args) + " failed on " + name + ":\n" + result.output());
    }
    return result.output();
  }

  /**
   * Runs a remote asadmin command against this domain.
   *
   * @param args the command and its arguments
   * @return its exit code and output
   */
  Result tryAdmin(String... args) {
    List<String> command = new ArrayList<>();
    command.add("--port");
    command.add(Integer.toString(portBase + 48));
    command.add("--interactive=false");
    command.addAll(List.of(args));
    return asadmin(command);
  }

  /**
   * Deploys a WAR under a name of its own, which is also its context root.
   *
   * @param war the archive
   * @param appName the application's name
   * @return asadmin's exit code and output: a failed deployment says why there
   */
  Result deploy(Path war, String appName) {
    return tryAdmin("deploy", "--name", appName, "--contextroot", appName, war.toString());
  }

  /**
   * Undeploys an application.
   *
   * @param appName its name
   */
  void undeploy(String appName) {
    admin("undeploy", appName);
  }

  /**
   * The domain's server log.
   *
   * @return {@code logs/server.log} (GlassFish buffers it: lines appear late)
   */
  Path serverLog() {
    return domainsDir.resolve(name).resolve("logs").resolve("server.log");
  }

  /**
   * The domain's console as {@code start-domain --verbose} printed it: the launcher's lines, then
   * every log record in GlassFish's uniform format ({@code
   * [#|time|LEVEL|product|logger|...|text|#]}).
   *
   * @return {@code logs/console.log}
   */
  Path consoleLog() {
    return domainsDir.resolve(name).resolve("logs").resolve("console.log");
  }

  @Override
  public void close() {
    if (running) {
      running = false;
      boolean stopped = false;
      try {
        local("stop-domain", "--domaindir", domainsDir.toString(), name);
        stopped = true;
      } finally {
        // The foreground asadmin returns once its server has gone. One that does not, or whose
        // domain could not be stopped, is killed with the server JVM it started (its child), so
        // that no domain keeps its ports for the rest of the build.
        if (!stopped || !exitsInTime(verboseStart)) {
          verboseStart.descendants().forEach(ProcessHandle::destroyForcibly);
          verboseStart.destroyForcibly();
        }
      }
    }
  }

  private static boolean exitsInTime(Process process) {
    try {
      return process.waitFor(COMMAND_TIMEOUT_MINUTES, TimeUnit.MINUTES);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return false;
    }
  }

  private void local(String... args) {
    Result result = asadmin(List.of(args));
    if (!result.succeeded()) {
      throw new IllegalStateException(
          "asadmin " + String.join(" ", args) + " failed:\n" + result.output());
    }
  }

  private ProcessBuilder asadminProcess(List<String> args) {
    List<String> command = new ArrayList<>();
    command.add(home.resolve("bin").resolve("asadmin").toString());
    command.addAll(args);
    ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true);
    builder.environment().put("AS_JAVA", javaHome());
    return builder;
  }

  /** The JDK of {@code glassfish.java.home}, or a failure that says how to name one. */
  private static String javaHome() {
    String javaHome = System.getProperty("glassfish.java.home", "");
    if (!Files.isExecutable(Path.of(javaHome, "bin", "java"))) {
      throw new IllegalStateException(
          "no java in glassfish.java.home '"
              + javaHome
              + "': set -Dglassfish.java.home to a JDK that runs this GlassFish (Java 21 or later"
              + " for 8.0.0-Mn, Java 17 for 8.0.0-JDK17-Mn)");
    }
    return javaHome;
  }

  private Result asadmin(List<String> args) {
    ProcessBuilder builder = asadminProcess(args);
    try {
      Path output = Files.createTempFile("asadmin", ".log");
      try {
        Process process = builder.redirectOutput(output.toFile()).start();
        if (!process.waitFor(COMMAND_TIMEOUT_MINUTES, TimeUnit.MINUTES)) {
          process.destroyForcibly();
          throw new IllegalStateException(
              "asadmin "
                  + String.join(" ", args)
                  + " still running after "
                  + COMMAND_TIMEOUT_MINUTES
                  + " minutes:\n"
                  + Files.readString(output, StandardCharsets.UTF_8));
        }
        return new Result(process.exitValue(), Files.readString(output, StandardCharsets.UTF_8));
      } finally {
        Files.deleteIfExists(output);
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot run asadmin " + builder.command(), e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted running asadmin " + builder.command(), e);
    }
  }

  /** A domain of an earlier run that was not stopped (a killed build) is stopped and removed. */
  private void deleteLeftovers() {
    Path dir = domainsDir.resolve(name);
    if (!Files.exists(dir)) {
      return;
    }
    asadmin(List.of("stop-domain", "--domaindir", domainsDir.toString(), name));
    try (var paths = Files.walk(dir)) {
      paths.sorted(java.util.Comparator.reverseOrder()).forEach(GlassFishDomain::delete);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot remove the old domain " + dir, e);
    }
  }

  private static void delete(Path path) {
    try {
      Files.delete(path);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
