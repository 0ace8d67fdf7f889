package org.timerlock.cdi.internal;

import jakarta.enterprise.event.Observes;
import jakarta.enterprise.inject.spi.AfterBeanDiscovery;
import jakarta.enterprise.inject.spi.AfterDeploymentValidation;
import jakarta.enterprise.inject.spi.BeanManager;
import jakarta.enterprise.inject.spi.BeforeBeanDiscovery;
import jakarta.enterprise.inject.spi.BeforeShutdown;
import jakarta.enterprise.inject.spi.Extension;
import jakarta.enterprise.inject.spi.ProcessBean;
import jakarta.enterprise.inject.spi.ProcessInjectionPoint;
import jakarta.enterprise.inject.spi.ProcessManagedBean;
import jakarta.inject.Singleton;
import jakarta.interceptor.Interceptor;
import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.eclipse.microprofile.config.Config;
import org.eclipse.microprofile.config.ConfigProvider;
import org.timerlock.cdi.LockedJobs;
import org.timerlock.cdi.internal.health.ReadinessCheck;
import org.timerlock.cdi.internal.metrics.MetricTags;
import org.timerlock.core.LockProvider;
import org.timerlock.core.spi.ConfigKey;
import org.timerlock.core.spi.MessageCode;

/**
 * Registers TimerLock's interceptor and beans, finds every {@code @SchedulerLock} method at
 * deployment, resolves and validates its lock once into a {@link ResolvedLock} of the {@link
 * DeployedLocks}, checks every {@code timerlock.*} key, contributes the configured {@link
 * LockProvider} unless the application has its own, and fails the deployment with one precise
 * message per problem.
 */
public class TimerLockExtension implements Extension {

  private static final Logger LOG = System.getLogger(TimerLockExtension.class.getName());

  /**
   * The beans of this jar, whose bean archive scans nothing: the extension adds them itself. {@code
   * LockedTasks} is among the {@link OptionalBeans}: its methods take Jakarta Concurrency types.
   */
  private static final List<Class<?>> OWN_BEANS =
      List.of(
          SchedulerLockInterceptor.class,
          LockRuntime.class,
          LockEventChannel.class,
          EventingLockAdmin.class,
          MetricTags.class,
          MissedFireWatch.class,
          OverdueLocks.class,
          JobRegistry.class,
          DirectRunner.class,
          RunNow.class,
          CatchUp.class,
          LockedJobs.class);

  private final List<LockCandidate> candidates = new ArrayList<>();
  private final Problems problems = new Problems();
  private DeployedLocks locks;

  /**
   * Names of locked methods whose settings failed validation: keys for them name a method, which
   * the deployment problems already report.
   */
  private final Set<String> rejectedNames = new HashSet<>();

  private boolean lockedTasksAdded;
  private boolean healthAdded;
  private boolean applicationProvidesLockProvider;
  private LockProvider builtProvider;

  /** Created by the container through {@link java.util.ServiceLoader}. */
  public TimerLockExtension() {}

  void registerOwnBeans(@Observes BeforeBeanDiscovery event, BeanManager beanManager) {
    for (Class<?> bean : OWN_BEANS) {
      event.addAnnotatedType(beanManager.createAnnotatedType(bean), bean.getName());
    }
    for (Class<?> bean : OptionalBeans.present()) {
      event.addAnnotatedType(beanManager.createAnnotatedType(bean), bean.getName());
      lockedTasksAdded |= bean.getName().equals(OptionalBeans.LOCKED_TASKS);
      healthAdded |= bean.getName().equals(OptionalBeans.HEALTH);
    }
  }

  /**
   * Without Jakarta Concurrency there is no {@code LockedTasks} bean: an application that injects
   * it is told why, rather than given the container's unsatisfied-dependency message.
   */
  void requireConcurrencyForLockedTasks(@Observes ProcessInjectionPoint<?, ?> event) {
    if (!lockedTasksAdded
        && event.getInjectionPoint().getType().getTypeName().equals(OptionalBeans.LOCKED_TASKS)) {
      event.addDefinitionError(
          new TimerLockDeploymentProblem(
              CdiMessage.LOCKED_TASKS_UNAVAILABLE.text(
                  "TimerLock: "
                      + event.getInjectionPoint()
                      + " injects LockedTasks, which needs the Jakarta Concurrency API"
                      + " (jakarta.enterprise.concurrent) on the application's class path, and"
                      + " it is not there. Run on a server with Jakarta Concurrency, or take the"
                      + " lock with the injectable LockingTaskExecutor")));
    }
  }

  void findLockedMethods(@Observes ProcessManagedBean<?> event) {
    if (event.getAnnotatedBeanClass().isAnnotationPresent(Interceptor.class)) {
      return; // the interceptor carries the binding, it is not locked itself
    }
    candidates.addAll(LockedMethodScanner.scan(event.getAnnotatedBeanClass(), problems));
  }

  void detectApplicationProvider(@Observes ProcessBean<?> event) {
    if (event.getBean().getTypes().contains(LockProvider.class)) {
      applicationProvidesLockProvider = true;
    }
  }

