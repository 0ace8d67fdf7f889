package org.timerlock.console;

import java.util.Optional;
import java.util.function.Function;
import java.util.regex.Pattern;
import org.timerlock.core.spi.ConfigKey;

/**
 * The console's settings, read once when the application starts.
 *
 * @param path where the console answers, e.g. {@code /timerlock}: a slash, then segments of
 *     letters, digits, {@code -}, {@code _} and {@code .}, no trailing slash
 * @param viewerRole the role that may read
 * @param operatorRole the role that may also act
 */
record ConsoleSettings(String path, String viewerRole, String operatorRole) {

  private static final Pattern PATH = Pattern.compile("(/[A-Za-z0-9_.-]+)+");

  ConsoleSettings {
    if (!PATH.matcher(path).matches() || path.contains("/./") || path.contains("/../")) {
      throw new IllegalArgumentException(
          ConsoleMessage.BAD_PATH.text(
              "TimerLock console: "
                  + ConsoleKeys.PATH.invalid(
                      path, "not a path a servlet can be mapped to, such as /timerlock")));
    }
  }

  /**
   * Reads the settings.
   *
   * @param config the configured text of a key, empty when not set
   * @return the settings, defaults where not set
   * @throws IllegalArgumentException when a value cannot be used, with its message code
   */
  static ConsoleSettings read(Function<String, Optional<String>> config) {
    return new ConsoleSettings(
        value(config, ConsoleKeys.PATH),
        value(config, ConsoleKeys.VIEWER_ROLE),
        value(config, ConsoleKeys.OPERATOR_ROLE));
  }

  private static String value(Function<String, Optional<String>> config, ConfigKey<String> key) {
    return config
        .apply(key.name())
        .filter(text -> !text.isBlank())
        .map(key::parse)
        .orElseGet(() -> key.defaultValue().orElseThrow());
  }
}
