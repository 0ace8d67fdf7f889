package org.timerlock.example.payaraserver;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * Makes the domains the tests run on, before the tests: the build runs it after unpacking Payara
 * Server (see the module's POM). Each domain is made as an operator would, with {@code asadmin
 * create-domain --portbase}, then set up in its configuration files, which a domain that is not
 * running reads at its next start:
 *
 * <ul>
 *   <li>{@code -Dtimerlock.node-id=<domain>} among its JVM options: TimerLock's node id (every
 *       domain's instance is called {@code server}, so the default id differs only by process id),
 *       and the mark by which the two-node scenarios find the domain's process to pause and kill;
 *   <li>the client compiler only ({@code -XX:TieredStopAtLevel=1}) and no Hazelcast (TimerLock
 *       needs no cluster; non-persistent timers), for a quicker boot;
 *   <li>no size limit on {@code server.log}, so that the server never rolls it over under a test
 *       that reads it from a mark.
 * </ul>
 *
 * <p>{@code create-domain} takes tens of seconds on a loaded machine (it generates keys), so a
 * domain made once is kept in a snapshot directory under {@code target/}, and every build starts
 * from a fresh copy of it: no application or state of an earlier run is left in the domain.
 */
public final class PayaraDomains {

  /**
   * A loaded 2-core machine took 38 s for one create-domain, and stop-domain waits for the
   * application's drain; far more means asadmin hangs.
   */
  private static final long TIMEOUT_MINUTES = 10;

  private PayaraDomains() {}

  /**
   * Makes or restores the domains, or stops them.
   *
   * @param args {@code prepare}, the Payara installation, the snapshot directory, then {@code
   *     name:portBase} for each domain; or {@code stop}, the Payara installation, then each
   *     domain's name
   * @throws Exception when a domain cannot be made or stopped
   */
  public static void main(String[] args) throws Exception {
    Path payaraHome = Path.of(args[1]);
    if (args[0].equals("stop")) {
      for (int i = 2; i < args.length; i++) {
        stop(payaraHome, args[i]);
      }
      return;
    }
    Path snapshots = Path.of(args[2]);
    List<String[]> domains = new ArrayList<>();
    for (int i = 3; i < args.length; i++) {
      domains.add(args[i].split(":"));
    }
    // Both at once: create-domain is mostly the key generation of one JVM at a time.
    ExecutorService pool = Executors.newFixedThreadPool(domains.size());
    try {
      List<Future<?>> made = new ArrayList<>();
      for (String[] domain : domains) {
        made.add(
            pool.submit(
                () -> {
                  prepare(payaraHome, snapshots, domain[0], Integer.parseInt(domain[1]));
                  return null;
                }));
      }
      for (Future<?> future : made) {
        try {
          future.get();
        } catch (ExecutionException e) {
          throw e.getCause() instanceof Exception cause ? cause : e;
        }
      }
    } finally {
      pool.shutdownNow();
    }
  }

  /**
   * Stops a domain if it runs. The build stops both domains after the tests and before the next run
   * replaces them: the Arquillian adapter (2.5) stops only the first domain it is asked to in a JVM
   * (it appends each domain's name to one shared argument list, so the second {@code stop-domain}
   * gets two names and fails), and a run that was killed leaves its domains running.
   */
  private static void stop(Path payaraHome, String name) throws IOException, InterruptedException {
    if (Files.isDirectory(payaraHome.resolve("glassfish/domains").resolve(name))) {
      // A domain that is not running is only a warning; one that cannot be stopped fails the
      // next start-domain, which says why.
      asadmin(payaraHome, List.of("stop-domain", name), null, false);
    }
  }

  private static void prepare(Path payaraHome, Path snapshots, String name, int portBase)
      throws IOException, InterruptedException {
    Path snapshot = snapshots.resolve(name);
    Path domain = payaraHome.resolve("glassfish/domains").resolve(name);
    stop(payaraHome, name);
    if (!Files.isDirectory(snapshot)) {
      delete(domain);
      Files.createDirectories(snapshots);
      asadmin(
          payaraHome,
          List.of(
              "--interactive=false",
              "create-domain",
              "--nopassword=true",
              "--portbase",
              String.valueOf(portBase),
              // The ports are checked when the domain starts; another build may hold them now.
              "--checkports=false",
              name),
          snapshots.resolve(name + "-create-domain.log"),
          true);
      configure(domain, name);
      // The snapshot appears whole or not at all: a build stopped half-way makes it again.
      Path partial = snapshots.resolve(name + ".partial");
      delete(partial);
      copy(domain, partial);
      Files.move(partial, snapshot, StandardCopyOption.ATOMIC_MOVE);
    }
    delete(domain);
    copy(snapshot, domain);
    System.out.println("Payara Server domain " + name + " ready, port base " + portBase);
  }

