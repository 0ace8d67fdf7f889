package org.timerlock.redis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.timerlock.redis.RedisLockProviderFactory.CLUSTER_NODES;
import static org.timerlock.redis.RedisLockProviderFactory.CONNECT_TIMEOUT;
import static org.timerlock.redis.RedisLockProviderFactory.DATABASE;
import static org.timerlock.redis.RedisLockProviderFactory.ENVIRONMENT;
import static org.timerlock.redis.RedisLockProviderFactory.KEY_PREFIX;
import static org.timerlock.redis.RedisLockProviderFactory.PASSWORD;
import static org.timerlock.redis.RedisLockProviderFactory.POOL_SIZE;
import static org.timerlock.redis.RedisLockProviderFactory.SENTINEL_MASTER;
import static org.timerlock.redis.RedisLockProviderFactory.SENTINEL_NODES;
import static org.timerlock.redis.RedisLockProviderFactory.SOCKET_TIMEOUT;
import static org.timerlock.redis.RedisLockProviderFactory.SSL;
import static org.timerlock.redis.RedisLockProviderFactory.URI;
import static org.timerlock.redis.RedisLockProviderFactory.WAIT_FOR_REPLICAS;
import static org.timerlock.redis.RedisLockProviderFactory.WAIT_TIMEOUT;

import java.time.Duration;
import java.util.Map;
import java.util.ServiceLoader;
import org.junit.jupiter.api.Test;
import org.timerlock.core.LockConfiguration;
import org.timerlock.core.LockProvider;
import org.timerlock.core.SimpleLock;
import org.timerlock.core.spi.LockProviderFactory;
import org.timerlock.testkit.stores.RedisNamespace;
import org.timerlock.testkit.stores.TestStores;
import redis.clients.jedis.RedisClient;

/** Configuration keys: defaults, what is accepted, and errors naming the key and the value. */
class RedisLockProviderFactoryTest {

  private static final String SECRET = "Pa55-w0rd-not-shown";

  private static LockProvider create(Map<String, String> values) {
    return new RedisLockProviderFactory().create(AuthenticationTest.settings(values));
  }

  private static void assertRejected(Map<String, String> values, String... messageParts) {
    assertThatThrownBy(() -> create(values))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContainingAll(messageParts)
        .satisfies(e -> assertThat(e.getMessage()).doesNotContain(SECRET))
        .satisfies(
            e -> {
              if (e.getCause() != null) {
                assertThat(e.getCause().getMessage()).doesNotContain(SECRET);
              }
            });
  }

  @Test
  void registeredForTypeRedis() {
    assertThat(ServiceLoader.load(LockProviderFactory.class))
        .anySatisfy(
            factory -> {
              assertThat(factory).isInstanceOf(RedisLockProviderFactory.class);
              assertThat(factory.type()).isEqualTo("redis");
            });
  }

  @Test
  void defaultsAreShedLocksKeyFormat() {
    try (RedisLockProvider provider =
        (RedisLockProvider) create(Map.of(URI, "redis://redis.example:6380/2"))) {
      assertThat(provider.key("nightly")).isEqualTo("job-lock:default:nightly");
      assertThat(provider.description())
          .isEqualTo("Redis at redis.example:6380 (database 2), keys job-lock:default:<name>");
    }
  }

  @Test
  void keyPrefixAndEnvironment() {
    try (RedisLockProvider provider =
        (RedisLockProvider)
            create(
                Map.of(
                    URI, "rediss://user:" + SECRET + "@[::1]:7000",
                    KEY_PREFIX, "jobs",
                    ENVIRONMENT, "staging"))) {
      assertThat(provider.key("nightly")).isEqualTo("jobs:staging:nightly");
      assertThat(provider.description())
          .isEqualTo("Redis at [::1]:7000 over TLS, keys jobs:staging:<name>")
          .doesNotContain(SECRET);
    }
  }

  @Test
  void sentinelAndClusterDescriptions() {
    try (RedisLockProvider sentinel =
        (RedisLockProvider)
            create(Map.of(SENTINEL_MASTER, "mymaster", SENTINEL_NODES, "s1, s2:26380"))) {
      assertThat(sentinel.description())
          .startsWith("Redis master 'mymaster' via Sentinel s1:26379,s2:26380");
    }
    try (RedisLockProvider cluster =
        (RedisLockProvider) create(Map.of(CLUSTER_NODES, "n1:7000,n2:7001", SSL, "true"))) {
      assertThat(cluster.description()).startsWith("Redis Cluster via n1:7000,n2:7001 over TLS");
    }
  }

