package org.timerlock.jdbc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.zaxxer.hikari.HikariDataSource;
import java.util.Arrays;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;
import org.timerlock.core.LockProvider;

/**
 * The pool built from {@code timerlock.jdbc.url} with the JDBC driver packaged in the application
 * (WEB-INF/lib), where {@link java.sql.DriverManager} does not find it; and the messages when a
 * library the pool needs is missing.
 */
class ApplicationDriverTest {

  private static final Class<?> H2 = org.h2.Driver.class;

  private static String url(String name) {
    return "jdbc:h2:mem:" + Pools.unique(name) + ";DB_CLOSE_DELAY=-1";
  }

  @Test
  void theApplicationsDriverIsFoundWithoutAKey() throws Throwable {
    try (IsolatedApplication app = application(LoggerFactory.class)) {
      Object provider = app.createProvider(Map.of("timerlock.jdbc.url", url("found")));
      try {
        assertThat(app.lockAndRelease(provider, "found")).isTrue();
      } finally {
        app.close(provider);
      }
    }
  }

  @Test
  void theConfiguredDriverClassIsLoadedByTheApplication() throws Throwable {
    try (IsolatedApplication app = application(LoggerFactory.class)) {
      Object provider =
          app.createProvider(
              Map.of(
                  "timerlock.jdbc.url", url("named"), "timerlock.jdbc.driver-class", H2.getName()));
      try {
        assertThat(app.lockAndRelease(provider, "named")).isTrue();
      } finally {
        app.close(provider);
      }
    }
  }

  @Test
  void aDriverClassTheApplicationDoesNotHaveIsNamed() throws Exception {
    try (IsolatedApplication app = application(LoggerFactory.class)) {
      assertThatThrownBy(
              () ->
                  app.createProvider(
                      Map.of(
                          "timerlock.jdbc.url",
                          url("missing"),
                          "timerlock.jdbc.driver-class",
                          "org.postgresql.Driver")))
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessageContaining("timerlock.jdbc.driver-class = \"org.postgresql.Driver\"")
          .hasMessageContaining("no class org.postgresql.Driver on the application's class path");
    }
  }

  @Test
  void aDriverClassThatDoesNotAcceptTheUrlIsNamed() throws Exception {
    try (IsolatedApplication app = application(LoggerFactory.class)) {
      assertThatThrownBy(
              () ->
                  app.createProvider(
                      Map.of(
                          "timerlock.jdbc.url",
                          "jdbc:postgresql://127.0.0.1/test",
                          "timerlock.jdbc.driver-class",
                          H2.getName())))
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessageContaining("timerlock.jdbc.driver-class = \"org.h2.Driver\"")
          .hasMessageContaining("does not accept the URL");
    }
  }

  @Test
  void withoutSlf4jTheMessageNamesItNotHikariCp() throws Exception {
    try (IsolatedApplication app = application()) {
      assertThatThrownBy(() -> app.createProvider(Map.of("timerlock.jdbc.url", url("slf4j"))))
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessageContaining("HikariCP cannot load a class it needs")
          .hasMessageContaining("org/slf4j/LoggerFactory")
          .hasMessageContaining("slf4j-api")
          .hasMessageNotContaining("needs HikariCP")
          .hasCauseInstanceOf(NoClassDefFoundError.class);
    }
  }

  /** TimerLock's JDBC provider, HikariCP and the H2 driver, with these further libraries. */
  private static IsolatedApplication application(Class<?>... more) {
    Class<?>[] libraries = {
      JdbcLockProviderFactory.class, LockProvider.class, HikariDataSource.class, H2
    };
    Class<?>[] all = Arrays.copyOf(libraries, libraries.length + more.length);
    System.arraycopy(more, 0, all, libraries.length, more.length);
    return new IsolatedApplication(all);
  }
}
