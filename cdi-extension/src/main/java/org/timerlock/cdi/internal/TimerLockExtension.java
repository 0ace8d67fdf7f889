package org.timerlock.cdi.internal;

import jakarta.enterprise.event.Observes;
import jakarta.enterprise.inject.spi.AfterBeanDiscovery;
import jakarta.enterprise.inject.spi.AfterDeploymentValidation;
import jakarta.enterprise.inject.spi.BeanManager;
import jakarta.enterprise.inject.spi.BeforeBeanDiscovery;
import jakarta.enterprise.inject.spi.BeforeShutdown;
import jakarta.enterprise.inject.spi.Extension;
import jakarta.enterprise.inject.spi.ProcessBean;
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
import org.timerlock.cdi.LockedTasks;
import org.timerlock.core.LockProvider;
import org.timerlock.core.spi.ConfigKey;
import org.timerlock.core.spi.MessageCode;
import org.timerlock.core.spi.Printable;

/**
 * Registers TimerLock's interceptor and beans, finds every {@code @SchedulerLock} method at
 * deployment, resolves and validates its lock once into a {@link LockedOperation}, checks every
 * {@code timerlock.*} key, contributes the configured {@link LockProvider} unless the application
 * has its own, and fails the deployment with one precise message per problem.
 */
public class TimerLockExtension implements Extension {

  private static final Logger LOG = System.getLogger(TimerLockExtension.class.getName());

  /** The beans of this jar, whose bean archive scans nothing: the extension adds them itself. */
  private static final List<Class<?>> OWN_BEANS =
      List.of(
          SchedulerLockInterceptor.class,
          LockRuntime.class,
          LockedTasks.class,
          ObservedLockAdmin.class);

  private final List<LockCandidate> candidates = new ArrayList<>();
  private final Problems problems = new Problems();
  private final Map<LockCandidate, LockedOperation> operations = new LinkedHashMap<>();

  /**
   * Names of locked methods whose settings failed validation: keys for them name a method, which
   * the deployment problems already report.
   */
  private final Set<String> rejectedNames = new HashSet<>();

  private boolean applicationProvidesLockProvider;
  private LockProvider builtProvider;

  /** Created by the container through {@link java.util.ServiceLoader}. */
  public TimerLockExtension() {}

  void registerOwnBeans(@Observes BeforeBeanDiscovery event, BeanManager beanManager) {
    for (Class<?> bean : OWN_BEANS) {
      event.addAnnotatedType(beanManager.createAnnotatedType(bean), bean.getName());
    }
    OptionalBeans.present()
        .forEach(
            bean -> event.addAnnotatedType(beanManager.createAnnotatedType(bean), bean.getName()));
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
    LockRegistry registry = new LockRegistry();
    for (LockCandidate candidate : candidates) {
      try {
        LockedOperation operation = resolver.resolve(candidate);
        operations.put(candidate, operation);
        registry.register(candidate.beanClass(), operation);
      } catch (IllegalArgumentException e) {
        problems.add(candidate, e.getMessage());
        rejectedNames.add(
            candidate.annotation().name().isBlank()
                ? candidate.defaultName()
                : candidate.annotation().name());
      }
    }
    rejectUnintendedSharing();
    boolean configurationValid = checkConfigKeys(config);
    logSwitchedOff(allEnabled);
    if (!applicationProvidesLockProvider) {
      addConfiguredProvider(event, settings, configurationValid);
    }
    LockOperations lockOperations =
        new LockOperations(
            registry,
            resolver,
            settings.nodeId(),
            valueOrDefault(settings, TimerLockKeys.STORE_FAILURE));
    event
        .addBean()
        .types(LockOperations.class, Object.class)
        .scope(Singleton.class)
        .beanClass(TimerLockExtension.class)
        .createWith(context -> lockOperations);
  }

