package org.timerlock.cdi.internal.metrics;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.timerlock.cdi.internal.CdiMessage;
import org.timerlock.cdi.internal.DeployedLocks;
import org.timerlock.core.spi.Printable;

/**
 * The value of the lock name tag of every meter: the lock name for the first {@code
 * timerlock.metrics.max-locks} names, {@value #OVERFLOW} for every name after them. Each name makes
 * meters of its own, so names made at run time would make meters without end; one bean for the
 * deployment, so that all metrics APIs count the same names and warn once.
 */
@ApplicationScoped
public class MetricTags {

  /** The tag value of the names beyond the limit. */
  public static final String OVERFLOW = "_other";

  private static final Logger LOG = System.getLogger(LockEventMetrics.class.getName());

  private final Set<String> tagged = ConcurrentHashMap.newKeySet();
  private final int maxLocks;
  private boolean warned;

  /** For the container's client proxy only. */
  protected MetricTags() {
    this.maxLocks = 0;
  }

  @Inject
  MetricTags(DeployedLocks locks) {
    this.maxLocks = locks.metricsMaxLocks();
  }

  /**
   * The tag value for a lock name.
   *
   * @param lockName the lock name
   * @return the name, or {@value #OVERFLOW} once the limit is reached
   */
  public String of(String lockName) {
    if (tagged.contains(lockName)) {
      return lockName;
    }
    return firstSeen(lockName);
  }

  // Locked so that concurrent first calls cannot pass the limit together; later calls of a known
  // name do not come here.
  private synchronized String firstSeen(String lockName) {
    if (tagged.contains(lockName) || tagged.size() < maxLocks) {
      tagged.add(lockName);
      return lockName;
    }
    if (!warned) {
      warned = true;
      LOG.log(
          Level.WARNING,
          CdiMessage.METRICS_LOCK_NAMES_CAPPED.text(
              "TimerLock: the lock metrics have reached timerlock.metrics.max-locks = {0} lock"
                  + " names; lock ''{1}'' and every further new name are recorded under"
                  + " timerlock.lock.name = {2}. The metrics expect a fixed set of lock names;"
                  + " raise the limit if the application really has more"),
          String.valueOf(maxLocks),
          Printable.shortened(lockName),
          OVERFLOW);
    }
    return OVERFLOW;
  }
}
