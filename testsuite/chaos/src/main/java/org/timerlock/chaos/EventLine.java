package org.timerlock.chaos;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * One line of a node's event log: a type and {@code key=value} fields, separated by single spaces,
 * e.g. {@code START exec=n1.0.7 fire=1767225600250 token=42 at=1767225600101 t=1767225600105}.
 * Values never contain spaces (see {@link #clean(String)}).
 *
 * @param type the event type, e.g. {@code START}
 * @param fields the fields in the order written
 */
public record EventLine(String type, Map<String, String> fields) {

  /**
   * Validates and copies the fields.
   *
   * @param type the event type
   * @param fields the fields
   */
  public EventLine {
    Objects.requireNonNull(type, "type");
    fields = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(fields));
  }

  /**
   * Parses a line.
   *
   * @param line a line as written by {@link #format()}
   * @return the event, or null for a blank or cut-off line
   */
  public static EventLine parse(String line) {
    String trimmed = line.strip();
    if (trimmed.isEmpty()) {
      return null;
    }
    String[] parts = trimmed.split(" ");
    Map<String, String> fields = new LinkedHashMap<>();
    for (int i = 1; i < parts.length; i++) {
      int eq = parts[i].indexOf('=');
      if (eq <= 0) {
        return null;
      }
      fields.put(parts[i].substring(0, eq), parts[i].substring(eq + 1));
    }
    return new EventLine(parts[0], fields);
  }

  /**
   * The line as written to the log, without the line break.
   *
   * @return the text
   */
  public String format() {
    StringBuilder sb = new StringBuilder(type);
    fields.forEach((k, v) -> sb.append(' ').append(k).append('=').append(clean(v)));
    return sb.toString();
  }

  /**
   * A field's value.
   *
   * @param key the field name
   * @return the value, or null when absent
   */
  public String get(String key) {
    return fields.get(key);
  }

  /**
   * A numeric field.
   *
   * @param key the field name
   * @return the value
   * @throws IllegalArgumentException when the field is absent or not a number
   */
  public long number(String key) {
    String v = fields.get(key);
    if (v == null) {
      throw new IllegalArgumentException("No field '" + key + "' in " + format());
    }
    return Long.parseLong(v);
  }

  /**
   * A numeric field that may be absent or {@code -}.
   *
   * @param key the field name
   * @return the value, or null
   */
  public Long optionalNumber(String key) {
    String v = fields.get(key);
    return v == null || v.equals("-") ? null : Long.valueOf(v);
  }

  /**
   * Makes a value safe for a log line: no spaces or line breaks, at most 200 characters.
   *
   * @param value any text, may be null
   * @return the text with white space replaced by underscores, or {@code -} for null
   */
  public static String clean(String value) {
    if (value == null) {
      return "-";
    }
    String s = value.replaceAll("\\s+", "_");
    return s.length() > 200 ? s.substring(0, 200) : s;
  }
}
