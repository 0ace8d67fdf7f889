package org.timerlock.core.spi;

import java.util.List;

/**
 * The configuration keys of an optional TimerLock module that is not a lock provider (the operator
 * console), found with {@link java.util.ServiceLoader}: the CDI extension adds them to its key
 * catalogue, so the module's keys are checked like every other {@code timerlock.*} key and a
 * misspelled one still fails the deployment.
 */
public interface ConfigKeySource {

  /**
   * The keys the module reads.
   *
   * @return its keys, each under {@code timerlock.}
   */
  List<ConfigKey<?>> keys();
}
