package org.timerlock.docs;

import java.io.IOException;
import java.io.StringReader;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Properties;
import java.util.regex.Pattern;
import org.timerlock.core.spi.ConfigKey;
import org.timerlock.docs.Markdown.CodeBlock;

/**
 * Checks a {@code properties} block of the docs the way TimerLock checks the configuration at
 * deployment: each line is read as {@link Properties} reads {@code microprofile-config.properties},
 * every key under {@code timerlock.} must be a key of the catalogue (a per-lock key by its
 * template), and its value must be one the key's type accepts ({@link ConfigKey#parse(String)}).
 *
 * <p>A value is not parsed, only its key checked, when it is a placeholder: when it contains a
 * {@code ${...}} expression (MicroProfile Config replaces it before TimerLock reads the value) or a
 * {@code <...>} the reader fills in, or when it is empty (not set). Keys of {@link
 * Catalogue#NOT_CONFIGURATION} and keys outside {@code timerlock.} are not checked.
 */
final class PropertiesCheck {

  private static final Pattern PLACEHOLDER = Pattern.compile(".*(\\$\\{[^}]*}|<[^<>]+>).*");

  private PropertiesCheck() {}

  /**
   * Checks one block.
   *
   * @param catalogue the known keys
   * @param block a {@code properties} block
   * @return one message per unknown key or bad value, naming the document and the line
   */
  static List<String> problems(Catalogue catalogue, CodeBlock block) {
    List<String> problems = new ArrayList<>();
    List<String> lines = block.lines();
    int i = 0;
    while (i < lines.size()) {
      int first = i;
      StringBuilder logical = new StringBuilder(lines.get(i));
      while (continues(lines.get(i)) && i + 1 < lines.size()) {
        i++;
        logical.append('\n').append(lines.get(i));
      }
      i++;
      String trimmed = logical.toString().strip();
      if (trimmed.isEmpty() || trimmed.startsWith("#") || trimmed.startsWith("!")) {
        continue;
      }
      Properties entry = read(logical.toString());
      for (String key : entry.stringPropertyNames()) {
        String where = block.document() + ":" + block.documentLine(first) + ": ";
        check(catalogue, key, entry.getProperty(key)).ifPresent(p -> problems.add(where + p));
      }
    }
    return problems;
  }

  /**
   * Checks one key and its value.
   *
   * @param catalogue the known keys
   * @param key the key
   * @param value the value as written
   * @return what is wrong, or empty
   */
  static Optional<String> check(Catalogue catalogue, String key, String value) {
    if (!key.toLowerCase(Locale.ROOT).startsWith("timerlock.") || Catalogue.notConfiguration(key)) {
      return Optional.empty();
    }
    Optional<ConfigKey<?>> known = catalogue.find(key);
    if (known.isEmpty()) {
      return Optional.of(
          key
              + " is not a TimerLock configuration key; the keys are listed in docs/configuration.md");
    }
    if (value.isBlank() || PLACEHOLDER.matcher(value).matches()) {
      return Optional.empty();
    }
    try {
      known.get().parse(value);
      return Optional.empty();
    } catch (IllegalArgumentException e) {
      // The message names the key as the catalogue does: a per-lock key by its template.
      return Optional.of(e.getMessage().replace(known.get().name(), key));
    }
  }

  /** A line ending with an odd number of backslashes continues on the next one. */
  private static boolean continues(String line) {
    int backslashes = 0;
    for (int k = line.length() - 1; k >= 0 && line.charAt(k) == '\\'; k--) {
      backslashes++;
    }
    return backslashes % 2 == 1;
  }

  private static Properties read(String logicalLine) {
    Properties properties = new Properties();
    try {
      properties.load(new StringReader(logicalLine));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return properties;
  }
}
