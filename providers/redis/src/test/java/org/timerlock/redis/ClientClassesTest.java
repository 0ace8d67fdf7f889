package org.timerlock.redis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.lang.reflect.InvocationTargetException;
import java.net.URISyntaxException;
import java.net.URL;
import java.net.URLClassLoader;
import org.apache.commons.pool2.impl.GenericObjectPool;
import org.junit.jupiter.api.Test;
import org.timerlock.core.LockProvider;
import redis.clients.jedis.UnifiedJedis;

/**
 * A class path without a library Jedis needs (SLF4J, which Payara and GlassFish do not give
 * applications) fails when the provider is built, naming the missing class, not at every lock
 * attempt after a deployment that looked fine.
 */
class ClientClassesTest {

  @Test
  void withoutSlf4jTheProviderCannotBeBuiltAndTheMessageNamesTheClass() throws Exception {
    try (URLClassLoader withoutSlf4j =
        new URLClassLoader(
            new URL[] {
              jarOf(RedisLockProvider.class),
              jarOf(LockProvider.class),
              jarOf(UnifiedJedis.class),
              jarOf(GenericObjectPool.class)
            },
            ClassLoader.getPlatformClassLoader())) {
      Object builder =
          withoutSlf4j
              .loadClass(RedisLockProvider.class.getName())
              .getMethod("builder")
              .invoke(null);
      builder.getClass().getMethod("uri", String.class).invoke(builder, "redis://127.0.0.1:6379");

      assertThatThrownBy(() -> builder.getClass().getMethod("build").invoke(builder))
          .isInstanceOf(InvocationTargetException.class)
          .cause()
          .isInstanceOf(IllegalStateException.class)
          .hasMessageContaining("needs org.slf4j.LoggerFactory")
          .hasMessageContaining("slf4j-api")
          .hasCauseInstanceOf(NoClassDefFoundError.class);
    }
  }

  @Test
  void withEverythingJedisNeedsTheCheckPasses() {
    try (RedisLockProvider provider =
        RedisLockProvider.builder().uri("redis://127.0.0.1:6379").build()) {
      assertThat(provider.clientIfCreated()).as("still no client, no connection").isNull();
    }
  }

  private static URL jarOf(Class<?> type) throws URISyntaxException {
    return type.getProtectionDomain().getCodeSource().getLocation();
  }
}
