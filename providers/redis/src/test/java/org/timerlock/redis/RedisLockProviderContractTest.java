package org.timerlock.redis;

import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterAll;
import org.timerlock.core.LockProvider;
import org.timerlock.core.spi.HistorySettings;
import org.timerlock.testkit.LastRunContract;
import org.timerlock.testkit.LockAdminContract;
import org.timerlock.testkit.LockProviderContract;
import org.timerlock.teststores.RedisNamespace;
import org.timerlock.teststores.TestStores;
import redis.clients.jedis.RedisClient;
import redis.clients.jedis.UnifiedJedis;
import redis.clients.jedis.params.ScanParams;
import redis.clients.jedis.resps.ScanResult;

/** The whole contract on the test Redis; two providers with separate clients are two nodes. */
class RedisLockProviderContractTest
    implements LockProviderContract, LockAdminContract, LastRunContract {

  private static final RedisNamespace REDIS =
      TestStores.redisNamespace(RedisLockProviderContractTest.class);
  private static final RedisLockProvider NODE_A = node("node-a");
  private static final RedisLockProvider NODE_B = node("node-b");
  private static final RedisLockProvider DOWN =
      RedisLockProvider.builder()
          .uri("redis://127.0.0.1:1")
          .connectTimeout(Duration.ofMillis(500))
          .keyPrefix(REDIS.keyPrefix())
          .build();

  /** The nodes started by {@link #newNode}, closed with the others. */
  private static final List<RedisLockProvider> STARTED = new CopyOnWriteArrayList<>();

  private static RedisLockProvider node(String nodeId) {
    return node(nodeId, HistorySettings.OFF);
  }

  private static RedisLockProvider node(String nodeId, HistorySettings history) {
    return RedisLockProvider.builder()
        .uri(REDIS.uri())
        .keyPrefix(REDIS.keyPrefix())
        .nodeId(nodeId)
        .history(history)
        .build();
  }

  private static final RedisClient ADMIN = RedisClient.create(URI.create(REDIS.uri()));

  @AfterAll
  static void closeClients() {
    STARTED.forEach(RedisLockProvider::close);
    NODE_A.close();
    NODE_B.close();
    DOWN.close();
    try {
      // State hashes have no TTL: leave nothing behind on the shared server.
      deleteAll(ADMIN, REDIS.keyPrefix());
    } finally {
      ADMIN.close();
    }
  }

  /** Deletes every key of a prefix, found with SCAN (never KEYS on a shared server). */
  static void deleteAll(UnifiedJedis redis, String keyPrefix) {
    ScanParams match = new ScanParams().match(keyPrefix + ":*").count(1000);
    String cursor = ScanParams.SCAN_POINTER_START;
    do {
      ScanResult<String> page = redis.scan(cursor, match);
      if (!page.getResult().isEmpty()) {
        redis.del(page.getResult().toArray(String[]::new));
      }
      cursor = page.getCursor();
    } while (!cursor.equals(ScanParams.SCAN_POINTER_START));
  }

  @Override
  public boolean forgetStoredState(String name) {
    ADMIN.del(NODE_A.key(name), NODE_A.stateKey(name));
    return true;
  }

  /** SCAN's COUNT is a hint. */
  @Override
  public boolean exactPageSize() {
    return false;
  }

  /** A Redis key has a TTL, no acquisition time. */
  @Override
  public boolean recordsLockedAt() {
    return false;
  }

  @Override
  public LockProvider provider() {
    return NODE_A;
  }

  @Override
  public LockProvider otherNode() {
    return NODE_B;
  }

  @Override
  public Optional<LockProvider> newNode(HistorySettings history) {
    RedisLockProvider node = node("node-" + (STARTED.size() + 3), history);
    STARTED.add(node);
    return Optional.of(node);
  }

  @Override
  public LockProvider unreachableStore() {
    return DOWN;
  }
}
