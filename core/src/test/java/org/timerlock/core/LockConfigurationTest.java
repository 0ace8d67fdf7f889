package org.timerlock.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class LockConfigurationTest {

  @Test
  void acceptsValidSettings() {
    LockConfiguration c = new LockConfiguration("report", Duration.ofMinutes(5), Duration.ZERO);
    assertThat(c.name()).isEqualTo("report");
    assertThat(LockConfiguration.of("report", Duration.ofMinutes(5))).isEqualTo(c);
  }

  @Test
  void acceptsLockAtLeastForEqualToLockAtMostFor() {
    assertThat(new LockConfiguration("x", Duration.ofSeconds(5), Duration.ofSeconds(5)))
        .extracting(LockConfiguration::lockAtLeastFor)
        .isEqualTo(Duration.ofSeconds(5));
  }

  @Test
  void rejectsNullName() {
    assertThatIllegalArgumentException()
        .isThrownBy(() -> LockConfiguration.of(null, Duration.ofSeconds(1)))
        .withMessage("TIMERLOCK-101 Lock name must not be null");
  }

  @Test
  void rejectsBlankName() {
    assertThatIllegalArgumentException()
        .isThrownBy(() -> LockConfiguration.of("  ", Duration.ofSeconds(1)))
        .withMessage("TIMERLOCK-101 Lock name must not be blank (was '  ')");
  }

  @Test
  void rejectsZeroLockAtMostFor() {
    assertThatIllegalArgumentException()
        .isThrownBy(() -> LockConfiguration.of("job", Duration.ZERO))
        .withMessage("TIMERLOCK-102 lockAtMostFor of lock 'job' must be positive, was PT0S");
  }

  @Test
  void rejectsNegativeLockAtMostFor() {
    assertThatIllegalArgumentException()
        .isThrownBy(() -> LockConfiguration.of("job", Duration.ofSeconds(-3)))
        .withMessageContaining("must be positive, was PT-3S");
  }

  @Test
  void rejectsNegativeLockAtLeastFor() {
    assertThatIllegalArgumentException()
        .isThrownBy(
            () -> new LockConfiguration("job", Duration.ofSeconds(3), Duration.ofMillis(-1)))
        .withMessage(
            "TIMERLOCK-102 lockAtLeastFor of lock 'job' must not be negative, was PT-0.001S");
  }

  @Test
  void rejectsLockAtLeastForLongerThanLockAtMostFor() {
    assertThatIllegalArgumentException()
        .isThrownBy(
            () -> new LockConfiguration("job", Duration.ofSeconds(3), Duration.ofSeconds(4)))
        .withMessage(
            "TIMERLOCK-102 lockAtLeastFor (PT4S) of lock 'job' must not be longer than"
                + " lockAtMostFor (PT3S)");
  }

  @Test
  void rejectsNullDurations() {
    assertThatIllegalArgumentException()
        .isThrownBy(() -> new LockConfiguration("job", null, Duration.ZERO))
        .withMessage("TIMERLOCK-102 lockAtMostFor of lock 'job' must not be null");
    assertThatIllegalArgumentException()
        .isThrownBy(() -> new LockConfiguration("job", Duration.ofSeconds(1), null))
        .withMessage("TIMERLOCK-102 lockAtLeastFor of lock 'job' must not be null");
  }

  @Test
  void withDurationsKeepsTheNameAndValidates() {
    LockConfiguration c = LockConfiguration.of("job", Duration.ofSeconds(1));
    assertThat(c.withDurations(Duration.ofSeconds(9), Duration.ofSeconds(2)))
        .isEqualTo(new LockConfiguration("job", Duration.ofSeconds(9), Duration.ofSeconds(2)));
    assertThatIllegalArgumentException()
        .isThrownBy(() -> c.withDurations(Duration.ofSeconds(1), Duration.ofSeconds(2)));
  }

  @Test
  void aNameWithANulCharacterIsRefusedAndPrintedSafely() {
    assertThatThrownBy(() -> LockConfiguration.of("nightly\u0000\nrun", Duration.ofMinutes(1)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage(
            "TIMERLOCK-101 Lock name 'nightly\\u0000\\nrun' must not contain the character"
                + " U+0000 (NUL)");
  }
}