  @Test
  void worksAgainstTheTestRedis() {
    RedisNamespace redis = TestStores.redisNamespace(RedisLockProviderFactoryTest.class);
    try (RedisLockProvider provider =
        (RedisLockProvider)
            create(
                Map.of(
                    URI, redis.uri(),
                    KEY_PREFIX, redis.keyPrefix(),
                    CONNECT_TIMEOUT, "1s",
                    SOCKET_TIMEOUT, "PT1S",
                    POOL_SIZE, "2"))) {
      LockConfiguration config = LockConfiguration.of("factory", Duration.ofMinutes(1));
      SimpleLock lock = provider.lock(config).orElseThrow();
      try (RedisClient check = RedisClient.create(java.net.URI.create(redis.uri()))) {
        assertThat(check.get(redis.keyPrefix() + ":default:factory"))
            .as("owner value starts with the node id")
            .startsWith("test-node/");
      }
      lock.unlock();
    }
  }

  @Test
  void buildingDoesNotNeedRedis() {
    try (RedisLockProvider provider =
        (RedisLockProvider) create(Map.of(SENTINEL_MASTER, "m", SENTINEL_NODES, "127.0.0.1:1"))) {
      assertThat(provider).isNotNull();
    }
    try (RedisLockProvider provider =
        (RedisLockProvider) create(Map.of(CLUSTER_NODES, "127.0.0.1:1"))) {
      assertThat(provider).isNotNull();
    }
  }

  @Test
  void nothingConfigured() {
    assertRejected(Map.of(), URI, SENTINEL_NODES, CLUSTER_NODES);
  }

  @Test
  void twoTopologies() {
    assertRejected(
        Map.of(URI, "redis://a:6379", CLUSTER_NODES, "b:7000"), URI + " and " + CLUSTER_NODES);
  }

  @Test
  void sentinelNeedsBothKeys() {
    assertRejected(Map.of(SENTINEL_NODES, "s1:26379"), SENTINEL_MASTER, SENTINEL_NODES);
  }

  @Test
  void badUriNamesTheKeyButNotThePassword() {
    assertRejected(
        Map.of(URI, "http://user:" + SECRET + "@host:6379"),
        "Invalid " + URI + "='http://user:***@host:6379'",
        "redis://");
    assertRejected(
        Map.of(URI, "redis://user:" + SECRET + "@host:6379/zero"), URI, "database index");
    assertRejected(Map.of(URI, "redis://user:" + SECRET + "@host:99999"), URI);
    assertRejected(Map.of(URI, "redis://:" + SECRET + "@"), URI);
  }

  @Test
  void badValuesNameKeyAndValue() {
    assertRejected(
        Map.of(URI, "redis://h", CONNECT_TIMEOUT, "soon"),
        "Invalid " + CONNECT_TIMEOUT + "='soon'");
    assertRejected(
        Map.of(URI, "redis://h", SOCKET_TIMEOUT, "0ms"),
        "Invalid " + SOCKET_TIMEOUT + "='0ms'",
        "at least 1 ms");
    assertRejected(Map.of(URI, "redis://h", POOL_SIZE, "0"), "Invalid " + POOL_SIZE + "='0'");
    assertRejected(
        Map.of(URI, "redis://h", POOL_SIZE, "many"),
        "Invalid " + POOL_SIZE + "='many'",
        "whole number");
    assertRejected(Map.of(URI, "redis://h", DATABASE, "-1"), "Invalid " + DATABASE + "='-1'");
    assertRejected(Map.of(URI, "redis://h", KEY_PREFIX, "  "), "Invalid " + KEY_PREFIX);
    assertRejected(
        Map.of(CLUSTER_NODES, "n1:7000,n2:seven"),
        "Invalid " + CLUSTER_NODES + "='n1:7000,n2:seven'",
        "port");
    assertRejected(
        Map.of(SENTINEL_MASTER, "m", SENTINEL_NODES, "s1,,s2"), "Invalid " + SENTINEL_NODES);
    assertRejected(
        Map.of(CLUSTER_NODES, "n1:7000", SSL, "yes"), "Invalid " + SSL + "='yes'", "true or false");
  }

  @Test
  void contradictionsAreRejected() {
    assertRejected(Map.of(CLUSTER_NODES, "n1:7000", DATABASE, "3"), "database 3");
    assertRejected(Map.of(URI, "redis://h", SSL, "true"), "rediss://");
    assertRejected(
        Map.of(URI, "redis://:" + SECRET + "@h", PASSWORD, SECRET + "2"),
        "password is given both in the URI and separately");
    assertRejected(
        Map.of(URI, "redis://h", WAIT_FOR_REPLICAS, "1", WAIT_TIMEOUT, "5s"),
        "replica wait timeout (5000 ms) must be shorter than the socket timeout (2000 ms)");
    assertRejected(
        Map.of(URI, "redis://h", WAIT_FOR_REPLICAS, "-1"), "Invalid " + WAIT_FOR_REPLICAS);
  }

  @Test
  void passwordKeyValueIsNeverShown() {
    try (RedisLockProvider provider =
        (RedisLockProvider) create(Map.of(URI, "redis://h", PASSWORD, SECRET))) {
      assertThat(provider.toString()).doesNotContain(SECRET);
    }
  }
}
