package org.timerlock.console;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The troubleshooting entries the build copies into the jar, one for each console code. */
class TroubleshootingTest {

  @Test
  void everyConsoleCodeHasItsEntryInTheJar() {
    for (ConsoleMessage message : ConsoleMessage.values()) {
      assertThat(Troubleshooting.entry(message.code()))
          .as(message.code())
          .hasValueSatisfying(entry -> assertThat(entry.fix()).isNotBlank());
    }
  }

  @Test
  void anUnknownCodeHasNone() {
    assertThat(Troubleshooting.entry("TIMERLOCK-999")).isEmpty();
    assertThat(Troubleshooting.entry(null)).isEmpty();
  }
}
