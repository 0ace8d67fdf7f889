package org.timerlock.servertests;

import java.net.URI;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.container.test.api.TargetsContainer;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.AfterAll;
import org.timerlock.teststores.IsolatedDatabase;
import org.timerlock.teststores.RedisNamespace;
import org.timerlock.teststores.TestStores;
import redis.clients.jedis.AbstractTransaction;
import redis.clients.jedis.RedisClient;
import redis.clients.jedis.Response;
import redis.clients.jedis.params.ScanParams;
import redis.clients.jedis.resps.ScanResult;

/**
 * Two nodes with their locks in Redis, under a key prefix of the test's own; the runs are still
 * recorded in PostgreSQL.
 */
public abstract class TwoNodeRedisTests extends TwoNodeTests {

  private static final IsolatedDatabase DB = ExecutionsTable.create(TwoNodeRedisTests.class);
  private static final RedisNamespace REDIS = TestStores.redisNamespace(TwoNodeRedisTests.class);

  @Deployment(name = "app-node1", managed = false, testable = false)
  @TargetsContainer("node1")
  static WebArchive onNode1() {
    return app(DB, redisConfig());
  }

  @Deployment(name = "app-node2", managed = false, testable = false)
  @TargetsContainer("node2")
  static WebArchive onNode2() {
    return app(DB, redisConfig());
  }

  private static String[] redisConfig() {
    return new String[] {
      "timerlock.provider=redis",
      "timerlock.redis.uri=" + REDIS.uri(),
      "timerlock.redis.key-prefix=" + REDIS.keyPrefix()
    };
  }

  /**
   * The state hashes have no TTL (by design, like a lock row): delete every key of the test's
   * prefix, so the shared server keeps nothing of this test.
   */
  @AfterAll
  public static void deleteTheKeys() {
    try (RedisClient redis = RedisClient.create(URI.create(REDIS.uri()))) {
      ScanParams match = new ScanParams().match(REDIS.keyPrefix() + ":*").count(1000);
      String cursor = ScanParams.SCAN_POINTER_START;
      do {
        ScanResult<String> page = redis.scan(cursor, match);
        if (!page.getResult().isEmpty()) {
          redis.del(page.getResult().toArray(String[]::new));
        }
        cursor = page.getCursor();
      } while (!cursor.equals(ScanParams.SCAN_POINTER_START));
    }
  }

  @Override
  IsolatedDatabase database() {
    return DB;
  }

  @Override
  LockView lock(String name) {
    String key = REDIS.keyPrefix() + ":default:" + name;
    try (RedisClient redis = RedisClient.create(URI.create(REDIS.uri()));
        AbstractTransaction read = redis.multi()) {
      // One transaction: the owner and the expiry are of the same key, whatever happens around.
      Response<String> owner = read.get(key);
      Response<Long> ttl = read.pttl(key);
      Response<Long> expiresAt = read.pexpireTime(key); // Redis 7: the expiry itself, in ms
      read.exec();
      return new LockView(
          owner.get() == null ? "" : owner.get(),
          owner.get() != null && ttl.get() > 0,
          Instant.ofEpochMilli(Math.max(expiresAt.get(), 0)),
          Optional.empty());
    }
  }

  /**
   * Redis keeps no acquisition time: the run's start, on the node's clock, is compared with the
   * expiry on the Redis server's clock (the same machine's clock, in whole milliseconds).
   */
  @Override
  Duration clockTolerance() {
    return Duration.ofMillis(100);
  }
}
