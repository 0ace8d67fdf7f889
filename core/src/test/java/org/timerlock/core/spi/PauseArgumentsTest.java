package org.timerlock.core.spi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Instant;
import org.junit.jupiter.api.Test;

/** The pause arguments every store checks alike: who pauses, and an end after the store's clock. */
class PauseArgumentsTest {

  private static final Instant STORE_NOW = Instant.parse("2030-01-01T00:00:00Z");

  @Test
  void anAuthorIsKeptEscaped() {
    assertThat(PauseArguments.by("job", "ops-alice")).isEqualTo("ops-alice");
    assertThat(PauseArguments.by("job", "ops\nTIMERLOCK-999 forged"))
        .isEqualTo("ops\\nTIMERLOCK-999 forged");
    String longest = "é".repeat(PauseArguments.MAX_BY_LENGTH);
    assertThat(PauseArguments.by("job", longest)).isEqualTo(longest);
  }

  @Test
  void aMissingBlankOrLongAuthorIsRefusedWithItsCode() {
    for (String by :
        new String[] {null, "", "  \t", "x".repeat(PauseArguments.MAX_BY_LENGTH + 1)}) {
      assertThatThrownBy(() -> PauseArguments.by("nightly\nreport", by))
          .as("by = %s", by == null ? "null" : by.length() + " characters")
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessageStartingWith("TIMERLOCK-121 LockAdmin.pause of lock 'nightly\\nreport'")
          .hasMessageContaining("1 to 200 characters");
    }
  }

  @Test
  void anEndMustBeAfterTheStoresClock() {
    PauseArguments.until("job", null, STORE_NOW);
    PauseArguments.until("job", STORE_NOW.plusMillis(1), STORE_NOW);
    assertThatThrownBy(() -> PauseArguments.until("job", STORE_NOW, STORE_NOW))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage(
            "TIMERLOCK-122 LockAdmin.pause of lock 'job': until = 2030-01-01T00:00:00Z is not in"
                + " the future (the store's clock reads 2030-01-01T00:00:00Z); pass a later"
                + " instant, or null to pause until resumed");
  }
}
