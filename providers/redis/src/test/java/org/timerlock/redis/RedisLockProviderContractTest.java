package org.timerlock.redis;

import java.time.Duration;
import org.junit.jupiter.api.AfterAll;
import org.timerlock.core.LockProvider;
import org.timerlock.testkit.LockProviderContract;
import org.timerlock.testkit.stores.RedisNamespace;
import org.timerlock.testkit.stores.TestStores;

/** The whole contract on the test Redis; two providers with separate clients are two nodes. */
class RedisLockProviderContractTest implements LockProviderContract {

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

  private static RedisLockProvider node(String nodeId) {
    return RedisLockProvider.builder()
        .uri(REDIS.uri())
        .keyPrefix(REDIS.keyPrefix())
        .nodeId(nodeId)
        .build();
  }

  @AfterAll
  static void closeClients() {
    NODE_A.close();
    NODE_B.close();
    DOWN.close();
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
  public LockProvider unreachableStore() {
    return DOWN;
  }
}
