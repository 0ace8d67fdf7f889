package org.timerlock.benchmarks.cdi;

import io.smallrye.config.PropertiesConfigSource;
import io.smallrye.config.SmallRyeConfigBuilder;
import jakarta.enterprise.context.Dependent;
import jakarta.enterprise.inject.Produces;
import jakarta.enterprise.inject.spi.InterceptionType;
import jakarta.enterprise.util.AnnotationLiteral;
import jakarta.inject.Singleton;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import net.javacrumbs.shedlock.core.LockAssert;
import net.javacrumbs.shedlock.core.LockProvider;
import net.javacrumbs.shedlock.provider.inmemory.InMemoryLockProvider;
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
 * What a locking interceptor itself costs a call, in one Weld SE container (CDI 4.1) with an
 * in-memory store on each side: TimerLock's {@code @SchedulerLock} with its in-memory provider and
 * shedlock-cdi's {@code @SchedulerLock} with ShedLock's in-memory provider, against the same job
 * called without an interceptor and through an interceptor that only proceeds. All four beans live
 * in one container, so one run gives all four.
 *
 * <ul>
 *   <li>{@link #plainCall}: a bean with no interceptor.
 *   <li>{@link #passThroughCall}: the same job through {@link PassThroughInterceptor}.
 *   <li>{@link #timerLockCall}: the same job through TimerLock's interceptor: find the lock
 *       resolved at deployment, acquire it in memory, run, release.
 *   <li>{@link #shedLockCall}: the same job through shedlock-cdi's interceptor, with the same
 *       lockAtMostFor and lockAtLeastFor.
 * </ul>
 *
 * <p>Every benchmark checks that its call ran the job once, so a skipped call cannot produce a
 * number: the lock is free at each call (one thread, released after each call, lockAtLeastFor 0).
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
public class InterceptorBenchmarks {

  static final String TIMERLOCK_LOCK = "bench-timerlock";
  static final String SHEDLOCK_LOCK = "bench-shedlock";
  // The same lease on both sides.
  static final String LOCK_AT_MOST_FOR = "PT30M";
  static final String LOCK_AT_LEAST_FOR = "PT0S";

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
  public static class TimerLockJob {
    long runs;

    /** Counts the run. */
    @SchedulerLock(
        name = TIMERLOCK_LOCK,
        lockAtMostFor = LOCK_AT_MOST_FOR,
        lockAtLeastFor = LOCK_AT_LEAST_FOR)
    public void run() {
      runs++;
    }

    /**
     * Used once before measuring, to check that the interceptor really takes the lock.
     *
     * @return the name of the lock the call runs under
     */
    @SchedulerLock(name = TIMERLOCK_LOCK + "-probe", lockAtMostFor = LOCK_AT_MOST_FOR)
    public String heldLockName() {
      return CurrentLock.configuration().name();
    }
  }

  /** The empty job under a shedlock-cdi lock. */
  @Dependent
  public static class ShedLockJob {
    long runs;

    /** Counts the run. */
    @net.javacrumbs.shedlock.cdi.SchedulerLock(
        name = SHEDLOCK_LOCK,
        lockAtMostFor = LOCK_AT_MOST_FOR,
        lockAtLeastFor = LOCK_AT_LEAST_FOR)
    public void run() {
      runs++;
    }

    /**
     * Used once before measuring, to check that the interceptor really takes the lock (shedlock-cdi
     * locks only methods that return nothing): throws unless the call runs under a ShedLock lock.
     */
    @net.javacrumbs.shedlock.cdi.SchedulerLock(
        name = SHEDLOCK_LOCK + "-probe",
        lockAtMostFor = LOCK_AT_MOST_FOR)
    public void assertLocked() {
      LockAssert.assertLocked();
    }
  }

  /** The lock provider shedlock-cdi's interceptor is built with: ShedLock's own, in memory. */
  @Dependent
  public static class ShedLockProviders {

    /**
     * The provider, a {@code @Singleton} as ShedLock's CDI examples produce it: the interceptor
     * calls it directly, as TimerLock's calls its provider. (A normal scope would put a client
     * proxy in between, which for an interface type calls the provider by reflection.)
     *
     * @return ShedLock's in-memory provider
     */
    @Produces
    @Singleton
    public LockProvider shedLockProvider() {
      return new InMemoryLockProvider();
    }
  }

  /**
   * One Weld SE container with TimerLock's extension and in-memory provider, shedlock-cdi's
   * interceptor and ShedLock's in-memory provider, and the four jobs.
   */
  @State(Scope.Benchmark)
  public static class Container {
    WeldContainer weld;
    PlainJob plain;
    PassThroughJob passThrough;
    TimerLockJob timerLock;
    ShedLockJob shedLock;

    /** Boots the container and checks that each job is intercepted as it should be. */
    @Setup(Level.Trial)
    public void start() {
      useConfig(
          Map.of(
              "timerlock.provider",
              "in-memory",
              // shedlock-cdi's interceptor requires a default; every benchmarked lock sets its own.
              "shedlock.defaults.lock-at-most-for",
              LOCK_AT_MOST_FOR));
      weld =
          new Weld()
              .disableDiscovery()
              .addExtension(new TimerLockExtension())
              .addBeanClasses(
                  PlainJob.class,
                  PassThroughJob.class,
                  TimerLockJob.class,
                  ShedLockJob.class,
                  PassThroughInterceptor.class,
                  ShedLockProviders.class,
                  // What a server finds through the bean archive of shedlock-cdi's jar.
                  net.javacrumbs.shedlock.cdi.internal.SchedulerLockInterceptor.class)
              .initialize();
      plain = weld.select(PlainJob.class).get();
      passThrough = weld.select(PassThroughJob.class).get();
      timerLock = weld.select(TimerLockJob.class).get();
      shedLock = weld.select(ShedLockJob.class).get();
      check();
    }

    private void check() {
      if (weld.getBeanManager()
          .resolveInterceptors(InterceptionType.AROUND_INVOKE, new PassThroughLiteral())
          .isEmpty()) {
        throw new IllegalStateException("PassThroughInterceptor is not enabled");
      }
      String held = timerLock.heldLockName();
      if (!(TIMERLOCK_LOCK + "-probe").equals(held)) {
        throw new IllegalStateException("The TimerLock job ran under " + held);
      }
      shedLock.assertLocked();
      plain.run();
      passThrough.run();
      timerLock.run();
      shedLock.run();
      ranOnce(plain.runs, 0, PlainJob.class);
      ranOnce(passThrough.runs, 0, PassThroughJob.class);
      ranOnce(timerLock.runs, 0, TimerLockJob.class);
      ranOnce(shedLock.runs, 0, ShedLockJob.class);
    }

    /** Shuts the container down. */
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
    long before = c.plain.runs;
    c.plain.run();
    ranOnce(c.plain.runs, before, PlainJob.class);
  }

  /**
   * A call through an interceptor that only proceeds.
   *
   * @param c the container
   */
  @Benchmark
  public void passThroughCall(Container c) {
    long before = c.passThrough.runs;
    c.passThrough.run();
    ranOnce(c.passThrough.runs, before, PassThroughJob.class);
  }

  /**
   * A call through TimerLock's {@code @SchedulerLock} with its in-memory provider.
   *
   * @param c the container
   */
  @Benchmark
  public void timerLockCall(Container c) {
    long before = c.timerLock.runs;
    c.timerLock.run();
    ranOnce(c.timerLock.runs, before, TimerLockJob.class);
  }

  /**
   * A call through shedlock-cdi's {@code @SchedulerLock} with ShedLock's in-memory provider.
   *
   * @param c the container
   */
  @Benchmark
  public void shedLockCall(Container c) {
    long before = c.shedLock.runs;
    c.shedLock.run();
    ranOnce(c.shedLock.runs, before, ShedLockJob.class);
  }

  /**
   * Fails the benchmark unless the job's counter moved by exactly one: a call the lock skipped
   * would otherwise be measured as a fast call.
   */
  static void ranOnce(long runs, long before, Class<?> job) {
    if (runs != before + 1) {
      throw new IllegalStateException(
          job.getSimpleName() + " ran " + (runs - before) + " times in one call, expected once");
    }
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
