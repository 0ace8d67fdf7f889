package org.timerlock.redis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowable;
import static org.timerlock.redis.RedisSettings.CLUSTER_MAX_ATTEMPTS;
import static org.timerlock.redis.RedisSettings.CLUSTER_NODES;
import static org.timerlock.redis.RedisSettings.CONNECT_TIMEOUT;
import static org.timerlock.redis.RedisSettings.DATABASE;
import static org.timerlock.redis.RedisSettings.ENVIRONMENT;
import static org.timerlock.redis.RedisSettings.KEY_PREFIX;
import static org.timerlock.redis.RedisSettings.PASSWORD;
import static org.timerlock.redis.RedisSettings.POOL_SIZE;
import static org.timerlock.redis.RedisSettings.SENTINEL_MASTER;
import static org.timerlock.redis.RedisSettings.SENTINEL_NODES;
import static org.timerlock.redis.RedisSettings.SENTINEL_PASSWORD;
import static org.timerlock.redis.RedisSettings.SENTINEL_USERNAME;
import static org.timerlock.redis.RedisSettings.SOCKET_TIMEOUT;
import static org.timerlock.redis.RedisSettings.SSL;
import static org.timerlock.redis.RedisSettings.URI;
import static org.timerlock.redis.RedisSettings.USERNAME;
import static org.timerlock.redis.RedisSettings.WAIT_FOR_REPLICAS;
import static org.timerlock.redis.RedisSettings.WAIT_TIMEOUT;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.ServiceLoader;
import java.util.Set;
import java.util.TreeSet;
import org.assertj.core.api.ThrowableAssert.ThrowingCallable;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.timerlock.core.LockConfiguration;
import org.timerlock.core.LockProvider;
import org.timerlock.core.SimpleLock;
import org.timerlock.core.spi.ConfigKey;
import org.timerlock.core.spi.HistorySettings;
import org.timerlock.core.spi.LockProviderFactory;
import org.timerlock.core.spi.ProviderSettings;
import org.timerlock.teststores.RedisNamespace;
import org.timerlock.teststores.TestStores;
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

  /** Rejected with exactly this message, which shows no secret. */
  private static void assertRejectedWith(Map<String, String> values, String message) {
    assertRejected(values, message);
    assertThatThrownBy(() -> create(values)).hasMessage(message);
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
        (RedisLockProvider) create(Map.of(URI.name(), "redis://redis.example:6380/2"))) {
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
                    URI.name(), "rediss://user:" + SECRET + "@[::1]:7000",
                    KEY_PREFIX.name(), "jobs",
                    ENVIRONMENT.name(), "staging"))) {
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
            create(
                Map.of(
                    SENTINEL_MASTER.name(), "mymaster", SENTINEL_NODES.name(), "s1, s2:26380"))) {
      assertThat(sentinel.description())
          .startsWith("Redis master 'mymaster' via Sentinel s1:26379,s2:26380");
    }
    try (RedisLockProvider cluster =
        (RedisLockProvider)
            create(Map.of(CLUSTER_NODES.name(), "n1:7000,n2:7001", SSL.name(), "true"))) {
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
                    URI.name(), redis.uri(),
                    KEY_PREFIX.name(), redis.keyPrefix(),
                    CONNECT_TIMEOUT.name(), "1s",
                    SOCKET_TIMEOUT.name(), "PT1S",
                    POOL_SIZE.name(), "2"))) {
      LockConfiguration config = LockConfiguration.of("factory", Duration.ofMinutes(1));
      SimpleLock lock = provider.lock(config).orElseThrow();
      try (RedisClient check = RedisClient.create(java.net.URI.create(redis.uri()))) {
        assertThat(check.get(redis.keyPrefix() + ":default:factory"))
            .as("owner value starts with the node id")
            .startsWith("test-node/");
        lock.unlock();
        // The state hash has no TTL: leave nothing behind on the shared server.
        RedisLockProviderContractTest.deleteAll(check, redis.keyPrefix());
      }
    }
  }

  /** The history keys turn the history on, with their bounds; a bad value names its key. */
  @Test
  void theHistoryIsReadFromItsKeys() {
    String uri = "redis://127.0.0.1:1";
    try (RedisLockProvider off = (RedisLockProvider) create(Map.of(URI.name(), uri));
        RedisLockProvider on =
            (RedisLockProvider)
                create(
                    Map.of(
                        URI.name(), uri,
                        HistorySettings.ENABLED.name(), "true",
                        HistorySettings.MAX_PER_LOCK.name(), "10"))) {
      assertThat(off.admin().orElseThrow().keepsHistory()).isFalse();
      assertThat(on.admin().orElseThrow().keepsHistory()).isTrue();
    }
    assertThatThrownBy(
            () -> create(Map.of(URI.name(), uri, HistorySettings.MAX_PER_LOCK.name(), "0")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("TIMERLOCK-104")
        .hasMessageContaining("timerlock.history.max-per-lock");
  }

  @Test
  void buildingDoesNotNeedRedis() {
    try (RedisLockProvider provider =
        (RedisLockProvider)
            create(Map.of(SENTINEL_MASTER.name(), "m", SENTINEL_NODES.name(), "127.0.0.1:1"))) {
      assertThat(provider).isNotNull();
    }
    try (RedisLockProvider provider =
        (RedisLockProvider) create(Map.of(CLUSTER_NODES.name(), "127.0.0.1:1"))) {
      assertThat(provider).isNotNull();
    }
  }

  @Test
  void nothingConfigured() {
    assertRejected(Map.of(), URI.name(), SENTINEL_NODES.name(), CLUSTER_NODES.name());
  }

  @Test
  void twoTopologies() {
    assertRejected(
        Map.of(URI.name(), "redis://a:6379", CLUSTER_NODES.name(), "b:7000"),
        URI + " and " + CLUSTER_NODES);
  }

  @Test
  void sentinelNeedsBothKeys() {
    assertRejected(
        Map.of(SENTINEL_NODES.name(), "s1:26379"), SENTINEL_MASTER.name(), SENTINEL_NODES.name());
  }

  @Test
  void badUriNamesTheKeyAndTheHostButNotThePassword() {
    assertRejectedWith(
        Map.of(URI.name(), "http://user:" + SECRET + "@host:6379"),
        "TIMERLOCK-403 timerlock.redis.uri = \"<host:6379, the rest not shown>\": it does not"
            + " start with"
            + " redis:// or rediss://; expected redis://[[user]:password@]host[:port][/database],"
            + " or rediss://... for TLS");
    assertRejected(
        Map.of(URI.name(), "redis://user:" + SECRET + "@host:6379/zero"),
        "TIMERLOCK-403 timerlock.redis.uri = \"<host:6379, the rest not shown>\": its path is"
            + " not a database"
            + " index like /0 or /3; expected redis://");
    assertRejected(
        Map.of(URI.name(), "redis://user:" + SECRET + "@host:99999"),
        "timerlock.redis.uri = \"<host:99999, the rest not shown>\": its port is not from 1 to"
            + " 65535");
    assertRejected(
        Map.of(URI.name(), "redis://:" + SECRET + "@"),
        "timerlock.redis.uri = \"<not shown: it may contain a password>\": it has no host");
  }

  /**
   * Mistyped URIs, passwords in a query, URIs written into the node lists: whatever the mistake, no
   * message, cause or suppressed exception shows the password; the hosts that can be read are shown
   * instead.
   */
  @ParameterizedTest
  @ValueSource(
      strings = {
        "redis:/user:" + SECRET + "@host:6379",
        "redis//user:" + SECRET + "@host:6379",
        "redis:user:" + SECRET + "@host:6379",
        "redis:///user:" + SECRET + "@host:6379",
        "redis://host:6379?password=" + SECRET,
        "redis://user:" + SECRET + "@host:6379/0?timeout=1",
        "redis://host:6379/0#" + SECRET,
        "redis://host:6379/" + SECRET,
        "redis://:" + SECRET,
        "redis://user:" + SECRET,
        "redis://user:" + SECRET + "@",
        "rediss://us er:" + SECRET + "@host",
        "redis://user:" + SECRET + "@host:99999",
        "redis://user:" + SECRET + "@host:6379/0\n",
        "user:" + SECRET + "@host:6379",
        SECRET + "@host:6379"
      })
  void noPasswordInTheErrorsOfAMistypedUri(String uri) {
    assertNoSecretIn(() -> create(Map.of(URI.name(), uri)));
    assertNoSecretIn(() -> RedisLockProvider.builder().uri(uri));
    assertNoSecretIn(() -> URI.parse(uri));
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "redis://user:" + SECRET + "@h1:7000",
        "h1:7000,redis://:" + SECRET + "@h2:7000",
        "rediss://" + SECRET + "@h1",
        "user:" + SECRET + "@h1:7000",
        SECRET + "@h1:7000",
        "h1:7000?password=" + SECRET,
        "h1:7000/" + SECRET,
        "h1:" + SECRET,
        "h1:7000:" + SECRET,
        "[::1]:" + SECRET,
        "[::1]" + SECRET,
        "h 1" + SECRET
      })
  void noPasswordInTheErrorsOfANodeList(String nodes) {
    assertNoSecretIn(() -> create(Map.of(CLUSTER_NODES.name(), nodes)));
    assertNoSecretIn(
        () -> create(Map.of(SENTINEL_MASTER.name(), "m", SENTINEL_NODES.name(), nodes)));
    assertNoSecretIn(() -> RedisLockProvider.builder().cluster(nodes));
    assertNoSecretIn(() -> RedisLockProvider.builder().sentinel("m", nodes));
    assertNoSecretIn(() -> CLUSTER_NODES.parse(nodes));
    assertNoSecretIn(() -> SENTINEL_NODES.parse(nodes));
  }

  @Test
  void aUriInANodeListIsExplained() {
    assertRejectedWith(
        Map.of(CLUSTER_NODES.name(), "n1:7000, redis://user:" + SECRET + "@n2:7000"),
        "TIMERLOCK-403 timerlock.redis.cluster.nodes = \"n1:7000,<entry 2>\": entry 2 is a URI,"
            + " not host:port"
            + " (not shown: it may contain a password); set the credentials with"
            + " timerlock.redis.username and timerlock.redis.password; expected"
            + " host:port[,host:port...], port 6379 when absent");
  }

  /** Runs the code; what it throws, with its causes and suppressed exceptions, has no secret. */
  private static void assertNoSecretIn(ThrowingCallable code) {
    Throwable thrown = catchThrowable(code);
    if (thrown == null) {
      return;
    }
    StringWriter trace = new StringWriter();
    thrown.printStackTrace(new PrintWriter(trace));
    assertThat(trace.toString()).doesNotContain(SECRET);
  }

  @Test
  void badValuesNameKeyAndValue() {
    String durations = "; expected a positive duration: 30s, 2m30s, 500ms, 1h or ISO-8601 PT30S";
    assertRejectedWith(
        Map.of(URI.name(), "redis://h", CONNECT_TIMEOUT.name(), "soon"),
        "TIMERLOCK-104 timerlock.redis.connect-timeout = \"soon\": it is not a duration"
            + durations);
    assertRejectedWith(
        Map.of(URI.name(), "redis://h", SOCKET_TIMEOUT.name(), "0ms"),
        "TIMERLOCK-104 timerlock.redis.socket-timeout = \"0ms\": it is not positive" + durations);
    assertRejectedWith(
        Map.of(URI.name(), "redis://h", SOCKET_TIMEOUT.name(), "PT0.0005S"),
        "TIMERLOCK-403 timerlock.redis.socket-timeout = \"PT0.0005S\": the socket timeout must"
            + " be at least 1 ms,"
            + " was PT0.0005S"
            + durations);
    assertRejectedWith(
        Map.of(URI.name(), "redis://h", POOL_SIZE.name(), "0"),
        "TIMERLOCK-104 timerlock.redis.pool-size = \"0\": it is out of range; expected a whole"
            + " number from 1 to"
            + " 1000");
    assertRejectedWith(
        Map.of(URI.name(), "redis://h", POOL_SIZE.name(), "many"),
        "TIMERLOCK-104 timerlock.redis.pool-size = \"many\": it is not a whole number; expected"
            + " a whole number"
            + " from 1 to 1000");
    assertRejectedWith(
        Map.of(URI.name(), "redis://h", DATABASE.name(), "-1"),
        "TIMERLOCK-104 timerlock.redis.database = \"-1\": it is out of range; expected a whole"
            + " number from 0 to"
            + " 1000000");
    assertRejectedWith(
        Map.of(URI.name(), "redis://h", KEY_PREFIX.name(), "  "),
        "TIMERLOCK-104 timerlock.redis.key-prefix = \"  \": it is blank; expected text that is"
            + " not blank");
    assertRejectedWith(
        Map.of(CLUSTER_NODES.name(), "n1:7000,n2:seven"),
        "TIMERLOCK-403 timerlock.redis.cluster.nodes = \"n1:7000,<entry 2>\": entry 2 (host n2)"
            + " has no valid"
            + " port, a number from 1 to 65535; expected host:port[,host:port...], port 6379 when"
            + " absent");
    assertRejectedWith(
        Map.of(SENTINEL_MASTER.name(), "m", SENTINEL_NODES.name(), "s1,,s2"),
        "TIMERLOCK-403 timerlock.redis.sentinel.nodes = \"s1:26379,<entry 2>,s2:26379\": entry 2"
            + " is empty;"
            + " expected host:port[,host:port...], port 26379 when absent");
    assertRejectedWith(
        Map.of(CLUSTER_NODES.name(), "n1:7000", SSL.name(), "yes"),
        "TIMERLOCK-104 timerlock.redis.ssl = \"yes\": it is not a boolean; expected true or false");
    assertRejectedWith(
        Map.of(
            URI.name(),
            "redis://h",
            WAIT_FOR_REPLICAS.name(),
            "1",
            WAIT_TIMEOUT.name(),
            "PT0.0001S"),
        "TIMERLOCK-403 timerlock.redis.wait-timeout = \"PT0.0001S\": the replica wait timeout"
            + " must be at least 1"
            + " ms, was PT0.0001S"
            + durations);
  }

  @Test
  void contradictionsAreRejected() {
    assertRejected(Map.of(CLUSTER_NODES.name(), "n1:7000", DATABASE.name(), "3"), "database 3");
    assertRejected(Map.of(URI.name(), "redis://h", SSL.name(), "true"), "rediss://");
    assertRejected(
        Map.of(URI.name(), "redis://:" + SECRET + "@h", PASSWORD.name(), SECRET + "2"),
        "password is given both in the URI and separately");
    assertRejected(
        Map.of(URI.name(), "redis://h", WAIT_FOR_REPLICAS.name(), "1", WAIT_TIMEOUT.name(), "5s"),
        "replica wait timeout (5000 ms) must be shorter than the socket timeout (2000 ms)");
    assertRejectedWith(
        Map.of(URI.name(), "redis://h", WAIT_FOR_REPLICAS.name(), "-1"),
        "TIMERLOCK-104 timerlock.redis.wait-for-replicas = \"-1\": it is out of range; expected"
            + " a whole number"
            + " from 0 to 100");
  }

  @Test
  void secretKeysAreNeverShown() {
    assertThat(List.of(PASSWORD, SENTINEL_PASSWORD))
        .allSatisfy(
            key -> {
              assertThat(key.secret()).isTrue();
              assertThat(key.invalid(SECRET, "it is wrong"))
                  .isEqualTo(
                      key.name() + " = \"***\": it is wrong; expected any text, kept as written");
            });
    assertThat(new RedisLockProviderFactory().keys())
        .filteredOn(key -> !key.secret())
        .extracting(ConfigKey::name)
        .noneMatch(name -> name.contains("password"));
  }

  /**
   * {@link RedisLockProviderFactory#keys()} declares every key the factory reads, for each
   * topology: standalone, Sentinel and Cluster.
   */
  @Test
  void keysListsEveryKeyRead() {
    Map<String, String> standalone = new HashMap<>();
    standalone.put(URI.name(), "redis://127.0.0.1:1/1");
    standalone.put(USERNAME.name(), "app");
    standalone.put(PASSWORD.name(), SECRET);
    standalone.put(DATABASE.name(), "1");
    standalone.put(SSL.name(), "false");
    standalone.put(CONNECT_TIMEOUT.name(), "1s");
    standalone.put(SOCKET_TIMEOUT.name(), "1s");
    standalone.put(POOL_SIZE.name(), "2");
    standalone.put(KEY_PREFIX.name(), "keys");
    standalone.put(ENVIRONMENT.name(), "test");
    standalone.put(WAIT_FOR_REPLICAS.name(), "1");
    standalone.put(WAIT_TIMEOUT.name(), "100ms");
    standalone.put(HistorySettings.ENABLED.name(), "true");
    standalone.put(HistorySettings.MAX_PER_LOCK.name(), "10");
    standalone.put(HistorySettings.MAX_AGE.name(), "1d");
    Map<String, String> sentinel = new HashMap<>();
    sentinel.put(SENTINEL_MASTER.name(), "mymaster");
    sentinel.put(SENTINEL_NODES.name(), "127.0.0.1:1");
    sentinel.put(SENTINEL_USERNAME.name(), "watcher");
    sentinel.put(SENTINEL_PASSWORD.name(), SECRET);
    sentinel.put(SSL.name(), "true");
    sentinel.put(DATABASE.name(), "2");
    Map<String, String> cluster = new HashMap<>();
    cluster.put(CLUSTER_NODES.name(), "127.0.0.1:1,127.0.0.1:2");
    cluster.put(CLUSTER_MAX_ATTEMPTS.name(), "3");
    cluster.put(SSL.name(), "true");

    RedisLockProviderFactory factory = new RedisLockProviderFactory();
    List<String> declared = factory.keys().stream().map(ConfigKey::name).toList();
    assertThat(declared)
        .doesNotHaveDuplicates()
        .allMatch(k -> k.startsWith("timerlock.redis.") || k.startsWith("timerlock.history."))
        .containsAll(HistorySettings.KEYS.stream().map(ConfigKey::name).toList());
    assertThat(factory.keys()).allSatisfy(k -> assertThat(k.description()).isNotBlank());
    Set<String> read = new TreeSet<>();
    for (Map<String, String> values : List.of(standalone, sentinel, cluster)) {
      Set<String> readHere = new TreeSet<>();
      try (RedisLockProvider provider =
          (RedisLockProvider) factory.create(recording(values, readHere))) {
        assertThat(provider).isNotNull();
      }
      assertThat(declared).as("keys read for %s", values.keySet()).containsAll(readHere);
      read.addAll(readHere);
    }
    assertThat(read).as("every declared key is read").containsAll(declared);
  }

  /** Settings from a map (an empty value is not set) that record every key asked for. */
  private static ProviderSettings recording(Map<String, String> values, Set<String> read) {
    ProviderSettings settings = AuthenticationTest.settings(values);
    return new ProviderSettings() {
      @Override
      public Optional<String> get(String key) {
        read.add(key);
        return settings.get(key);
      }

      @Override
      public String nodeId() {
        return settings.nodeId();
      }
    };
  }

  @Test
  void passwordKeyValueIsNeverShown() {
    try (RedisLockProvider provider =
        (RedisLockProvider) create(Map.of(URI.name(), "redis://h", PASSWORD.name(), SECRET))) {
      assertThat(provider.toString()).doesNotContain(SECRET);
    }
  }
}
