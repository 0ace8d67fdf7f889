package org.timerlock.docs;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.timerlock.core.spi.ConfigKey;

/**
 * The table of every configuration key in {@code docs/configuration.md}, generated from the key
 * catalogue between two markers. One row per key, in the catalogue's order: the key; its type
 * ({@code ValueType.name()}); its default as the catalogue documents it, in code font when it is a
 * single word other than "none"; and its meaning, with "Never shown in messages." added for a
 * secret.
 */
final class KeyTable {

  /** The line before the table. */
  static final String BEGIN = "<!-- generated from the key catalogue: do not edit by hand -->";

  /** The line after the table. */
  static final String END = "<!-- end of generated keys -->";

  private static final String HEADER = "| key | type | default | meaning |\n|---|---|---|---|\n";

  private KeyTable() {}

  /**
   * The table.
   *
   * @param keys the catalogue's entries
   * @return the Markdown table, one line per key, each line ending with a line break
   */
  static String render(List<ConfigKey<?>> keys) {
    StringBuilder table = new StringBuilder(HEADER);
    for (ConfigKey<?> key : keys) {
      table
          .append("| `")
          .append(key.name())
          .append("` | ")
          .append(prose(key.type().name()))
          .append(" | ")
          .append(defaultOf(key))
          .append(" | ")
          .append(prose(key.description() + (key.secret() ? " Never shown in messages." : "")))
          .append(" |\n");
    }
    return table.toString();
  }

  /**
   * The document with its generated section replaced.
   *
   * @param document the text of the document
   * @param table the table the section must hold
   * @return the document as it must read
   * @throws IllegalArgumentException when the markers are missing or out of order
   */
  static String withTable(String document, String table) {
    int begin = document.indexOf(BEGIN);
    int end = document.indexOf(END);
    if (begin < 0 || end < begin) {
      throw new IllegalArgumentException(
          "the document has no generated section: a line "
              + BEGIN
              + " and, after it, a line "
              + END);
    }
    int from = begin + BEGIN.length();
    return document.substring(0, from) + "\n\n" + table + "\n" + document.substring(end);
  }

  /**
   * How the section of a document differs from the expected table, row by row.
   *
   * @param actual the section as the document has it
   * @param expected the section as the catalogue makes it
   * @return one line per key missing, extra or different, and per other difference
   */
  static List<String> differences(String actual, String expected) {
    Map<String, String> actualRows = rows(actual);
    Map<String, String> expectedRows = rows(expected);
    List<String> differences = new ArrayList<>();
    expectedRows.forEach(
        (key, row) -> {
          if (!actualRows.containsKey(key)) {
            differences.add("missing: " + key);
          } else if (!actualRows.get(key).equals(row)) {
            differences.add(
                "different: "
                    + key
                    + "\n    is:        "
                    + actualRows.get(key)
                    + "\n    must be:   "
                    + row);
          }
        });
    actualRows.keySet().stream()
        .filter(key -> !expectedRows.containsKey(key))
        .forEach(key -> differences.add("extra: " + key));
    if (differences.isEmpty() && !actual.equals(expected)) {
      differences.add("the keys are the same, but the order or the lines around them differ");
    }
    return differences;
  }

  /**
   * The section between the markers.
   *
   * @param document the text of the document
   * @return the text between {@link #BEGIN} and {@link #END}
   */
  static String section(String document) {
    int begin = document.indexOf(BEGIN);
    int end = document.indexOf(END);
    if (begin < 0 || end < begin) {
      return "";
    }
    return document.substring(begin + BEGIN.length(), end);
  }

  private static Map<String, String> rows(String table) {
    Map<String, String> rows = new LinkedHashMap<>();
    for (String line : table.split("\n")) {
      if (line.startsWith("| `")) {
        int close = line.indexOf('`', 3);
        rows.put(line.substring(3, close < 0 ? line.length() : close), line);
      }
    }
    return rows;
  }

  private static String defaultOf(ConfigKey<?> key) {
    String documented = key.documentedDefault();
    if (!documented.equals("none") && documented.chars().noneMatch(Character::isWhitespace)) {
      return "`" + documented.replace("|", "\\|") + "`";
    }
    return prose(documented);
  }

  /** Text for a table cell: a {@code |} would end the cell, a {@code <} start an HTML tag. */
  private static String prose(String text) {
    return text.replace("|", "\\|").replace("<", "&lt;");
  }
}
