package org.timerlock.cdi.support;

import jakarta.inject.Inject;
import jakarta.inject.Qualifier;
import java.lang.annotation.Annotation;
import java.lang.reflect.Field;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.jboss.weld.environment.se.WeldContainer;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolver;

/**
 * What {@link TimerLockTest} does around each test method: starts the container its annotations
 * describe, fills the test's {@code @Inject} fields and its parameters (the {@link Deployer}, the
 * container or one of its beans), and shuts everything down afterwards.
 */
final class TimerLockTestExtension
    implements BeforeEachCallback, AfterEachCallback, ParameterResolver {

  private static final ExtensionContext.Namespace NAMESPACE =
      ExtensionContext.Namespace.create(TimerLockTestExtension.class);

  @Override
  public void beforeEach(ExtensionContext context) throws IllegalAccessException {
    Deployer deployer = new Deployer();
    store(context).put(Deployer.class, deployer);
    List<TimerLockTest> declared = declared(context);
    Set<Class<?>> beans = new LinkedHashSet<>();
    Map<String, String> config = new LinkedHashMap<>();
    for (TimerLockTest test : declared) {
      beans.addAll(Arrays.asList(test.beans()));
      for (String property : test.config()) {
        int equals = property.indexOf('=');
        if (equals < 0) {
          throw new IllegalArgumentException("not key=value: " + property);
        }
        config.put(property.substring(0, equals), property.substring(equals + 1));
      }
    }
    WeldContainer container =
        beans.isEmpty() ? null : deployer.start(config, beans.toArray(Class<?>[]::new));
    if (container != null) {
      // Wrapped: JUnit closes an AutoCloseable it holds, after the Deployer has shut it down.
      store(context).put(Started.class, new Started(container));
    }
    inject(context.getRequiredTestInstance(), deployer, container);
  }

  @Override
  public void afterEach(ExtensionContext context) {
    Deployer deployer = store(context).remove(Deployer.class, Deployer.class);
    if (deployer != null) {
      deployer.close();
    }
  }

  /** The {@link Deployer}, the started container, or a bean of it. */
  @Override
  public boolean supportsParameter(ParameterContext parameter, ExtensionContext context) {
    Class<?> type = parameter.getParameter().getType();
    if (type == Deployer.class) {
      return true;
    }
    Started started = store(context).get(Started.class, Started.class);
    return started != null
        && (type == WeldContainer.class
            || started
                .container()
                .select(type, qualifiers(parameter.getParameter().getAnnotations()))
                .isResolvable());
  }

  @Override
  public Object resolveParameter(ParameterContext parameter, ExtensionContext context) {
    Class<?> type = parameter.getParameter().getType();
    if (type == Deployer.class) {
      return store(context).get(Deployer.class, Deployer.class);
    }
    WeldContainer container = store(context).get(Started.class, Started.class).container();
    return type == WeldContainer.class
        ? container
        : container.select(type, qualifiers(parameter.getParameter().getAnnotations())).get();
  }

  /** The class's annotation first, then the method's, so the method's properties win. */
  private static List<TimerLockTest> declared(ExtensionContext context) {
    List<TimerLockTest> declared = new ArrayList<>();
    for (Class<?> c = context.getRequiredTestClass(); c != null; c = c.getEnclosingClass()) {
      Optional.ofNullable(c.getAnnotation(TimerLockTest.class)).ifPresent(a -> declared.add(0, a));
    }
    context.getTestMethod().map(m -> m.getAnnotation(TimerLockTest.class)).ifPresent(declared::add);
    return declared;
  }

  private static void inject(Object test, Deployer deployer, WeldContainer container)
      throws IllegalAccessException {
    for (Class<?> c = test.getClass(); c != Object.class; c = c.getSuperclass()) {
      for (Field field : c.getDeclaredFields()) {
        if (!field.isAnnotationPresent(Inject.class)) {
          continue;
        }
        field.setAccessible(true);
        if (field.getType() == Deployer.class) {
          field.set(test, deployer);
        } else if (container == null) {
          throw new IllegalStateException(
              "@Inject " + field + ": no container was started; give @TimerLockTest the beans");
        } else {
          field.set(
              test, container.select(field.getType(), qualifiers(field.getAnnotations())).get());
        }
      }
    }
  }

  private static Annotation[] qualifiers(Annotation[] annotations) {
    return Arrays.stream(annotations)
        .filter(a -> a.annotationType().isAnnotationPresent(Qualifier.class))
        .toArray(Annotation[]::new);
  }

  /** The container started from the annotations. */
  private record Started(WeldContainer container) {}

  private static ExtensionContext.Store store(ExtensionContext context) {
    return context.getStore(NAMESPACE);
  }
}
