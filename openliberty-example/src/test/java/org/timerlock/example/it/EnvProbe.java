package org.timerlock.example.it;

import jakarta.ejb.Schedule;
import jakarta.ejb.Singleton;
import org.timerlock.cdi.SchedulerLock;
import org.timerlock.servertests.Probe;

/**
 * A timer whose lock has no durations in code: the node's environment variables give them ({@code
 * TIMERLOCK_DEFAULT_LOCK_AT_MOST_FOR}, {@code TIMERLOCK_LOCK__ENV_PROBE__LOCK_AT_LEAST_FOR}).
 */
@Singleton
public class EnvProbe {

  static final String LOCK = "env-probe";

  @Schedule(hour = "*", minute = "*", second = "*/2", persistent = false)
  @SchedulerLock(name = LOCK)
  public void fire() {
    Probe.run(LOCK, 300);
  }
}
