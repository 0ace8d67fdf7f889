package org.timerlock.benchmarks;

import io.smallrye.config.PropertiesConfigSource;
import io.smallrye.config.SmallRyeConfigBuilder;
import jakarta.enterprise.context.Dependent;
import jakarta.enterprise.inject.spi.InterceptionType;
import jakarta.enterprise.util.AnnotationLiteral;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.eclipse.microprofile.config.Config;
import org.eclipse.microprofile.config.spi.ConfigProviderResolver;
import org.jboss.weld.environment.se.Weld;
import org.jboss.weld.environment.se.WeldContainer;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.timerlock.cdi.SchedulerLock;
import org.timerlock.cdi.internal.TimerLockExtension;
import org.timerlock.core.CurrentLock;

/**
 * What {@code @SchedulerLock}'s interceptor itself costs a call, in Weld SE with the in-memory
 * provider, against the same empty job called without an interceptor and through an interceptor
 * that only proceeds. All three beans live in one container, so one run gives all three.
 *
 * <ul>
 *   <li>{@link #plainCall}: a bean with no interceptor.
 *   <li>{@link #passThroughCall}: the same job through {@link PassThroughInterceptor}.
 *   <li>{@link #lockedCall}: the same job through TimerLock's interceptor: find the lock resolved
 *       at deployment, acquire it in memory, run, release.
 * </ul>
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
public class InterceptorBenchmarks {

  static final String LOCK_NAME = "bench-intercepted";

  /** The empty job, called directly. */
  @Dependent
  public static class PlainJob {
    long runs;

    /** Counts the run. */
    public void run() {
      runs++;
    }
  }

  /** The empty job behind an interceptor that only proceeds. */
  @Dependent
  public static class PassThroughJob {
    long runs;

    /** Counts the run. */
    @PassThrough
    public void run() {
      runs++;
    }
  }

  /** The empty job under a TimerLock lock. */
  @Dependent
  public static class LockedJob {
    long runs;

    /** Counts the run. */
    @SchedulerLock(name = LOCK_NAME, lockAtMostFor = "PT30M")
    public void run() {
      runs++;
    }

    /**
     * Used once before measuring, to check that the interceptor really takes the lock.
     *
     * @return the name of the lock the call runs under
     */
    @SchedulerLock(name = LOCK_NAME + "-probe", lockAtMostFor = "PT30M")
    public String heldLockName() {
      return CurrentLock.configuration().name();
    }
  }

  /**
   * One Weld SE container with TimerLock's extension, the in-memory provider and the three jobs.
   */
  @State(Scope.Benchmark)
  public static class Container {
    WeldContainer weld;
    PlainJob plain;
    PassThroughJob passThrough;
    LockedJob locked;

    /** Boots the container and checks that each job is intercepted as it should be. */
    @Setup(Level.Trial)
    public void start() {
      useConfig(Map.of("timerlock.provider", "in-memory"));
      weld =
          new Weld()
              .disableDiscovery()
              .addExtension(new TimerLockExtension())
              .addBeanClasses(
                  PlainJob.class,
                  PassThroughJob.class,
                  LockedJob.class,
                  PassThroughInterceptor.class)
              .initialize();
      plain = weld.select(PlainJob.class).get();
      passThrough = weld.select(PassThroughJob.class).get();
      locked = weld.select(LockedJob.class).get();
      check();
    }

    private void check() {
      if (weld.getBeanManager()
          .resolveInterceptors(InterceptionType.AROUND_INVOKE, new PassThroughLiteral())
          .isEmpty()) {
        throw new IllegalStateException("PassThroughInterceptor is not enabled");
      }
      String held = locked.heldLockName();
      if (!(LOCK_NAME + "-probe").equals(held)) {
        throw new IllegalStateException("The locked job ran under " + held);
      }
      plain.run();
      passThrough.run();
      locked.run();
      if (plain.runs != 1 || passThrough.runs != 1 || locked.runs != 1) {
        throw new IllegalStateException("A job did not run once");
      }
    }

    /**
     * Shuts the container down; every locked call must have run, as the lock is free whenever the
     * single benchmark thread calls.
     */
    @TearDown(Level.Trial)
    public void stop() {
      weld.shutdown();
      ConfigProviderResolver resolver = ConfigProviderResolver.instance();
      resolver.releaseConfig(resolver.getConfig(classLoader()));
    }
  }

  /**
   * A call with no interceptor.
   *
   * @param c the container
   */
  @Benchmark
  public void plainCall(Container c) {
    c.plain.run();
  }

  /**
   * A call through an interceptor that only proceeds.
   *
   * @param c the container
   */
  @Benchmark
  public void passThroughCall(Container c) {
    c.passThrough.run();
  }

  /**
   * A call through {@code @SchedulerLock} with the in-memory provider.
   *
   * @param c the container
   */
  @Benchmark
  public void lockedCall(Container c) {
    c.locked.run();
  }

  /** Makes these properties the application's MicroProfile Config, as a server would. */
  static void useConfig(Map<String, String> properties) {
    Config config =
        new SmallRyeConfigBuilder()
            .withSources(new PropertiesConfigSource(properties, "benchmark", 500))
            .build();
    ConfigProviderResolver.instance().registerConfig(config, classLoader());
  }

  private static ClassLoader classLoader() {
    return Thread.currentThread().getContextClassLoader();
  }

  /** {@code @PassThrough}, to ask the container whether its interceptor is enabled. */
  @SuppressWarnings("serial") // never serialised
  static final class PassThroughLiteral extends AnnotationLiteral<PassThrough>
      implements PassThrough {}
}