  void validate(@Observes AfterDeploymentValidation event, BeanManager beanManager) {
    if (problems.isEmpty()) {
      checkAgainstProvider(beanManager);
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

  /** A value, or the key's default when it is unset or invalid (the key check reports that). */
  private static <T> T valueOrDefault(MicroProfileSettings settings, ConfigKey<T> key) {
    try {
      return settings.value(key);
    } catch (IllegalArgumentException e) {
      return key.defaultValue().orElseThrow();
    }
  }

  private void rejectUnintendedSharing() {
    Map<String, List<LockCandidate>> byName =
        operations.keySet().stream()
            .collect(
                Collectors.groupingBy(
                    c -> operations.get(c).name(), LinkedHashMap::new, Collectors.toList()));
    byName.forEach(
        (name, users) -> {
          boolean oneClassLevelLock =
              users.stream().allMatch(c -> c.classLevel() && !c.annotation().name().isEmpty())
                  && users.stream().map(LockCandidate::beanClass).distinct().count() == 1;
          if (users.size() < 2 || oneClassLevelLock || operations.get(users.get(0)).shared()) {
            return;
          }
          problems.add(
              CdiMessage.NAME_SHARED.text(
                  "@SchedulerLock: the lock name '"
                      + name
                      + "' is used by "
                      + users.stream()
                          .map(LockCandidate::where)
                          .collect(Collectors.joining(" and "))
                      + "; only one of them would run at a time and the others would be skipped."
                      + " Give"
                      + " each its own name, or set "
                      + LockProperty.SHARED.key(name)
                      + "=true if they are meant to exclude each other"));
        });
  }

  /** Checks every timerlock.* key; true when none is unknown or invalid. */
  private boolean checkConfigKeys(Config config) {
    Set<String> lockNames =
        operations.values().stream()
            .map(LockedOperation::name)
            .collect(Collectors.toCollection(HashSet::new));
    lockNames.addAll(rejectedNames);
    int before = problems.size();
    new ConfigKeyCheck(
            config,
            KeyCatalogue.load(),
            lockNames,
            problems,
            key ->
                LOG.log(
                    Level.INFO,
                    "TimerLock: config key {0} names no @SchedulerLock method; it applies if the"
                        + " lock is taken through LockedTasks",
                    key))
        .checkAll();
    return problems.size() == before;
  }

  private void logSwitchedOff(boolean allEnabled) {
    if (!allEnabled) {
      LOG.log(
          Level.WARNING,
          CdiMessage.SWITCHED_OFF.text(
              "TimerLock is switched off ({0}=false): every locked call on this node is skipped"),
          TimerLockKeys.ENABLED.name());
      return;
    }
    List<String> off =
        operations.values().stream()
            .filter(o -> !o.enabled())
            .map(o -> "'" + o.name() + "' (" + o.where() + ")")
            .distinct()
            .collect(Collectors.toList());
    if (!off.isEmpty()) {
      LOG.log(
          Level.WARNING,
          CdiMessage.SWITCHED_OFF.text(
              "TimerLock: locks switched off by configuration, every call skipped on this node:"
                  + " {0}"),
          String.join(", ", off));
    }
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

  private void checkAgainstProvider(BeanManager beanManager) {
    LockProvider provider = beanManager.createInstance().select(LockProvider.class).get();
    int maxLength;
    String description;
    try {
      maxLength = provider.maxNameLength();
      description = provider.description();
    } catch (RuntimeException e) {
      // The store may be down at deployment; that must not stop the application.
      LOG.log(
          Level.WARNING,
          CdiMessage.NAME_LIMIT_UNKNOWN.text(
              "TimerLock could not ask the lock store for its name length limit; lock names are"
                  + " checked at the first fire instead: {0}"),
          e.getMessage());
      maxLength = Integer.MAX_VALUE;
      description = provider.getClass().getName();
    }
    for (Map.Entry<LockCandidate, LockedOperation> entry : operations.entrySet()) {
      String name = entry.getValue().name();
      if (name.length() > maxLength) {
        problems.add(
            entry.getKey(),
            CdiMessage.NAME_TOO_LONG.text(
                "the lock name '"
                    + name
                    + "' has "
                    + name.length()
                    + " characters but the lock store ("
                    + description
                    + ") accepts at most "
                    + maxLength
                    + "; give a shorter name"));
      }
    }
    if (problems.isEmpty()) {
      logSummary(description);
    }
  }

  private void logSummary(String providerDescription) {
    operations
        .values()
        .forEach(
            operation ->
                LOG.log(
                    Level.INFO,
                    CdiMessage.RUNS_UNDER_LOCK.text(
                        "TimerLock: {0} runs under lock ''{1}'' (lockAtMostFor {2}, lockAtLeastFor"
                            + " {3}{4}{5}) in {6}"),
                    operation.where(),
                    Printable.of(operation.name()),
                    operation.configuration().lockAtMostFor(),
                    operation.configuration().lockAtLeastFor(),
                    operation.enabled() ? "" : ", switched off",
                    fireGuard(operation),
                    providerDescription));
  }

  private static String fireGuard(LockedOperation operation) {
    String fires = operation.fires().description();
    if (fires.isEmpty()) {
      return "";
    }
    return operation.oncePerFire() ? "; " + fires : "; once-per-fire switched off";
  }

  private static ClassLoader classLoader() {
    ClassLoader context = Thread.currentThread().getContextClassLoader();
    return context != null ? context : TimerLockExtension.class.getClassLoader();
  }
}
