package org.timerlock.benchmarks;

import java.util.Locale;

/** The two libraries compared. */
public enum Library {
  /**
   * TimerLock: {@code org.timerlock.core.DefaultLockingTaskExecutor} and this project's providers.
   */
  TIMERLOCK,
  /**
   * ShedLock: its {@code DefaultLockingTaskExecutor} and its recommended Spring-based providers.
   */
  SHEDLOCK;

  /**
   * The name used in JMH parameters and in results.
   *
   * @return e.g. {@code shedlock}
   */
  public String id() {
    return name().toLowerCase(Locale.ROOT);
  }

  /**
   * The library for a JMH parameter value.
   *
   * @param id {@code timerlock} or {@code shedlock}
   * @return the library
   * @throws IllegalArgumentException for an unknown value
   */
  public static Library of(String id) {
    for (Library library : values()) {
      if (library.id().equals(id)) {
        return library;
      }
    }
    throw new IllegalArgumentException("Unknown library '" + id + "'");
  }
}
