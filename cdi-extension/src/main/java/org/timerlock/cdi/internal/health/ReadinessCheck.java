package org.timerlock.cdi.internal.health;

import jakarta.enterprise.inject.Any;
import jakarta.enterprise.inject.Instance;
import jakarta.enterprise.inject.spi.AfterBeanDiscovery;
import jakarta.enterprise.inject.spi.CDI;
import jakarta.inject.Singleton;
import java.lang.reflect.InvocationHandler;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.util.Optional;
import org.eclipse.microprofile.health.HealthCheck;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.eclipse.microprofile.health.HealthCheckResponse.Status;
import org.eclipse.microprofile.health.Readiness;

/**
 * The readiness check {@value #NAME}, a {@code @Readiness HealthCheck} bean that answers with what
 * {@link LockStoreHealth} finds.
 *
 * <p>Why a {@link Proxy} rather than a class that implements {@code HealthCheck}: GlassFish and
 * Payara load every class of the application's jars at deployment, and a class whose interface is
 * missing cannot load, which they log as SEVERE on every server without MicroProfile Health. This
 * class names MicroProfile Health types only inside method bodies, which load only when the
 * extension calls {@link #addBean} (it does so only when the API is present) and when the check
 * runs.
 */
public final class ReadinessCheck implements InvocationHandler {

  /** The name of the check in the health report. */
  public static final String NAME = "timerlock-lock-store";

  private final LockStoreHealth health;

  private ReadinessCheck(LockStoreHealth health) {
    this.health = health;
  }

  /**
   * Adds the check as a bean of type {@code HealthCheck}, qualified {@code @Readiness}. Its bean
   * class is {@link LockStoreHealth}, so that it belongs to TimerLock's bean archive, where the
   * server's health extension finds it.
   *
   * @param event the event to add the bean to
   */
  public static void addBean(AfterBeanDiscovery event) {
    event
        .addBean()
        .types(HealthCheck.class, Object.class)
        .qualifiers(Readiness.Literal.INSTANCE, Any.Literal.INSTANCE)
        .scope(Singleton.class)
        .beanClass(LockStoreHealth.class)
        .produceWith(
            beans ->
                Proxy.newProxyInstance(
                    ReadinessCheck.class.getClassLoader(),
                    new Class<?>[] {HealthCheck.class},
                    new ReadinessCheck(state(beans))));
  }

  /**
   * The check's state, the application's {@link LockStoreHealth}. Payara Server 6 resolves the
   * {@code Instance} of a bean the extension adds in a bean archive that does not see {@link
   * LockStoreHealth} (the deployment failed with WELD-001334 when its health extension created the
   * check), while the application's bean manager, {@link CDI#current()}, finds it. The other
   * servers find it through the bean's own {@code Instance}, which stays the first choice.
   */
  private static LockStoreHealth state(Instance<Object> beans) {
    Instance<LockStoreHealth> own = beans.select(LockStoreHealth.class);
    return own.isUnsatisfied() ? CDI.current().select(LockStoreHealth.class).get() : own.get();
  }

  @Override
  public Object invoke(Object proxy, Method method, Object[] args) {
    return switch (method.getName()) {
      case "call" -> response();
      case "equals" -> proxy == args[0];
      case "hashCode" -> System.identityHashCode(proxy);
      case "toString" -> "TimerLock readiness check " + NAME;
      default -> throw new UnsupportedOperationException(method.toString());
    };
  }

  // Built without HealthCheckResponse.named(): that needs the server's response provider.
  private Object response() {
    LockStoreHealth.Result result = health.check();
    return new HealthCheckResponse(
        NAME, result.up() ? Status.UP : Status.DOWN, Optional.of(result.data()));
  }
}
