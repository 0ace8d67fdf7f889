package org.timerlock.cdi.internal;

import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * TimerLock's beans for APIs an application may or may not have: each is added only when its API's
 * classes load from TimerLock's own class loader, so that a server without them runs TimerLock
 * unchanged, and none of these APIs is a dependency of the jar.
 */
final class OptionalBeans {

  private static final Logger LOG = System.getLogger(TimerLockExtension.class.getName());

  /** The bean for Jakarta Concurrency's scheduled executors, part of TimerLock's API. */
  static final String LOCKED_TASKS = "org.timerlock.cdi.LockedTasks";

  /** The API class that must load, and the bean that uses the API (by name: not loaded before). */
  private static final Map<String, String> BEANS =
      Map.of(
          "jakarta.enterprise.concurrent.Trigger",
          LOCKED_TASKS,
          "org.eclipse.microprofile.health.HealthCheck",
          "org.timerlock.cdi.internal.health.LockStoreHealthCheck",
          "io.opentelemetry.api.OpenTelemetry",
          "org.timerlock.cdi.internal.metrics.OpenTelemetryLockMetrics",
          "io.micrometer.core.instrument.MeterRegistry",
          "org.timerlock.cdi.internal.metrics.MicrometerLockMetrics");

  private OptionalBeans() {}

  /**
   * The beans whose API is present.
   *
   * @return the bean classes to add
   */
  static List<Class<?>> present() {
    ClassLoader loader = OptionalBeans.class.getClassLoader();
    List<Class<?>> beans = new ArrayList<>();
    BEANS.forEach(
        (api, bean) -> {
          if (loads(api, loader)) {
            try {
              beans.add(Class.forName(bean, false, loader));
              LOG.log(Level.DEBUG, "TimerLock: {0} is present, {1} added", api, bean);
            } catch (ClassNotFoundException | LinkageError e) {
              LOG.log(
                  Level.WARNING,
                  CdiMessage.OPTIONAL_BEAN_FAILED.text(
                      "TimerLock: " + api + " is present but " + bean + " cannot load"),
                  e);
            }
          }
        });
    return beans;
  }

  private static boolean loads(String className, ClassLoader loader) {
    try {
      Class.forName(className, false, loader);
      return true;
    } catch (ClassNotFoundException | LinkageError e) {
      return false;
    }
  }
}
