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
 * configured, given applications, stopped.
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
    domain.running = true;
    Result started =
        domain.asadmin(List.of("start-domain", "--domaindir", domainsDir.toString(), name));
    if (!started.succeeded()) {
      // start-domain waits 60 s at most, and a domain on a loaded machine may need longer.
      domain.awaitAdminListener(started.output());
    }
    return domain;
  }

  /** Polls the admin port until the domain answers; fails with what start-domain said. */
  private void awaitAdminListener(String startOutput) {
    long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(COMMAND_TIMEOUT_MINUTES);
    while (!tryAdmin("version").succeeded()) {
      if (System.nanoTime() > deadline) {
        throw new IllegalStateException(
            "domain "
                + name
                + " did not answer within "
                + COMMAND_TIMEOUT_MINUTES
                + " minutes; start-domain said:\n"
                + startOutput);
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

  @Override
  public void close() {
    if (running) {
      running = false;
      local("stop-domain", "--domaindir", domainsDir.toString(), name);
    }
  }

  private void local(String... args) {
    Result result = asadmin(List.of(args));
    if (!result.succeeded()) {
      throw new IllegalStateException(
          "asadmin " + String.join(" ", args) + " failed:\n" + result.output());
    }
  }

  private Result asadmin(List<String> args) {
    List<String> command = new ArrayList<>();
    command.add(home.resolve("bin").resolve("asadmin").toString());
    command.addAll(args);
    ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true);
    builder.environment().put("AS_JAVA", System.getProperty("java.home"));
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
      throw new UncheckedIOException("cannot run asadmin " + command, e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted running asadmin " + command, e);
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
