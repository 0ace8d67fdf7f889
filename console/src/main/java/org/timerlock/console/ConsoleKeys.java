package org.timerlock.console;

import java.util.List;
import org.timerlock.core.spi.ConfigKey;
import org.timerlock.core.spi.ConfigKeySource;
import org.timerlock.core.spi.ValueType;

/**
 * The console's configuration keys, found by the CDI extension's key check through {@link
 * java.util.ServiceLoader}.
 */
public final class ConsoleKeys implements ConfigKeySource {

  /** Where the console answers, below the application's context root. */
  static final ConfigKey<String> PATH =
      ConfigKey.withDefault(
          "timerlock.console.path",
          ValueType.TEXT,
          "/timerlock",
          "/timerlock",
          "The path of the operator console below the application's context root: the page, its"
              + " status JSON at <path>/status and its actions.");

  /** The role that may read the console. */
  static final ConfigKey<String> VIEWER_ROLE =
      ConfigKey.withDefault(
          "timerlock.console.viewer-role",
          ValueType.TEXT,
          "timerlock-viewer",
          "timerlock-viewer",
          "The role that may read the operator console (map it to users or groups in the server).");

  /** The role that may act through the console. */
  static final ConfigKey<String> OPERATOR_ROLE =
      ConfigKey.withDefault(
          "timerlock.console.operator-role",
          ValueType.TEXT,
          "timerlock-operator",
          "timerlock-operator",
          "The role that may read the operator console and pause, resume, run now and release"
              + " locks through it.");

  /** Created by {@link java.util.ServiceLoader}. */
  public ConsoleKeys() {}

  @Override
  public List<ConfigKey<?>> keys() {
    return List.of(PATH, VIEWER_ROLE, OPERATOR_ROLE);
  }
}
