package org.timerlock.redis;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.timerlock.core.LockConfiguration;
import org.timerlock.core.SimpleLock;
import org.timerlock.teststores.RedisNamespace;
import org.timerlock.teststores.TestStores;
import redis.clients.jedis.RedisClient;

/**
 * Lock keys: ShedLock's {@code <key-prefix>:<environment>:<name>} byte for byte in the common case,
 * and never the same key for two different (prefix, environment, name).
 */
class KeyFormatTest {

  private static RedisLockProvider provider(String prefix, String environment) {
    return RedisLockProvider.builder()
        .uri("redis://127.0.0.1:1")
        .keyPrefix(prefix)
        .environment(environment)
        .build();
  }

  private static String key(String prefix, String environment, String name) {
    try (RedisLockProvider provider = provider(prefix, environment)) {
      return provider.key(name);
    }
  }

  /** What ShedLock writes: the three parts joined by ':', nothing escaped. */
  @ParameterizedTest
  @ValueSource(
      strings = {
        "nightly",
        "billing:nightly",
        "a%3Ab",
        "100%",
        "{orders}.daily",
        "Rechnungslauf-nächtlich-請求書",
        "with space"
      })
  void anyNameKeepsShedLocksKey(String name) {
    assertThat(key("job-lock", "default", name)).isEqualTo("job-lock:default:" + name);
    assertThat(key("jobs", "prod-eu", name)).isEqualTo("jobs:prod-eu:" + name);
  }

  @Test
  void environmentAndNameCannotShareAKey() {
    assertThat(key("job-lock", "prod", "billing:nightly"))
        .isEqualTo("job-lock:prod:billing:nightly")
        .isNotEqualTo(key("job-lock", "prod:billing", "nightly"));
    assertThat(key("job-lock", "prod:billing", "nightly"))
        .isEqualTo("job-lock:prod%3Abilling:nightly");
    assertThat(key("a:b", "c", "d")).isNotEqualTo(key("a", "b:c", "d"));
    assertThat(key("a:b", "c", "d")).isEqualTo("a%3Ab:c:d");
    // The escape character is escaped too: a literal "%3A" is not a ':'.
    assertThat(key("job-lock", "x%3Ay", "n")).isEqualTo("job-lock:x%253Ay:n");
    assertThat(key("job-lock", "x%3Ay", "n")).isNotEqualTo(key("job-lock", "x:y", "n"));
  }

  /** Every triple of short texts over the characters that matter maps to its own key. */
  @Test
  void theMappingIsInjective() {
    List<String> parts = texts(List.of("a", ":", "%", "3", "A"), 3);
    List<String> prefixes = texts(List.of("a", ":", "%", "3", "A"), 2);
    prefixes = prefixes.stream().filter(p -> !p.isBlank()).toList();
    Map<String, String> seen = new HashMap<>();
    for (String prefix : prefixes) {
      for (String environment : prefixes) {
        String base = KeyFormat.base(prefix, environment);
        for (String name : parts) {
          if (name.isEmpty()) {
            continue;
          }
          String triple = prefix + " | " + environment + " | " + name;
          String before = seen.put(base + name, triple);
          assertThat(before).as("key %s of %s", base + name, triple).isNull();
        }
      }
    }
    assertThat(seen).hasSizeGreaterThan(100_000);
  }

  private static List<String> texts(List<String> alphabet, int maxLength) {
    List<String> all = new java.util.ArrayList<>(List.of(""));
    List<String> previous = List.of("");
    for (int length = 1; length <= maxLength; length++) {
      List<String> next = new java.util.ArrayList<>();
      for (String text : previous) {
        for (String c : alphabet) {
          next.add(text + c);
        }
      }
      all.addAll(next);
      previous = next;
    }
    return all;
  }

  /** On the test Redis: the two locks that used to share a key are held at the same time. */
  @Test
  void environmentAndNameAreDifferentLocksOnRedis() {
    RedisNamespace redis = TestStores.redisNamespace(KeyFormatTest.class);
    try (RedisLockProvider prod = onRedis(redis, "prod");
        RedisLockProvider prodBilling = onRedis(redis, "prod:billing");
        RedisClient admin = RedisClient.create(URI.create(redis.uri()))) {
      try {
        Optional<SimpleLock> first =
            prod.lock(LockConfiguration.of("billing:nightly", Duration.ofMinutes(1)));
        Optional<SimpleLock> second =
            prodBilling.lock(LockConfiguration.of("nightly", Duration.ofMinutes(1)));
        assertThat(first).isPresent();
        assertThat(second).as("an unrelated lock, not held elsewhere").isPresent();
        assertThat(admin.get(redis.keyPrefix() + ":prod:billing:nightly")).isNotNull();
        assertThat(admin.get(redis.keyPrefix() + ":prod%3Abilling:nightly")).isNotNull();
        first.get().unlock();
        second.get().unlock();
      } finally {
        RedisLockProviderContractTest.deleteAll(admin, redis.keyPrefix());
      }
    }
  }

  private static RedisLockProvider onRedis(RedisNamespace redis, String environment) {
    return RedisLockProvider.builder()
        .uri(redis.uri())
        .keyPrefix(redis.keyPrefix())
        .environment(environment)
        .build();
  }
}