  /** Runs asadmin; unless it succeeds in time, fails with its output if it must succeed. */
  private static void asadmin(
      Path payaraHome, List<String> arguments, Path log, boolean mustSucceed)
      throws IOException, InterruptedException {
    List<String> command = new ArrayList<>();
    command.add(payaraHome.resolve("bin/asadmin").toString());
    command.addAll(arguments);
    Path output = log != null ? log : Files.createTempFile("asadmin", ".log");
    Process process =
        new ProcessBuilder(command)
            .redirectErrorStream(true)
            .redirectOutput(output.toFile())
            .start();
    boolean ended = process.waitFor(TIMEOUT_MINUTES, TimeUnit.MINUTES);
    String printed = Files.readString(output, StandardCharsets.UTF_8);
    if (log == null) {
      Files.delete(output);
    }
    if (!ended) {
      process.destroyForcibly();
    }
    if (mustSucceed && (!ended || process.exitValue() != 0)) {
      throw new IllegalStateException(
          String.join(" ", command)
              + (ended ? " failed" : " did not end in " + TIMEOUT_MINUTES + " min")
              + ":\n"
              + printed);
    }
    System.out.print(printed);
  }

  private static void configure(Path domain, String name) throws IOException {
    Path domainXml = domain.resolve("config/domain.xml");
    String xml = Files.readString(domainXml);
    // The first of each is the server's own configuration (server-config); default-config, which
    // follows, is only the template of new instances.
    xml =
        replaceFirst(
            xml,
            "<jvm-options>-Xmx512m</jvm-options>",
            "<jvm-options>-Xmx512m</jvm-options>"
                + "<jvm-options>-XX:TieredStopAtLevel=1</jvm-options>"
                + "<jvm-options>-Dtimerlock.node-id="
                + name
                + "</jvm-options>",
            domainXml);
    xml =
        replaceFirst(
            xml,
            "<hazelcast-config-specific-configuration>",
            "<hazelcast-config-specific-configuration enabled=\"false\">",
            domainXml);
    Files.writeString(domainXml, xml);

    Path logging = domain.resolve("config/logging.properties");
    String rotation = "com.sun.enterprise.server.logging.GFFileHandler.rotationLimitInBytes=";
    Files.writeString(
        logging,
        replaceFirst(Files.readString(logging), rotation + "2000000", rotation + "0", logging));
  }

  /** Replaces the first occurrence, failing if there is none: a new release may differ. */
  private static String replaceFirst(String text, String from, String to, Path file) {
    int at = text.indexOf(from);
    if (at < 0) {
      throw new IllegalStateException("no " + from + " in " + file);
    }
    return text.substring(0, at) + to + text.substring(at + from.length());
  }

  private static void copy(Path from, Path to) throws IOException {
    try (Stream<Path> files = Files.walk(from)) {
      files.forEach(
          file -> {
            try {
              Path target = to.resolve(from.relativize(file).toString());
              if (Files.isDirectory(file)) {
                Files.createDirectories(target);
              } else {
                Files.copy(file, target, StandardCopyOption.COPY_ATTRIBUTES);
              }
            } catch (IOException e) {
              throw new UncheckedIOException(e);
            }
          });
    }
  }

  private static void delete(Path dir) throws IOException {
    if (!Files.exists(dir)) {
      return;
    }
    Files.walkFileTree(
        dir,
        new SimpleFileVisitor<>() {
          @Override
          public FileVisitResult visitFile(Path file, BasicFileAttributes attrs)
              throws IOException {
            Files.delete(file);
            return FileVisitResult.CONTINUE;
          }

          @Override
          public FileVisitResult postVisitDirectory(Path d, IOException e) throws IOException {
            Files.delete(d);
            return FileVisitResult.CONTINUE;
          }
        });
  }
}
