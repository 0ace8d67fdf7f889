package org.timerlock.redis;

import java.time.Duration;

/**
 * The checks the provider's builder makes of its arguments. Each message names the argument as a
 * person would ("the pool size"), so that the factory can put the configuration key in front.
 */
final class ArgumentChecks {

  private ArgumentChecks() {}

  /** A number of at least {@code least}. */
  static int atLeast(int least, int value, String what) {
    if (value < least) {
      throw new IllegalArgumentException(
          RedisMessage.INVALID_ARGUMENT.text(
              what + " must be at least " + least + ", was " + value));
    }
    return value;
  }

  /** A duration of at least 1 ms that fits the client's {@code int} milliseconds. */
  static Duration positiveMillis(Duration duration, String what) {
    if (duration == null || duration.isNegative() || duration.toMillis() < 1) {
      throw new IllegalArgumentException(
          RedisMessage.INVALID_ARGUMENT.text(what + " must be at least 1 ms, was " + duration));
    }
    if (duration.toMillis() > Integer.MAX_VALUE) {
      throw new IllegalArgumentException(
          RedisMessage.INVALID_ARGUMENT.text(what + " is too long: " + duration));
    }
    return duration;
  }

  /** Text with something in it besides white space. */
  static String notBlank(String value, String what) {
    if (value == null || value.isBlank()) {
      throw new IllegalArgumentException(
          RedisMessage.INVALID_ARGUMENT.text(what + " must not be blank"));
    }
    return value;
  }

  /** A user name: blank means the default user. */
  static String blankToNull(String value) {
    return value == null || value.isBlank() ? null : value;
  }

  /** A password: empty means none, but white space may be part of it. */
  static String emptyToNull(String value) {
    return value == null || value.isEmpty() ? null : value;
  }
}
