package org.timerlock.teststores;

import java.util.Locale;
import java.util.concurrent.ThreadLocalRandom;

/**
 * The one place tests get their real stores from. Each store is taken from its environment variable
 * ({@link StoreKind#variable()}), else from a Testcontainers container when a Docker engine
 * answers, else from the local default on 127.0.0.1. A store that does not answer fails the test
 * with a message that says how to provide one; it is never skipped.
 *
 * <pre>{@code
 * static IsolatedDatabase db = TestStores.isolatedDatabase(StoreKind.POSTGRES, MyTest.class);
 * }</pre>
 */
public final class TestStores {

  private static final StoreLocator LOCATOR =
      new StoreLocator(System::getenv, new DockerCheck()::available);

  private TestStores() {}

  /**
   * Where a store of this kind answers, checked by connecting to it.
   *
   * @param kind the store
   * @return its address
   * @throws AssertionError when it does not answer, saying how to provide one
   */
  public static StoreAddress locate(StoreKind kind) {
    StoreAddress address = LOCATOR.locate(kind);
    kind.store().requireAnswers(address);
    return address;
  }

  /**
   * A fresh schema (PostgreSQL) or database (MariaDB/MySQL) for one test class; close it after.
   *
   * @param kind {@link StoreKind#POSTGRES} or {@link StoreKind#MARIADB}
   * @param testClass names the namespace, so leftovers can be traced to their test
   * @return the namespace
   */
  public static IsolatedDatabase isolatedDatabase(StoreKind kind, Class<?> testClass) {
    return IsolatedDatabase.create(locate(kind), namespaceFor(testClass, "_"));
  }

  /**
   * A key prefix of its own on the test Redis for one test class.
   *
   * @param testClass names the prefix
   * @return the namespace
   */
  public static RedisNamespace redisNamespace(Class<?> testClass) {
    return new RedisNamespace(locate(StoreKind.REDIS), namespaceFor(testClass, "-"));
  }

  static String namespaceFor(Class<?> testClass, String separator) {
    String simple = testClass.getSimpleName().toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]", "");
    if (simple.length() > 40) {
      simple = simple.substring(0, 40);
    }
    String random = Long.toString(ThreadLocalRandom.current().nextLong() & Long.MAX_VALUE, 36);
    return "tl" + separator + simple + separator + random;
  }

  /** Asks Testcontainers once per JVM: the check can take a while when no engine answers. */
  private static final class DockerCheck {
    private Boolean answer;

    synchronized boolean available() {
      if (answer == null) {
        answer = Containers.dockerAvailable();
      }
      return answer;
    }
  }
}
