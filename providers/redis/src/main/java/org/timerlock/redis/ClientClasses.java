package org.timerlock.redis;

import java.util.List;

/**
 * Loads, when the provider is built, the Jedis classes its client needs once it connects, so that a
 * class path that lacks one of Jedis's own dependencies fails the deployment with a message that
 * names the missing class. The client itself is created at the first lock attempt; without this
 * check a server that gives the application no SLF4J (Payara, GlassFish) would accept the
 * deployment and fail every lock.
 */
final class ClientClasses {

  /**
   * Classes whose loading needs what every topology's client needs: the connection pool (Apache
   * Commons Pool) and the logging API (SLF4J) of the connections, the Sentinel and the cluster
   * code. Initialising them opens no connection.
   */
  private static final List<String> NEEDED =
      List.of(
          "redis.clients.jedis.ConnectionPool",
          "redis.clients.jedis.ConnectionFactory",
          "redis.clients.jedis.providers.SentineledConnectionProvider",
          "redis.clients.jedis.executors.ClusterCommandExecutor");

  private ClientClasses() {}

  /**
   * Loads and initialises the classes.
   *
   * @throws IllegalStateException when one cannot be loaded; the message names the missing class
   *     and the library to add, the cause is the {@link LinkageError} or the {@link
   *     ClassNotFoundException}
   */
  static void check() {
    ClassLoader loader = ClientClasses.class.getClassLoader();
    for (String name : NEEDED) {
      try {
        Class.forName(name, true, loader);
      } catch (ClassNotFoundException | LinkageError e) {
        throw new IllegalStateException(
            RedisMessage.CLIENT_LIBRARY_MISSING.text(problem(name, e)), e);
      }
    }
  }

  private static String problem(String jedisClass, Throwable failure) {
    String missing =
        failure instanceof NoClassDefFoundError || failure instanceof ClassNotFoundException
            ? failure.getMessage().replace('/', '.')
            : jedisClass;
    return "The Redis client (Jedis) cannot be used: its class "
        + jedisClass
        + " needs "
        + missing
        + ", which the application cannot load ("
        + failure
        + "). "
        + libraryHint(missing);
  }

  private static String libraryHint(String missingClass) {
    if (missingClass.startsWith("org.slf4j.")) {
      return "Package slf4j-api (org.slf4j:slf4j-api) with the application: servers such as Payara"
          + " and GlassFish give applications no SLF4J.";
    }
    if (missingClass.startsWith("org.apache.commons.pool2.")) {
      return "Package commons-pool2 (org.apache.commons:commons-pool2) with the application.";
    }
    return "Package Jedis (redis.clients:jedis) with all its dependencies with the application.";
  }
}
