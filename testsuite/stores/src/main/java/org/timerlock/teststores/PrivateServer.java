package org.timerlock.teststores;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;

/**
 * A store server of its own, started by a test, a benchmark or a chaos run on a free port of
 * 127.0.0.1 in a directory of its own, never the shared store: what it counts server-wide was done
 * by its caller alone, and its caller may kill it. {@link StoreKind#privateServer()} starts one; a
 * JDBC server has a database {@code test}. It never outlives the JVM; {@link #close()} stops it and
 * deletes the directory it was given.
 */
public abstract class PrivateServer implements AutoCloseable {

  /** The kernel's USER_HZ, the unit of /proc/<pid>/stat times: 100 on Linux. */
  private static final long CLOCK_TICKS = 100;

  private final Path directory;
  private final boolean ownsDirectory;
  private final Thread stopAtExit = new Thread(this::stop, "stop-private-server");

  /**
   * @param directory the server's working directory
   * @param ownsDirectory whether {@link #close()} deletes it: true for a temporary one
   */
  PrivateServer(Path directory, boolean ownsDirectory) {
    this.directory = directory;
    this.ownsDirectory = ownsDirectory;
    Runtime.getRuntime().addShutdownHook(stopAtExit);
  }

  /**
   * Where to connect.
   *
   * @return a JDBC URL of the database {@code test} with its user, or a Redis URI
   */
  public abstract StoreAddress storeAddress();

  /**
   * The server's working directory, with its data and logs: PostgreSQL's {@code data/pg_wal} holds
   * the WAL that {@code pg_waldump} reads.
   *
   * @return the directory
   */
  public Path directory() {
    return directory;
  }

  /**
   * The server's main process: the postmaster, mariadbd or redis-server.
   *
   * @return its process id
   */
  public abstract long pid();

  /**
   * The processor time the server has used so far, user and system: its processes' own and that of
   * the processes it has already reaped (a PostgreSQL backend's, once its connection closed).
   *
   * @return milliseconds
   */
  public long cpuMillis() {
    ProcessHandle main =
        ProcessHandle.of(pid())
            .orElseThrow(
                () -> new IllegalStateException("The private server " + this + " is gone"));
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

  /** Stops the server, waiting until it is gone; does nothing when it does not run. */
  abstract void stop();

  /** Stops the server and deletes its directory, unless the caller gave it. */
  @Override
  public void close() {
    stop();
    try {
      Runtime.getRuntime().removeShutdownHook(stopAtExit);
    } catch (IllegalStateException e) {
      // The JVM is exiting: the hook runs or has run, and stops nothing twice.
    }
    if (ownsDirectory) {
      try (Stream<Path> files = Files.walk(directory)) {
        files.sorted(Comparator.reverseOrder()).forEach(path -> path.toFile().delete());
      } catch (IOException e) {
        // What is left is in the temporary directory, which the system cleans.
      }
    }
  }

  @Override
  public String toString() {
    return storeAddress() + " in " + directory;
  }
}
