package org.timerlock.servertests;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import org.timerlock.cdi.internal.CdiMessage;

/**
 * A node's server log as the test JVM reads it: cut into entries (a line that starts an entry, and
 * the lines that continue it, such as a stack trace), read from a mark taken before what the test
 * does, so that the entries of earlier tests on the same server do not count. Servers differ in how
 * an entry starts and how it names its level: each has a factory.
 */
public final class ServerLog {

  /** The terminal colour escapes Payara writes around the level and the logger, in its file too. */
  private static final Pattern ANSI_ESCAPE = Pattern.compile("\u001B\\[[0-9;]*m");

  private final Path file;
  private final Pattern entryStart;
  private final Pattern warningOrWorse;

  private ServerLog(Path file, Pattern entryStart, Pattern warningOrWorse) {
    this.file = file;
    this.entryStart = entryStart;
    this.warningOrWorse = warningOrWorse;
  }

  /**
   * WildFly's {@code server.log}: {@code 2026-11-27 18:30:00,123 WARN [category] (thread) text}.
   *
   * @param file the log file
   * @return the log
   */
  public static ServerLog wildFly(Path file) {
    return new ServerLog(
        file,
        Pattern.compile("^\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2},\\d{3} "),
        Pattern.compile("^\\S+ \\S+ (WARN|ERROR|FATAL) "));
  }

  /**
   * Open Liberty's {@code messages.log}: {@code [date, time zone] thread logger W text}, the level
   * one letter (W warning, E error, F fatal).
   *
   * @param file the log file
   * @return the log
   */
  public static ServerLog openLiberty(Path file) {
    return new ServerLog(
        file,
        Pattern.compile("^\\[[^\\]]+\\] "),
        Pattern.compile("^\\[[^\\]]+\\] \\S+ \\S+\\s+[WEF] "));
  }

  /**
   * The log file Payara Micro writes with {@code --logtofile}: ODL entries as GlassFish writes
   * them, {@code [time] [product] [LEVEL] [message id] [logger] ... [[ text ]]}, with terminal
   * colour escapes around the level and the logger (read without them). A restarted instance
   * appends to it.
   *
   * @param file the log file
   * @return the log
   */
  public static ServerLog payara(Path file) {
    return new ServerLog(
        file,
        Pattern.compile("^\\[\\d{4}-\\d{2}-\\d{2}T"),
        Pattern.compile("^\\[[^\\]]+\\] \\[[^\\]]*\\] \\[(WARNING|SEVERE)\\]"));
  }

  /**
   * GlassFish's console as {@code asadmin start-domain --verbose} prints it: the launcher's own
   * lines, then the records of the domain's console handler in GlassFish's uniform format, {@code
   * [#|time|LEVEL|product|logger|key=value;...|}, the text on the lines that follow, up to {@code
   * |#]}.
   *
   * @param file where the test harness wrote that output
   * @return the log
   */
  public static ServerLog glassFishConsole(Path file) {
    return new ServerLog(
        file,
        Pattern.compile("^\\[#\\|\\d{4}-\\d{2}-\\d{2}T"),
        Pattern.compile("^\\[#\\|[^|]*\\|(WARNING|SEVERE)\\|"));
  }

  /**
   * Whether the deployment's summary, one {@code TIMERLOCK-222} line per lock, was written after a
   * mark. What the server and TimerLock log while deploying comes before it, so once it is there a
   * server that writes its log late (GlassFish buffers it) has written those lines too.
   *
   * @param mark what {@link #mark()} returned
   * @return whether the summary is there
   */
  public boolean deploymentSummarySince(long mark) {
    String summary = CdiMessage.RUNS_UNDER_LOCK.code();
    return entriesSince(mark).stream().anyMatch(e -> e.contains(summary));
  }

  /**
   * Where the log ends now, for {@link #entriesSince}.
   *
   * @return the file's length; 0 when it does not exist yet
   */
  public long mark() {
    try {
      return Files.exists(file) ? Files.size(file) : 0;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * The entries written after a mark.
   *
   * @param mark what {@link #mark()} returned
   * @return each entry's lines joined by line breaks, oldest first
   */
  public List<String> entriesSince(long mark) {
    List<String> entries = new ArrayList<>();
    StringBuilder entry = null;
    for (String line : ANSI_ESCAPE.matcher(readSince(mark)).replaceAll("").split("\r?\n")) {
      if (entryStart.matcher(line).find()) {
        if (entry != null) {
          entries.add(entry.toString());
        }
        entry = new StringBuilder(line);
      } else if (entry != null) {
        entry.append('\n').append(line);
      }
    }
    if (entry != null) {
      entries.add(entry.toString());
    }
    return entries;
  }

  /**
   * The entries after a mark at WARNING level or worse that come from TimerLock or name one of its
   * classes: its own coded messages, and the server's messages about its classes (an annotation
   * scanner that cannot load one, a CDI container that refuses one).
   *
   * @param mark what {@link #mark()} returned
   * @return the entries, oldest first
   */
  public List<String> timerLockWarningsSince(long mark) {
    return entriesSince(mark).stream()
        .filter(e -> warningOrWorse.matcher(e).find())
        .filter(e -> e.contains("TIMERLOCK-") || e.contains("org.timerlock"))
        .toList();
  }

  /**
   * The entries after a mark at WARNING level or worse that say a class of one of the packages
   * could not be found, whoever logged them: an annotation scanner that met a reference to an API
   * the server lacks.
   *
   * @param mark what {@link #mark()} returned
   * @param packages package names, such as {@code io.micrometer}
   * @return the entries, oldest first
   */
  public List<String> missingClassWarningsSince(long mark, List<String> packages) {
    return entriesSince(mark).stream()
        .filter(e -> warningOrWorse.matcher(e).find())
        .filter(e -> e.contains("not found") || e.contains("NoClassDefFound"))
        .filter(
            e -> packages.stream().anyMatch(p -> e.contains(p) || e.contains(p.replace('.', '/'))))
        .toList();
  }

  @Override
  public String toString() {
    return file.toString();
  }

  private String readSince(long mark) {
    try (RandomAccessFile in = new RandomAccessFile(file.toFile(), "r")) {
      long length = in.length();
      if (length < mark) {
        // A server that starts its log afresh would make every read after the mark empty: an
        // assertion that no line is there would pass whatever the server wrote.
        throw new IllegalStateException(
            file
                + " is shorter than at the mark ("
                + length
                + " < "
                + mark
                + " bytes): the server"
                + " started it afresh; give each server start a log of its own");
      }
      if (length == mark) {
        return "";
      }
      byte[] bytes = new byte[Math.toIntExact(length - mark)];
      in.seek(mark);
      in.readFully(bytes);
      return new String(bytes, StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
