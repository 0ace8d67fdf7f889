package org.timerlock.chaos.verdict;

import org.timerlock.chaos.RunData;

/**
 * How the verdicts describe what they found: a few examples each, with true times as offsets from
 * the window's start, so that a sample reads against the fault table of the same report.
 */
final class Samples {

  /** How many examples a verdict keeps. */
  static final int MAX = 10;

  private Samples() {}

  /** A true time as a signed offset from the window's start, e.g. {@code +250} or {@code -82}. */
  static String at(RunData data, long time) {
    long d = time - data.windowStart();
    return (d >= 0 ? "+" : "") + d;
  }
}
