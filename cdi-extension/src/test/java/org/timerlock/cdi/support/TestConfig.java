package org.timerlock.cdi.support;

import java.util.HashMap;
import java.util.Map;

/** Configurations the tests start from, so each test spells only the keys it is about. */
public final class TestConfig {

  private TestConfig() {}

  /**
   * The in-memory provider plus the given keys.
   *
   * @param keysAndValues key, value, key, value…
   * @return a configuration to pass to the {@link Deployer}
   */
  public static Map<String, String> inMemory(String... keysAndValues) {
    Map<String, String> config = new HashMap<>();
    config.put("timerlock.provider", "in-memory");
    for (int i = 0; i < keysAndValues.length; i += 2) {
      config.put(keysAndValues[i], keysAndValues[i + 1]);
    }
    return config;
  }
}
