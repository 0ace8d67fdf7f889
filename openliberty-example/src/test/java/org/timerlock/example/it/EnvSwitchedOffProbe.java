package org.timerlock.example.it;

import jakarta.ejb.Schedule;
import jakarta.ejb.Singleton;
import org.timerlock.cdi.SchedulerLock;
import org.timerlock.servertests.Probe;

/** A timer that the node's environment switches off: {@code TIMERLOCK_LOCK__ENV_OFF__ENABLED}. */
@Singleton
public class EnvSwitchedOffProbe {

  static final String LOCK = "env-off";

  @Schedule(hour = "*", minute = "*", second = "*/2", persistent = false)
  @SchedulerLock(name = LOCK, lockAtMostFor = "1m")
  public void fire() {
    Probe.run(LOCK, 100);
  }
}
