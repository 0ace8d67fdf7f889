package org.timerlock.console;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The message-code entries of docs/troubleshooting.md, which the build copies into the jar: an
 * error code in a run's message links to its entry, shown by the console itself, so the console
 * needs no network and the entry is the one of this version.
 */
final class Troubleshooting {

  /** A row of the page's table: code, message, cause, what to do. */
  private static final Pattern ROW =
      Pattern.compile("(?m)^\\| (TIMERLOCK-\\d{3}) \\|(.*?)\\|(.*?)\\|(.*?)\\|\\s*$");

  /**
   * One entry.
   *
   * @param code the code
   * @param message the message, as the table quotes it
   * @param cause why it happens
   * @param fix what to do
   */
  record Entry(String code, String message, String cause, String fix) {}

  private static final Map<String, Entry> ENTRIES = load();

  private Troubleshooting() {}

  static Optional<Entry> entry(String code) {
    return Optional.ofNullable(code).map(ENTRIES::get);
  }

  private static Map<String, Entry> load() {
    Map<String, Entry> entries = new TreeMap<>();
    try (InputStream in = Troubleshooting.class.getResourceAsStream("troubleshooting.md")) {
      if (in == null) {
        return entries;
      }
      Matcher row = ROW.matcher(new String(in.readAllBytes(), StandardCharsets.UTF_8));
      while (row.find()) {
        entries.put(
            row.group(1),
            new Entry(row.group(1), plain(row.group(2)), plain(row.group(3)), plain(row.group(4))));
      }
      return entries;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** A table cell without its Markdown code marks, as plain text (the page shows it escaped). */
  private static String plain(String cell) {
    return cell.strip().replace("`", "");
  }
}