  void resolve(@Observes AfterBeanDiscovery event) {
    Config config = ConfigProvider.getConfig(classLoader());
    MicroProfileSettings settings = new MicroProfileSettings(config);
    boolean allEnabled = valueOrDefault(settings, TimerLockKeys.ENABLED);
    LockSettingsResolver resolver = new LockSettingsResolver(settings, allEnabled);
    locks =
        new DeployedLocks(
            resolveAll(resolver),
            resolver,
            settings.nodeId(),
            valueOrDefault(settings, TimerLockKeys.STORE_FAILURE),
            valueOrDefault(settings, TimerLockKeys.METRICS_MAX_LOCKS),
            new WatchSettings(
                valueOrDefault(settings, TimerLockKeys.WATCH_ENABLED),
                valueOrDefault(settings, TimerLockKeys.WATCH_INTERVAL),
                valueOrDefault(settings, TimerLockKeys.WATCH_LOCK_NAME)),
            valueOrDefault(settings, TimerLockKeys.SHUTDOWN_DRAIN_TIMEOUT));
    new LockTableChecks(locks, problems).rejectUnintendedSharing();
    boolean configurationValid = checkConfigKeys(config);
    DeploymentLog.switchedOff(allEnabled, locks.all());
    if (!applicationProvidesLockProvider) {
      addConfiguredProvider(event, settings, configurationValid);
    }
    DeployedLocks deployed = locks;
    event
        .addBean()
        .types(DeployedLocks.class, Object.class)
        .scope(Singleton.class)
        .beanClass(TimerLockExtension.class)
        .createWith(context -> deployed);
    if (healthAdded) {
      ReadinessCheck.addBean(event);
    }
  }

  void validate(@Observes AfterDeploymentValidation event, BeanManager beanManager) {
    if (problems.isEmpty()) {
      LockProvider provider = beanManager.createInstance().select(LockProvider.class).get();
      String description = new LockTableChecks(locks, problems).rejectNamesTooLongFor(provider);
      if (problems.isEmpty()) {
        DeploymentLog.summary(locks.all(), description);
        DeploymentLog.runAtIgnored(locks.all());
        if (locks.watch().enabled()) {
          DeploymentLog.unwatched(locks.all());
        }
      }
    }
    problems.all().forEach(event::addDeploymentProblem);
  }

  void closeProvider(@Observes BeforeShutdown event) {
    if (builtProvider instanceof AutoCloseable closeable) {
      try {
        closeable.close();
      } catch (Exception e) {
        LOG.log(
            Level.WARNING,
            CdiMessage.PROVIDER_CLOSE_FAILED.text(
                "Closing the lock provider failed: " + e.getMessage()),
            e);
      }
    }
  }

  /** The lock of every candidate whose settings are valid; the others become problems. */
  private Map<LockCandidate, ResolvedLock> resolveAll(LockSettingsResolver resolver) {
    Map<LockCandidate, ResolvedLock> resolved = new LinkedHashMap<>();
    for (LockCandidate candidate : candidates) {
      try {
        resolved.put(candidate, resolver.resolve(candidate));
      } catch (IllegalArgumentException e) {
        problems.add(candidate, e.getMessage());
        rejectedNames.add(
            candidate.annotation().name().isBlank()
                ? candidate.defaultName()
                : candidate.annotation().name());
      }
    }
    return resolved;
  }

  /** A value, or the key's default when it is unset or invalid (the key check reports that). */
  private static <T> T valueOrDefault(MicroProfileSettings settings, ConfigKey<T> key) {
    try {
      return settings.value(key);
    } catch (IllegalArgumentException e) {
      return key.defaultValue().orElseThrow();
    }
  }

  /** Checks every timerlock.* key; true when none is unknown or invalid. */
  private boolean checkConfigKeys(Config config) {
    Set<String> lockNames =
        locks.all().stream().map(ResolvedLock::name).collect(Collectors.toCollection(HashSet::new));
    lockNames.addAll(rejectedNames);
    int before = problems.size();
    new ConfigKeyCheck(
            config, KeyCatalogue.load(), lockNames, problems, DeploymentLog::unusedLockKey)
        .checkAll();
    return problems.size() == before;
  }

  private void addConfiguredProvider(
      AfterBeanDiscovery event, MicroProfileSettings settings, boolean configurationValid) {
    String failure = null;
    if (configurationValid) {
      try {
        builtProvider = ProviderBootstrap.build(settings);
      } catch (IllegalArgumentException e) {
        failure = MessageCode.inContext("TimerLock: ", e.getMessage());
        problems.add(failure, e.getCause());
      }
    } else {
      failure =
          CdiMessage.PROVIDER_NOT_BUILT.text(
              "TimerLock: the lock provider was not built: its configuration is invalid");
    }
    LockProvider provider = builtProvider;
    String reason = failure;
    event
        .addBean()
        .types(LockProvider.class, Object.class)
        .scope(Singleton.class)
        .beanClass(TimerLockExtension.class)
        .createWith(
            context -> {
              if (provider == null) {
                throw new IllegalStateException(reason);
              }
              return provider;
            });
  }

  private static ClassLoader classLoader() {
    ClassLoader context = Thread.currentThread().getContextClassLoader();
    return context != null ? context : TimerLockExtension.class.getClassLoader();
  }
}
