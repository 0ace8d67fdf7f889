package org.timerlock.cdi.internal;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;

/**
 * Expands {@code ${key}} and {@code ${key:default}} in annotation values. MicroProfile Config
 * expands expressions in property values itself, but not in annotation members.
 */
final class ConfigExpressions {

  private ConfigExpressions() {}

  /**
   * Expands every expression in the text.
   *
   * @param text the annotation value
   * @param lookup configuration look-up; empty when the key is not set
   * @return the expanded text
   * @throws IllegalArgumentException naming the key when a key without default is not set, or an
   *     expression is not closed
   */
  static String expand(String text, Function<String, Optional<String>> lookup) {
    StringBuilder out = new StringBuilder();
    int from = 0;
    while (true) {
      int start = text.indexOf("${", from);
      if (start < 0) {
        return out.append(text, from, text.length()).toString();
      }
      int end = text.indexOf('}', start);
      if (end < 0) {
        throw new IllegalArgumentException(
            CdiMessage.CONFIG_EXPRESSION.text(
                "the expression in '"
                    + text
                    + "' is not closed: expected ${key} or ${key:default}"));
      }
      out.append(text, from, start);
      out.append(valueOf(text.substring(start + 2, end), text, lookup));
      from = end + 1;
    }
  }

  /**
   * The config keys the expressions of a text read.
   *
   * @param text the annotation value
   * @return the keys, in order
   */
  static List<String> keys(String text) {
    List<String> keys = new ArrayList<>();
    int from = 0;
    int start;
    while ((start = text.indexOf("${", from)) >= 0) {
      int end = text.indexOf('}', start);
      if (end < 0) {
        break;
      }
      String expression = text.substring(start + 2, end);
      int colon = expression.indexOf(':');
      keys.add((colon < 0 ? expression : expression.substring(0, colon)).trim());
      from = end + 1;
    }
    return keys;
  }

  private static String valueOf(
      String expression, String text, Function<String, Optional<String>> lookup) {
    int colon = expression.indexOf(':');
    String key = (colon < 0 ? expression : expression.substring(0, colon)).trim();
    if (key.isEmpty()) {
      throw new IllegalArgumentException(
          CdiMessage.CONFIG_EXPRESSION.text(
              "the expression in '" + text + "' names no config key"));
    }
    Optional<String> value = lookup.apply(key);
    if (value.isPresent()) {
      return value.get();
    }
    if (colon >= 0) {
      return expression.substring(colon + 1);
    }
    throw new IllegalArgumentException(
        CdiMessage.CONFIG_EXPRESSION.text(
            "config key '"
                + key
                + "' used in '"
                + text
                + "' is not set and the expression has no default"
                + " (write ${"
                + key
                + ":<default>} to give one)"));
  }
}
