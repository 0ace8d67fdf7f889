package org.timerlock.console;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class ConsoleSettingsTest {

  private static ConsoleSettings read(Map<String, String> configured) {
    return ConsoleSettings.read(key -> Optional.ofNullable(configured.get(key)));
  }

  @Test
  void defaultsNeedNoConfiguration() {
    assertThat(read(Map.of()))
        .isEqualTo(new ConsoleSettings("/timerlock", "timerlock-viewer", "timerlock-operator"));
  }

  @Test
  void readsEachKey() {
    ConsoleSettings settings =
        read(
            Map.of(
                "timerlock.console.path", "/ops/locks",
                "timerlock.console.viewer-role", "ops-read",
                "timerlock.console.operator-role", "ops-write"));

    assertThat(settings).isEqualTo(new ConsoleSettings("/ops/locks", "ops-read", "ops-write"));
  }

  @Test
  void refusesAPathNoServletCanBeMappedToNamingTheKeyAndValue() {
    for (String bad : new String[] {"timerlock", "/", "/a/", "/a/*", "/a b", "/a/../b", "/<x>"}) {
      assertThatThrownBy(() -> read(Map.of("timerlock.console.path", bad)))
          .as(bad)
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessageStartingWith("TIMERLOCK-501 ")
          .hasMessageContaining("timerlock.console.path = \"" + bad + "\"");
    }
  }
}
