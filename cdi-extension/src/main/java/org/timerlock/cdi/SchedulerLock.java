package org.timerlock.cdi;

import jakarta.enterprise.util.Nonbinding;
import jakarta.interceptor.InterceptorBinding;
import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Inherited;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Runs the annotated method only while holding a named lock shared by every node of the cluster,
 * and skips the call (returning {@code null}, {@code Optional.empty()} or nothing) when another
 * node holds it. Works on EJB timeout methods ({@code @Schedule}, {@code @Timeout}) and on CDI
 * business methods, e.g. ones a {@code ManagedScheduledExecutorService} task calls.
 *
 * <pre>{@code
 * @Schedule(hour = "2", persistent = false)
 * @SchedulerLock(lockAtMostFor = "30m", lockAtLeastFor = "1m")
 * void sendInvoices() { ... }
 * }</pre>
 *
 * <p>Every value accepts ISO-8601 ({@code PT30M}) or short durations ({@code 500ms}, {@code 30s},
 * {@code 30m}, {@code 2h}, {@code 1d}, {@code 1h30m}) and {@code ${config.key}} / {@code
 * ${config.key:default}} expressions resolved through MicroProfile Config. The configuration keys
 * {@code timerlock.lock."<name>".lock-at-most-for} and {@code .lock-at-least-for} override the
 * annotation; {@code timerlock.default.lock-at-most-for} and {@code
 * timerlock.default.lock-at-least-for} apply where neither sets a value. Everything is resolved and
 * validated once, at deployment: a bad value fails the deployment with a message naming the class,
 * the method and the value.
 *
 * <p>On a class, the annotation applies to every business method and timeout method of the class.
 * With an explicit {@code name} they all share that one lock; without one each method gets its own
 * lock, named {@code SimpleClassName.methodName}.
 */
@Inherited
@InterceptorBinding
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.METHOD, ElementType.TYPE})
public @interface SchedulerLock {

  /**
   * The lock name, shared by every node that must not run the job at the same time.
   *
   * @return the name; empty means {@code SimpleClassName.methodName}
   */
  @Nonbinding
  String name() default "";

  /**
   * How long the lock is kept if its holder dies without releasing it. Pick it well above the job's
   * longest normal run.
   *
   * @return a duration text; empty means the configured value or {@code
   *     timerlock.default.lock-at-most-for}
   */
  @Nonbinding
  String lockAtMostFor() default "";

  /**
   * The minimum time the lock is kept after it was taken, even if the job finishes sooner; absorbs
   * small clock differences between nodes. For a call that serves a scheduled fire on a store that
   * guards fires, it counts from the fire instead, so that a run that starts late never keeps the
   * lock into the next fire's slot.
   *
   * @return a duration text; empty means the configured value, {@code
   *     timerlock.default.lock-at-least-for}, or zero
   */
  @Nonbinding
  String lockAtLeastFor() default "";
}
