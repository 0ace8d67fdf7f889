package org.timerlock.cdi.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import jakarta.enterprise.concurrent.Asynchronous;
import jakarta.enterprise.concurrent.Schedule;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.lang.reflect.Method;
import java.time.DayOfWeek;
import java.time.Month;
import java.util.concurrent.CompletableFuture;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;
import org.timerlock.cdi.SchedulerLock;

/**
 * Reading {@code runAt} from class files, which a server with the Jakarta Concurrency 3.0 API
 * cannot see by reflection. These classes are compiled against the 3.1 API, so their class files
 * hold {@code runAt} as an application's would; the 3.0 server itself is tried on WildFly by the
 * example's tests.
 */
class IgnoredRunAtTest {

  /** Constants of every width and a lambda, so that the constant pool has every common kind. */
  static class Jobs {
    static final long BIG = 1L << 40;
    static final double RATIO = 0.75;
    static final String NAME = "jobs";

    final Supplier<String> name = () -> NAME + BIG + RATIO;

    @Asynchronous(runAt = @Schedule(cron = "0 */5 * * * *"))
    @SchedulerLock(lockAtMostFor = "4m")
    public CompletableFuture<Void> everyFiveMinutes() {
      return null;
    }

    /** Annotations with nested annotations, enums, classes and arrays before @Asynchronous. */
    @Deprecated(since = "1")
    @SchedulerLock(name = "twice", lockAtMostFor = "1m", lockAtLeastFor = "1s")
    @jakarta.ejb.Schedules({
      @jakarta.ejb.Schedule(hour = "2", persistent = false),
      @jakarta.ejb.Schedule(hour = "3", persistent = false)
    })
    @Asynchronous(
        executor = "java:comp/DefaultManagedExecutorService",
        runAt = {
          @Schedule(daysOfWeek = DayOfWeek.MONDAY, hours = 2, zone = "UTC"),
          @Schedule(
              months = {Month.JANUARY, Month.JULY},
              skipIfLateBy = 60)
        })
    public void twiceAYear(String when, int[] counts, long big, Jobs[] more) {}

    @Asynchronous
    @SchedulerLock(lockAtMostFor = "1m")
    public CompletableFuture<Void> plainAsynchronous() {
      return null;
    }

    @Asynchronous(
        executor = "java:comp/DefaultManagedExecutorService",
        runAt = {})
    public void emptyRunAt() {}

    /** An overload of a method with runAt: only the method itself counts. */
    public CompletableFuture<Void> everyFiveMinutes(String why) {
      return null;
    }

    @SchedulerLock(lockAtMostFor = "1m")
    public void plain() {}
  }

  /** An annotation that has a member named runAt, which is not Concurrency's. */
  @java.lang.annotation.Retention(java.lang.annotation.RetentionPolicy.RUNTIME)
  @interface Other {
    String runAt();
  }

  static class Others {
    @Other(runAt = "02:30")
    public void notConcurrency() {}
  }

  @Test
  void aMethodWithRunAtHasIt() throws Exception {
    assertThat(declares(Jobs.class.getMethod("everyFiveMinutes"))).isTrue();
    assertThat(
            declares(
                Jobs.class.getMethod(
                    "twiceAYear", String.class, int[].class, long.class, Jobs[].class)))
        .as("after annotations with nested annotations, enums and arrays, and executor")
        .isTrue();
  }

  @Test
  void aMethodWithoutRunAtHasNot() throws Exception {
    assertThat(declares(Jobs.class.getMethod("plainAsynchronous"))).isFalse();
    assertThat(declares(Jobs.class.getMethod("emptyRunAt")))
        .as("runAt = {} schedules nothing on any server")
        .isFalse();
    assertThat(declares(Jobs.class.getMethod("everyFiveMinutes", String.class)))
        .as("an overload of a runAt method")
        .isFalse();
    assertThat(declares(Jobs.class.getMethod("plain"))).isFalse();
    assertThat(declares(Others.class.getMethod("notConcurrency")))
        .as("a runAt of another annotation")
        .isFalse();
  }

  @Test
  void aMethodOfAnotherClassIsNotInTheClassFile() throws Exception {
    Method elsewhere = Jobs.class.getMethod("everyFiveMinutes");
    try (InputStream others = classFile(Others.class)) {
      assertThat(
              IgnoredRunAt.declaresRunAt(
                  others, elsewhere.getName(), IgnoredRunAt.descriptor(elsewhere)))
          .isFalse();
    }
  }

  @Test
  void descriptorsAreTheClassFileOnes() throws Exception {
    assertThat(
            IgnoredRunAt.descriptor(
                Jobs.class.getMethod(
                    "twiceAYear", String.class, int[].class, long.class, Jobs[].class)))
        .isEqualTo("(Ljava/lang/String;[IJ[Lorg/timerlock/cdi/internal/IgnoredRunAtTest$Jobs;)V");
  }

  @Test
  void anythingButAClassFileIsRefused() {
    assertThatThrownBy(
            () ->
                IgnoredRunAt.declaresRunAt(
                    new ByteArrayInputStream(new byte[] {1, 2, 3, 4, 5, 6, 7, 8}), "run", "()V"))
        .isInstanceOf(IOException.class);
  }

  @Test
  void aServerWhoseAsynchronousHasRunAtReadsItItself() throws Exception {
    // The Concurrency 3.1 API of these tests: reflection sees runAt, no class file is read.
    assertThat(IgnoredRunAt.of(Jobs.class.getMethod("everyFiveMinutes"))).isFalse();
    assertThat(IgnoredRunAt.of(Jobs.class.getMethod("plain"))).isFalse();
  }

  private static boolean declares(Method method) throws IOException {
    try (InputStream in = classFile(method.getDeclaringClass())) {
      return IgnoredRunAt.declaresRunAt(in, method.getName(), IgnoredRunAt.descriptor(method));
    }
  }

  private static InputStream classFile(Class<?> type) {
    return type.getClassLoader().getResourceAsStream(type.getName().replace('.', '/') + ".class");
  }
}
