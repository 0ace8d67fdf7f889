package org.timerlock.teststores;

import org.testcontainers.containers.GenericContainer;
import org.testcontainers.containers.wait.strategy.Wait;
import org.testcontainers.utility.DockerImageName;

/** Redis without authentication; test classes get key prefixes, not namespaces. */
final class RedisStore extends TestStore {

  RedisStore() {
    super("Redis", "TIMERLOCK_TEST_REDIS_URI", "redis://127.0.0.1:6379", null, 6379);
  }

  @Override
  GenericContainer<?> container() {
    return new GenericContainer<>(DockerImageName.parse("redis:7-alpine"))
        .waitingFor(Wait.forListeningPort());
  }

  @Override
  PrivateServer privateServer() {
    return RedisServerProcess.launch();
  }

  @Override
  void requireAnswers(StoreAddress address) {
    Reachability.pingRedis(address);
  }

  @Override
  Namespace namespace(StoreAddress server, String namespace) {
    throw new IllegalArgumentException(
        "Redis has no databases to isolate: use TestStores.redisNamespace");
  }
}
