package org.timerlock.core.spi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class ConfigKeyTest {

  private static final ConfigKey<Duration> TIMEOUT =
      ConfigKey.withDefault(
          "timerlock.x.timeout", ValueType.POSITIVE_DURATION, Duration.ofSeconds(2), "2s", "t");
  private static final ConfigKey<Integer> SIZE =
      ConfigKey.optional("timerlock.x.size", ValueType.integer(1, 10), "none", "s");
  private static final ConfigKey<String> PASSWORD = ConfigKey.secret("timerlock.x.password", "p");

  private static ProviderSettings settings(Map<String, String> values) {
    return new ProviderSettings() {
      @Override
      public Optional<String> get(String key) {
        return Optional.ofNullable(values.get(key));
      }

      @Override
      public String nodeId() {
        return "n";
      }
    };
  }

  @Test
  void readsTypedValuesAndDefaults() {
    ProviderSettings settings = settings(Map.of("timerlock.x.size", " 7 "));
    assertThat(settings.value(TIMEOUT)).isEqualTo(Duration.ofSeconds(2));
    assertThat(settings.find(SIZE)).contains(7);
    assertThat(settings(Map.of("timerlock.x.timeout", "1m30s")).value(TIMEOUT))
        .isEqualTo(Duration.ofSeconds(90));
  }

  @Test
  void everyFailureNamesKeyValueProblemAndWhatIsAccepted() {
    assertThatIllegalArgumentException()
        .isThrownBy(() -> SIZE.parse("eleven"))
        .withMessage(
            "TIMERLOCK-104 timerlock.x.size = \"eleven\": it is not a whole number; expected a"
                + " whole number from"
                + " 1 to 10");
    assertThatIllegalArgumentException()
        .isThrownBy(() -> SIZE.parse("11"))
        .withMessage(
            "TIMERLOCK-104 timerlock.x.size = \"11\": it is out of range; expected a whole"
                + " number from 1 to 10");
    assertThatIllegalArgumentException()
        .isThrownBy(() -> TIMEOUT.parse("0s"))
        .withMessageStartingWith(
            "TIMERLOCK-104 timerlock.x.timeout = \"0s\": it is not positive; expected");
    assertThatIllegalArgumentException()
        .isThrownBy(() -> TIMEOUT.parse("500"))
        .withMessageStartingWith(
            "TIMERLOCK-104 timerlock.x.timeout = \"500\": a unit is missing; expected");
    assertThatIllegalArgumentException()
        .isThrownBy(() -> ValueType.BOOLEAN.parse("yes"))
        .withMessage("it is not a boolean");
    assertThatIllegalArgumentException()
        .isThrownBy(
            () -> ConfigKey.optional("k", ValueType.oneOf("skip", "fail"), "", "").parse("x"))
        .withMessage(
            "TIMERLOCK-104 k = \"x\": it is not a known value; expected one of skip, fail");
  }

  @Test
  void aSecretIsNeverShown() {
    assertThat(PASSWORD.invalid("hunter2", "it is wrong"))
        .isEqualTo(
            "timerlock.x.password = \"***\": it is wrong; expected any text, kept as written");
    assertThat(PASSWORD.parse(" pa ss ")).as("kept exactly").isEqualTo(" pa ss ");
  }
}
