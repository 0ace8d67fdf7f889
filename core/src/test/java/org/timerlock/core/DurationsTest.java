package org.timerlock.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

import java.time.Duration;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class DurationsTest {

  @ParameterizedTest
  @CsvSource({
    "PT14M, PT14M",
    "pt14m, PT14M",
    "P1DT2H, PT26H",
    "PT0.5S, PT0.5S",
    "500ms, PT0.5S",
    "30s, PT30S",
    "14m, PT14M",
    "2h, PT2H",
    "1d, PT24H",
    "' 30s ', PT30S",
    "'30 s', PT30S",
    "0s, PT0S",
    "-5s, PT-5S",
    "-PT5S, PT-5S",
    "1h30m, PT1H30M",
    "2m30s, PT2M30S",
    "1d2h3m4s5ms, P1DT2H3M4.005S",
    "'1h 30m', PT1H30M",
    "-1h30m, PT-1H-30M",
    "30S, PT30S",
    "500MS, PT0.5S",
    "1H30M, PT1H30M",
    "2M, PT2M"
  })
  void parsesIsoAndShortForms(String text, String expected) {
    assertThat(Durations.parse(text)).isEqualTo(Duration.parse(expected));
  }

  @ParameterizedTest
  @ValueSource(
      strings = {"abc", "10 minutes", "PT", "P1X", "5w", "1.5s", "s", "ms5", "1h-30m", "1h30"})
  void rejectsUnparsableTextNamingIt(String text) {
    assertThatIllegalArgumentException()
        .isThrownBy(() -> Durations.parse(text))
        .withMessageStartingWith("TIMERLOCK-103 Cannot parse duration '" + text + "'")
        .withMessageContaining("500ms, 30s, 14m, 2h, 1d, 1h30m");
  }

  @ParameterizedTest
  @ValueSource(strings = {"30m1h", "1h1h", "30s2m", "5ms1s"})
  void rejectsUnitsOutOfOrderOrRepeated(String text) {
    assertThatIllegalArgumentException()
        .isThrownBy(() -> Durations.parse(text))
        .withMessage(
            "TIMERLOCK-103 Cannot parse duration '"
                + text
                + "': write each unit once, the longest first, e.g. '1h30m' or '2m30s'");
  }

  @ParameterizedTest
  @ValueSource(strings = {"1000", "-1"})
  void rejectsABareNumberAndSuggestsAUnit(String text) {
    assertThatIllegalArgumentException()
        .isThrownBy(() -> Durations.parse(text))
        .withMessage(
            "TIMERLOCK-103 Cannot parse duration '"
                + text
                + "': a unit is missing, e.g. '"
                + text
                + "ms'");
  }

  @ParameterizedTest
  @ValueSource(strings = {"", "   "})
  void rejectsBlankText(String text) {
    assertThatIllegalArgumentException()
        .isThrownBy(() -> Durations.parse(text))
        .withMessageStartingWith("TIMERLOCK-103 Duration must not be blank");
  }

  @org.junit.jupiter.api.Test
  void rejectsNull() {
    assertThatIllegalArgumentException()
        .isThrownBy(() -> Durations.parse(null))
        .withMessageStartingWith("TIMERLOCK-103 Duration must not be null");
  }

  @org.junit.jupiter.api.Test
  void rejectsOverflowNamingTheText() {
    assertThatIllegalArgumentException()
        .isThrownBy(() -> Durations.parse("99999999999999999d"))
        .withMessage("TIMERLOCK-103 Duration '99999999999999999d' is too long");
    assertThatIllegalArgumentException()
        .isThrownBy(() -> Durations.parse("999999999999999999999s"))
        .withMessageStartingWith("TIMERLOCK-103 Cannot parse duration '999999999999999999999s'");
  }
}
