package org.timerlock.core.spi;

import java.util.Objects;
import java.util.Optional;
import org.timerlock.core.internal.CoreMessage;

/**
 * One configuration key of TimerLock's catalogue: its name, type, default and meaning. Every key
 * TimerLock reads is declared once as a {@code ConfigKey}; the CDI extension checks the
 * application's configuration against the catalogue (a misspelled key fails the deployment), and
 * the configuration reference is checked against it.
 *
 * @param <T> the type of the value
 */
public final class ConfigKey<T> {

  private final String name;
  private final ValueType<T> type;
  private final T defaultValue;
  private final String documentedDefault;
  private final String description;
  private final boolean secret;

  private ConfigKey(
      String name,
      ValueType<T> type,
      T defaultValue,
      String documentedDefault,
      String description,
      boolean secret) {
    this.name = Objects.requireNonNull(name, "name");
    this.type = Objects.requireNonNull(type, "type");
    this.defaultValue = defaultValue;
    this.documentedDefault = documentedDefault;
    this.description = Objects.requireNonNull(description, "description");
    this.secret = secret;
  }

  /**
   * A key with a default value.
   *
   * @param <T> the type of the value
   * @param name the full key, e.g. {@code timerlock.jdbc.table}
   * @param type how the value is read
   * @param defaultValue the value when the key is not set
   * @param documentedDefault the default as the reference shows it, e.g. {@code shedlock}
   * @param description what the key does, one sentence
   * @return the key
   */
  public static <T> ConfigKey<T> withDefault(
      String name,
      ValueType<T> type,
      T defaultValue,
      String documentedDefault,
      String description) {
    return new ConfigKey<>(
        name, type, Objects.requireNonNull(defaultValue), documentedDefault, description, false);
  }

  /**
   * A key without a default value: not set means "not used" or "decided elsewhere".
   *
   * @param <T> the type of the value
   * @param name the full key
   * @param type how the value is read
   * @param documentedDefault what happens when it is not set, as the reference shows it
   * @param description what the key does, one sentence
   * @return the key
   */
  public static <T> ConfigKey<T> optional(
      String name, ValueType<T> type, String documentedDefault, String description) {
    return new ConfigKey<>(name, type, null, documentedDefault, description, false);
  }

  /**
   * A key whose value is a secret: messages never show it.
   *
   * @param name the full key
   * @param description what the key does, one sentence
   * @return the key
   */
  public static ConfigKey<String> secret(String name, String description) {
    return new ConfigKey<>(name, ValueType.SECRET, null, "none", description, true);
  }

  /**
   * The full key.
   *
   * @return e.g. {@code timerlock.jdbc.table}
   */
  public String name() {
    return name;
  }

  /**
   * How the value is read.
   *
   * @return the type
   */
  public ValueType<T> type() {
    return type;
  }

  /**
   * The value when the key is not set.
   *
   * @return the default, or empty for an optional key
   */
  public Optional<T> defaultValue() {
    return Optional.ofNullable(defaultValue);
  }

  /**
   * The default as the configuration reference shows it.
   *
   * @return e.g. {@code shedlock}, or a sentence for a key without a default
   */
  public String documentedDefault() {
    return documentedDefault;
  }

  /**
   * What the key does.
   *
   * @return one sentence
   */
  public String description() {
    return description;
  }

  /**
   * Whether the value is a secret that messages never show.
   *
   * @return true for passwords
   */
  public boolean secret() {
    return secret;
  }

  /**
   * Reads a value of this key.
   *
   * @param text the configured text
   * @return the value
   * @throws IllegalArgumentException in the one format of every configuration error: {@code key =
   *     "value": what is wrong; expected what is accepted}
   */
  public T parse(String text) {
    try {
      return type.parse(text);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(
          CoreMessage.CONFIG_VALUE.text(invalid(text, e.getMessage())), e);
    }
  }

  /**
   * A message about a value of this key that cannot be used, in the one format of every
   * configuration error.
   *
   * @param text the configured text (not shown for a secret)
   * @param problem what is wrong with it
   * @return {@code key = "value": problem; expected what is accepted}
   */
  public String invalid(String text, String problem) {
    return name + " = \"" + (secret ? "***" : text) + "\": " + problem + "; expected " + accepted();
  }

  private String accepted() {
    return type.accepted();
  }

  @Override
  public String toString() {
    return name;
  }
}
