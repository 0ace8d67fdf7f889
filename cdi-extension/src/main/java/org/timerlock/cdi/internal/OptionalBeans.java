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

  /** The state of the readiness check, added with MicroProfile Health. */
  static final String HEALTH = "org.timerlock.cdi.internal.health.LockStoreHealth";

  private static final String OPEN_TELEMETRY =
      "org.timerlock.cdi.internal.metrics.OpenTelemetryLockMetrics";
  private static final String MICROMETER =
      "org.timerlock.cdi.internal.metrics.MicrometerLockMetrics";

  /** The API class that must load, and the bean that uses the API (by name: not loaded before). */
  private static final Map<String, String> BEANS =
      Map.of(
          "jakarta.enterprise.concurrent.Trigger",
          LOCKED_TASKS,
          "org.eclipse.microprofile.health.HealthCheck",
          HEALTH,
          "io.opentelemetry.api.OpenTelemetry",
          OPEN_TELEMETRY,
          "io.micrometer.core.instrument.MeterRegistry",
          MICROMETER);

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
    logMetricsRoute(beans.stream().map(Class::getName).toList());
    return beans;
  }

  /**
   * Says which metrics API the lock metrics go to: which one a server offers an application, and on
   * what condition, differs between servers (Open Liberty shows OpenTelemetry to applications only
   * with third-party API visibility), and nothing else would tell an operator why metrics are
   * missing.
   */
  private static void logMetricsRoute(List<String> beans) {
    List<String> routes = new ArrayList<>();
    if (beans.contains(OPEN_TELEMETRY)) {
      routes.add("OpenTelemetry");
    }
    if (beans.contains(MICROMETER)) {
      routes.add("Micrometer");
    }
    LOG.log(
        Level.INFO,
        CdiMessage.METRICS_ROUTE.text("TimerLock: lock metrics route: {0}"),
        routes.isEmpty()
            ? "none (the application sees neither the OpenTelemetry API nor Micrometer)"
            : String.join(" and ", routes));
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
