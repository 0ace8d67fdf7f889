package org.timerlock.cdi.interception;

import static org.assertj.core.api.Assertions.assertThat;

import jakarta.enterprise.inject.spi.BeanManager;
import jakarta.enterprise.inject.spi.InterceptionType;
import jakarta.enterprise.inject.spi.Interceptor;
import jakarta.inject.Inject;
import jakarta.interceptor.InvocationContext;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.Serializable;
import java.lang.reflect.Constructor;
import java.lang.reflect.Method;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.timerlock.cdi.SchedulerLock;
import org.timerlock.cdi.internal.SchedulerLockInterceptor;
import org.timerlock.cdi.support.EventLog;
import org.timerlock.cdi.support.ReportJob;
import org.timerlock.cdi.support.SharedStore;
import org.timerlock.cdi.support.TimerLockTest;
import org.timerlock.core.SimpleLock;

/**
 * EJB containers serialise the interceptors of a bean (GlassFish refuses to create a bean whose
 * interceptor is not serialisable, so its timers never fire): the interceptor the container makes
 * survives a round trip and still runs calls under their lock.
 */
@TimerLockTest(
    beans = {ReportJob.class, SharedStore.class, EventLog.class},
    config = "timerlock.lock.\"nested\".shared=true")
class SerializableInterceptorTest {

  @Inject BeanManager beans;

  @Test
  void isSerializable() {
    assertThat(Serializable.class).isAssignableFrom(SchedulerLockInterceptor.class);
  }

  @Test
  void aDeserialisedCopyRunsCallsUnderTheLock() throws Exception {
    SchedulerLockInterceptor copy = roundTrip(containerInstance());
    ReportJob job = new ReportJob();

    assertThat(copy.aroundTimeout(new Call(job, "report"))).isEqualTo("report done");
    assertThat(job.runs()).isEqualTo(1);
    assertThat(job.otherNodeCouldTakeWhileRunning()).as("locked while running").isFalse();

    SimpleLock held = SharedStore.otherNodeTakes("report");
    try {
      assertThat(copy.aroundInvoke(new Call(job, "report"))).as("skipped").isNull();
      assertThat(job.runs()).as("not run while held elsewhere").isEqualTo(1);
    } finally {
      held.unlock();
    }
  }

  /** The interceptor as the container creates it for a {@code @SchedulerLock} method. */
  private SchedulerLockInterceptor containerInstance() throws NoSuchMethodException {
    SchedulerLock binding = ReportJob.class.getMethod("report").getAnnotation(SchedulerLock.class);
    List<Interceptor<?>> interceptors =
        beans.resolveInterceptors(InterceptionType.AROUND_INVOKE, binding);
    assertThat(interceptors).hasSize(1);
    return create(interceptors.get(0));
  }

  private <T> SchedulerLockInterceptor create(Interceptor<T> interceptor) {
    return (SchedulerLockInterceptor)
        interceptor.create(beans.createCreationalContext(interceptor));
  }

  private static SchedulerLockInterceptor roundTrip(SchedulerLockInterceptor interceptor)
      throws IOException, ClassNotFoundException {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
      out.writeObject(interceptor);
    }
    try (ObjectInputStream in =
        new ObjectInputStream(new ByteArrayInputStream(bytes.toByteArray()))) {
      return (SchedulerLockInterceptor) in.readObject();
    }
  }

  /** A call of a no-argument method of the target, as the container hands it to interceptors. */
  private static final class Call implements InvocationContext {

    private final Object target;
    private final Method method;
    private final Map<String, Object> data = new HashMap<>();

    Call(Object target, String method) throws NoSuchMethodException {
      this.target = target;
      this.method = target.getClass().getMethod(method);
    }

    @Override
    public Object getTarget() {
      return target;
    }

    @Override
    public Object getTimer() {
      return null;
    }

    @Override
    public Method getMethod() {
      return method;
    }

    @Override
    public Constructor<?> getConstructor() {
      return null;
    }

    @Override
    public Object[] getParameters() {
      return new Object[0];
    }

    @Override
    public void setParameters(Object[] params) {
      throw new UnsupportedOperationException("no parameters");
    }

    @Override
    public Map<String, Object> getContextData() {
      return data;
    }

    @Override
    public Object proceed() throws Exception {
      return method.invoke(target);
    }
  }
}
