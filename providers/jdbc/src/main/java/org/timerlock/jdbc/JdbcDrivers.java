package org.timerlock.jdbc;

import java.sql.Driver;
import java.sql.SQLException;
import java.util.Iterator;
import java.util.Optional;
import java.util.ServiceConfigurationError;
import java.util.ServiceLoader;

/**
 * Finds the JDBC driver for the pool built from {@code timerlock.jdbc.url} where the application
 * sees it. HikariCP would ask {@link java.sql.DriverManager}, which only hands out drivers loaded
 * by the caller's class loader or its parents and does not look into an application's {@code
 * WEB-INF/lib} by itself: on Payara or GlassFish, a driver packaged with the application is never
 * found there.
 */
final class JdbcDrivers {

  private JdbcDrivers() {}

  /**
   * The named driver class, loaded by the thread's context class loader (the application's, at
   * deployment) or else by this provider's.
   *
   * @param className the driver's class name
   * @param url the URL it must accept
   * @throws IllegalArgumentException when the class cannot be loaded or made, is no {@link Driver},
   *     or does not accept the URL; the message says which, without the URL
   */
  static Driver named(String className, String url) {
    Class<?> type = load(className);
    if (!Driver.class.isAssignableFrom(type)) {
      throw new IllegalArgumentException(
          "the class " + className + " is not a JDBC driver (java.sql.Driver)");
    }
    Driver driver;
    try {
      driver = (Driver) type.getConstructor().newInstance();
    } catch (ReflectiveOperationException | LinkageError e) {
      throw new IllegalArgumentException(
          "the driver " + className + " cannot be created (" + e + ")", e);
    }
    if (!accepts(driver, url)) {
      throw new IllegalArgumentException(
          "the driver " + className + " does not accept the URL of timerlock.jdbc.url");
    }
    return driver;
  }

  /**
   * The first driver that the thread's context class loader lists as a service and that accepts the
   * URL; empty when none does (DriverManager then gets its chance, for a driver the server itself
   * provides).
   */
  static Optional<Driver> accepting(String url) {
    ClassLoader context = Thread.currentThread().getContextClassLoader();
    if (context == null) {
      return Optional.empty();
    }
    Iterator<Driver> drivers = ServiceLoader.load(Driver.class, context).iterator();
    while (true) {
      Driver driver;
      try {
        if (!drivers.hasNext()) {
          return Optional.empty();
        }
        driver = drivers.next();
      } catch (ServiceConfigurationError | LinkageError e) {
        // A broken driver on the class path is not the one for this URL; the next may be.
        continue;
      }
      if (accepts(driver, url)) {
        return Optional.of(driver);
      }
    }
  }

  private static Class<?> load(String className) {
    ClassLoader context = Thread.currentThread().getContextClassLoader();
    if (context != null) {
      try {
        return Class.forName(className, true, context);
      } catch (ClassNotFoundException e) {
        // Not the application's: maybe the server's or TimerLock's own class loader has it.
      }
    }
    try {
      return Class.forName(className, true, JdbcDrivers.class.getClassLoader());
    } catch (ClassNotFoundException e) {
      throw new IllegalArgumentException(
          "no class "
              + className
              + " on the application's class path; package the JDBC driver with the application"
              + " (WEB-INF/lib) or check the name",
          e);
    }
  }

  private static boolean accepts(Driver driver, String url) {
    try {
      return driver.acceptsURL(url);
    } catch (SQLException e) {
      return false;
    }
  }
}
