package org.timerlock.testkit;

import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicLong;

/** Unique lock names, so tests sharing one store never see each other's locks. */
final class LockNames {

  // Random per JVM: several test JVMs (or a rerun against a store that kept old rows) never clash.
  private static final String RUN =
      Long.toString(ThreadLocalRandom.current().nextLong() & Long.MAX_VALUE, 36);
  private static final AtomicLong COUNTER = new AtomicLong();

  private LockNames() {}

  static String unique(String hint) {
    return hint + "-" + RUN + "-" + COUNTER.incrementAndGet();
  }
}
