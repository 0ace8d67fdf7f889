package org.timerlock.cdi.internal;

import jakarta.enterprise.event.Observes;
import jakarta.enterprise.inject.spi.AfterBeanDiscovery;
import jakarta.enterprise.inject.spi.AfterDeploymentValidation;
import jakarta.enterprise.inject.spi.BeanManager;
import jakarta.enterprise.inject.spi.BeforeShutdown;
import jakarta.enterprise.inject.spi.Extension;
import jakarta.enterprise.inject.spi.ProcessBean;
import jakarta.enterprise.inject.spi.ProcessManagedBean;
import jakarta.inject.Singleton;
import jakarta.interceptor.Interceptor;
import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.eclipse.microprofile.config.Config;
import org.eclipse.microprofile.config.ConfigProvider;
import org.timerlock.core.LockConfiguration;
import org.timerlock.core.LockProvider;
import org.timerlock.core.StoreFailurePolicy;

/**
 * Finds every {@code @SchedulerLock} method at deployment, resolves and validates its settings
 * once, contributes the configured {@link LockProvider} unless the application has its own, and
 * fails the deployment with one precise message per problem.
 */
public class TimerLockExtension implements Extension {

  private static final Logger LOG = System.getLogger(TimerLockExtension.class.getName());
  static final String STORE_FAILURE_KEY = "timerlock.store-failure";

  private final List<LockCandidate> candidates = new ArrayList<>();
  private final Problems problems = new Problems();
  private final LockRegistry registry = new LockRegistry();
  private final Map<LockCandidate, LockConfiguration> resolved = new LinkedHashMap<>();
  private boolean applicationProvidesLockProvider;
  private LockProvider builtProvider;
  private LockSettingsResolver resolver;
  private MicroProfileSettings settings;
  private StoreFailurePolicy storeFailurePolicy = StoreFailurePolicy.SKIP;

  /** Created by the container through {@link java.util.ServiceLoader}. */
  public TimerLockExtension() {}

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

  void resolveSettings(@Observes AfterBeanDiscovery event) {
    Config config = ConfigProvider.getConfig(classLoader());
    settings = new MicroProfileSettings(config);
    resolver = new LockSettingsResolver(settings::get);
    storeFailurePolicy = storeFailurePolicy(settings);
    for (LockCandidate candidate : candidates) {
      try {
        String name = resolver.name(candidate);
        LockConfiguration configuration =
            resolver.resolve(
                name,
                candidate.annotation().lockAtMostFor(),
                candidate.annotation().lockAtLeastFor());
        resolved.put(candidate, configuration);
        registry.register(candidate, configuration);
      } catch (IllegalArgumentException e) {
        problems.add(candidate, e.getMessage());
      }
    }
    rejectUnintendedSharing();
    checkConfigKeys(config);
    if (!applicationProvidesLockProvider) {
      addConfiguredProvider(event);
    }
  }

  void validate(@Observes AfterDeploymentValidation event, BeanManager beanManager) {
    if (problems.isEmpty()) {
      checkAgainstProvider(beanManager);
    }
    for (String message : problems.messages()) {
      event.addDeploymentProblem(new TimerLockDeploymentProblem(message));
    }
  }

  void closeProvider(@Observes BeforeShutdown event) {
    if (builtProvider instanceof AutoCloseable closeable) {
      try {
        closeable.close();
      } catch (Exception e) {
        LOG.log(Level.WARNING, "Closing the lock provider failed: " + e.getMessage(), e);
      }
    }
  }

  LockRegistry registry() {
    return registry;
  }

  LockSettingsResolver resolver() {
    return resolver;
  }

  String nodeId() {
    return settings.nodeId();
  }

  StoreFailurePolicy storeFailurePolicy() {
    return storeFailurePolicy;
  }

  private void rejectUnintendedSharing() {
    Map<String, List<LockCandidate>> byName =
        resolved.keySet().stream()
            .collect(
                Collectors.groupingBy(
                    c -> resolved.get(c).name(), LinkedHashMap::new, Collectors.toList()));
    byName.forEach(
        (name, users) -> {
          boolean oneClassLevelLock =
              users.stream().allMatch(c -> c.classLevel() && !c.annotation().name().isEmpty())
                  && users.stream().map(LockCandidate::beanClass).distinct().count() == 1;
          if (users.size() < 2 || oneClassLevelLock) {
            return;
          }
          try {
            if (resolver.shared(name)) {
              return;
            }
          } catch (IllegalArgumentException e) {
            problems.add(e.getMessage());
            return;
          }
          problems.add(
              "@SchedulerLock: the lock name '"
                  + name
                  + "' is used by "
                  + users.stream().map(LockCandidate::where).collect(Collectors.joining(" and "))
                  + "; only one of them would run at a time and the others would be skipped. Give"
                  + " each its own name, or set "
                  + LockSettingsResolver.lockKey(name, "shared")
                  + "=true if they are meant to exclude each other");
        });
  }

  private void checkConfigKeys(Config config) {
    Set<String> lockNames =
        resolved.values().stream().map(LockConfiguration::name).collect(Collectors.toSet());
    ConfigKeyCheck.check(
        config.getPropertyNames(),
        lockNames,
        problems,
        key ->
            LOG.log(
                Level.INFO,
                "TimerLock: config key {0} names no @SchedulerLock method; it applies only if the"
                    + " lock is taken through LockedTasks",
                key));
  }

  private void addConfiguredProvider(AfterBeanDiscovery event) {
    String failure = null;
    try {
      builtProvider = ProviderBootstrap.build(settings);
    } catch (IllegalArgumentException e) {
      failure = "TimerLock: " + e.getMessage();
      problems.add(failure);
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
          "TimerLock could not ask the lock store for its name length limit; lock names are"
              + " checked at the first fire instead: {0}",
          e.getMessage());
      maxLength = Integer.MAX_VALUE;
      description = provider.getClass().getName();
    }
    for (Map.Entry<LockCandidate, LockConfiguration> entry : resolved.entrySet()) {
      String name = entry.getValue().name();
      if (name.length() > maxLength) {
        problems.add(
            entry.getKey(),
            "the lock name '"
                + name
                + "' has "
                + name.length()
                + " characters but the lock store ("
                + description
                + ") accepts at most "
                + maxLength
                + "; give a shorter name");
      }
    }
    if (problems.isEmpty()) {
      logSummary(description);
    }
  }

  private void logSummary(String providerDescription) {
    resolved.forEach(
        (candidate, configuration) ->
            LOG.log(
                Level.INFO,
                "TimerLock: {0} runs under lock ''{1}'' (lockAtMostFor {2}, lockAtLeastFor {3}) in"
                    + " {4}",
                candidate.where(),
                configuration.name(),
                configuration.lockAtMostFor(),
                configuration.lockAtLeastFor(),
                providerDescription));
  }

  private StoreFailurePolicy storeFailurePolicy(MicroProfileSettings settings) {
    String value = settings.get(STORE_FAILURE_KEY).orElse("skip").trim();
    try {
      return StoreFailurePolicy.valueOf(value.toUpperCase(Locale.ROOT));
    } catch (IllegalArgumentException e) {
      problems.add(
          "TimerLock: config key "
              + STORE_FAILURE_KEY
              + " = \""
              + value
              + "\" is not one of skip, fail");
      return StoreFailurePolicy.SKIP;
    }
  }

  private static ClassLoader classLoader() {
    ClassLoader context = Thread.currentThread().getContextClassLoader();
    return context != null ? context : TimerLockExtension.class.getClassLoader();
  }
}
