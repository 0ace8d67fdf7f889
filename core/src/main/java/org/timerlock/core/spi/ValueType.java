package org.timerlock.core.spi;

import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;
import java.util.function.Predicate;
import org.timerlock.core.Durations;

/**
 * The type of a configuration value: how its text is read and what text is accepted. A parse
 * failure throws an {@link IllegalArgumentException} whose message says what is wrong with the
 * text; {@link ConfigKey#parse(String)} adds the key, the value and {@link #accepted()}.
 *
 * @param <T> the Java type of the value
 */
public final class ValueType<T> {

  /** Any text; surrounding white space is removed. */
  public static final ValueType<String> TEXT = new ValueType<>("text", "any text", String::trim);

  /** A secret such as a password, kept exactly as written, white space included. */
  public static final ValueType<String> SECRET =
      new ValueType<>("secret", "any text, kept as written", text -> text);

  /** {@code true} or {@code false}, in any case. */
  public static final ValueType<Boolean> BOOLEAN =
      new ValueType<>("boolean", "true or false", ValueType::parseBoolean);

  /** A duration longer than zero. */
  public static final ValueType<Duration> POSITIVE_DURATION =
      durations(d -> !d.isNegative() && !d.isZero(), "it is not positive")
          .named("duration", "a positive duration: 30s, 2m30s, 500ms, 1h or ISO-8601 PT30S");

  /** A duration of zero or more. */
  public static final ValueType<Duration> DURATION =
      durations(d -> !d.isNegative(), "it is negative")
          .named("duration", "a duration of zero or more: 0s, 30s, 2m30s, 1h or ISO-8601 PT30S");

  private final String name;
  private final String accepted;
  private final Function<String, T> parser;

  private ValueType(String name, String accepted, Function<String, T> parser) {
    this.name = name;
    this.accepted = accepted;
    this.parser = parser;
  }

  /**
   * A whole number in a range.
   *
   * @param min the smallest accepted value
   * @param max the largest accepted value
   * @return the type
   */
  public static ValueType<Integer> integer(int min, int max) {
    return new ValueType<>(
        "integer",
        "a whole number from " + min + " to " + max,
        text -> {
          int value;
          try {
            value = Integer.parseInt(text.trim());
          } catch (NumberFormatException e) {
            throw new IllegalArgumentException("it is not a whole number", e);
          }
          if (value < min || value > max) {
            throw new IllegalArgumentException("it is out of range");
          }
          return value;
        });
  }

  /**
   * One of a fixed set of words, in any case.
   *
   * @param words the accepted words, in lower case
   * @return the type; its values are the words in lower case
   */
  public static ValueType<String> oneOf(String... words) {
    List<String> accepted = List.of(words);
    return new ValueType<>(
        "one of " + String.join(", ", accepted),
        "one of " + String.join(", ", accepted),
        text -> {
          String word = text.trim().toLowerCase(Locale.ROOT);
          if (!accepted.contains(word)) {
            throw new IllegalArgumentException("it is not a known value");
          }
          return word;
        });
  }

  /**
   * Text that a rule accepts.
   *
   * @param rule what the trimmed text must satisfy
   * @param accepted what is accepted, for messages: e.g. "a table name of letters, digits and _"
   * @return the type; its values are the trimmed text
   */
  public static ValueType<String> text(Predicate<String> rule, String accepted) {
    return new ValueType<>(
        "text",
        accepted,
        text -> {
          String trimmed = text.trim();
          if (!rule.test(trimmed)) {
            throw new IllegalArgumentException("it does not follow the rule");
          }
          return trimmed;
        });
  }

  /**
   * A type built on another: the value is read by this type, then converted.
   *
   * @param <R> the converted type
   * @param converter turns a value into the result; throws {@link IllegalArgumentException} saying
   *     what is wrong
   * @param accepted what is accepted, for messages
   * @return the type
   */
  public <R> ValueType<R> map(Function<T, R> converter, String accepted) {
    return new ValueType<>(name, accepted, text -> converter.apply(parser.apply(text)));
  }

  /**
   * The short name of the type, for the configuration reference.
   *
   * @return e.g. {@code duration}
   */
  public String name() {
    return name;
  }

  /**
   * What text is accepted, for messages and the configuration reference.
   *
   * @return e.g. "true or false"
   */
  public String accepted() {
    return accepted;
  }

  T parse(String text) {
    return parser.apply(text);
  }

  private ValueType<T> named(String newName, String newAccepted) {
    return new ValueType<>(newName, newAccepted, parser);
  }

  private static ValueType<Duration> durations(Predicate<Duration> range, String outOfRange) {
    return new ValueType<>(
        "duration",
        "",
        text -> {
          Duration d;
          try {
            d = Durations.parse(text);
          } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(
                e.getMessage().contains("unit is missing")
                    ? "a unit is missing"
                    : "it is not a duration",
                e);
          }
          if (!range.test(d)) {
            throw new IllegalArgumentException(outOfRange);
          }
          return d;
        });
  }

  private static Boolean parseBoolean(String text) {
    String word = text.trim().toLowerCase(Locale.ROOT);
    if (word.equals("true") || word.equals("false")) {
      return Boolean.valueOf(word);
    }
    throw new IllegalArgumentException("it is not a boolean");
  }
}
