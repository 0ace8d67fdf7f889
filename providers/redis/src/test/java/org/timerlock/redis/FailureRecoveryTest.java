package org.timerlock.redis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.URI;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.timerlock.core.DefaultLockingTaskExecutor;
import org.timerlock.core.LockAttempt.Outcome;
import org.timerlock.core.LockConfiguration;
import org.timerlock.core.LockException;
import org.timerlock.core.SimpleLock;
import org.timerlock.core.StoreFailurePolicy;
import org.timerlock.testkit.StoreFailureRecorder;
import org.timerlock.teststores.RedisServerProcess;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.RedisClient;
import redis.clients.jedis.args.ClientPauseMode;

/**
 * A private redis-server killed, restarted, paused, its connections killed, and a read-only
 * replica: failures are {@link LockException}s naming the server, and the same provider works again
 * as soon as Redis does.
 */
class FailureRecoveryTest {

  private final List<AutoCloseable> resources = new ArrayList<>();

  @AfterEach
  void cleanUp() throws Exception {
    for (int i = resources.size() - 1; i >= 0; i--) {
      resources.get(i).close();
    }
  }

  private <T extends AutoCloseable> T closeLater(T resource) {
    resources.add(resource);
    return resource;
  }

  private RedisLockProvider provider(RedisServerProcess server, Duration socketTimeout) {
    return closeLater(
        RedisLockProvider.builder()
            .uri(server.uri())
            .connectTimeout(Duration.ofMillis(500))
            .socketTimeout(socketTimeout)
            .build());
  }

  private static LockConfiguration config(String name) {
    return LockConfiguration.of(name, Duration.ofMinutes(1));
  }

  /** A fire that must not be skipped: the lock is taken, then released. */
  private static void assertLocksAndUnlocks(
      RedisLockProvider provider, String name, String description, Object... args) {
    Optional<SimpleLock> lock = provider.lock(config(name));
    assertThat(lock).as(description, args).isPresent();
    lock.get().unlock();
  }

  @Test
  void redisDownAtStartUpThenUp() {
    RedisServerProcess server = closeLater(RedisServerProcess.launch());
    server.kill();
    RedisLockProvider provider = provider(server, Duration.ofSeconds(2));

    assertThatThrownBy(() -> provider.lock(config("down-at-start")))
        .isInstanceOf(LockException.class)
        .hasMessageContaining("Redis at " + server.address())
        .hasMessageContaining("could not acquire lock 'down-at-start'")
        .hasMessageContaining("connection refused");

    server.start();
    assertLocksAndUnlocks(provider, "down-at-start", "works once Redis is up, same provider");
  }

  @Test
  void restartBetweenTwoFiresTheNextFireWorks() throws Exception {
    RedisServerProcess server = closeLater(RedisServerProcess.launch());
    RedisLockProvider provider = provider(server, Duration.ofSeconds(2));
    fillThePool(provider, 6);

    server.kill();
    server.start(); // same port, empty: every pooled connection is now broken

    assertLocksAndUnlocks(provider, "after-restart", "the first fire after the restart");
    for (int i = 0; i < 10; i++) {
      assertLocksAndUnlocks(provider, "after-restart-" + i, "fire %d after the restart", i);
    }
  }

  @Test
  void restartWhileInUseReportsThenRecovers() throws Exception {
    RedisServerProcess server = closeLater(RedisServerProcess.launch());
    RedisLockProvider provider = provider(server, Duration.ofSeconds(2));
    fillThePool(provider, 6);
    SimpleLock held = provider.lock(config("held-across-restart")).orElseThrow();

    server.kill();
    StoreFailureRecorder listener = new StoreFailureRecorder();
    AtomicBoolean ran = new AtomicBoolean();
    boolean executed =
        new DefaultLockingTaskExecutor(provider, StoreFailurePolicy.SKIP, List.of(listener))
            .executeWithLock(() -> ran.set(true), config("while-down"));
    assertThat(executed).isFalse();
    assertThat(ran).isFalse();
    assertThat(listener.failures()).hasSize(1);
    assertThat(listener.failures().get(0))
        .hasMessageContaining(server.address())
        .hasMessageContaining("could not acquire lock 'while-down'");
    assertThatThrownBy(held::unlock)
        .as("release while down")
        .isInstanceOf(LockException.class)
        .hasMessageContaining(server.address());

    server.start();
    AtomicBoolean ranAfter = new AtomicBoolean();
    assertThat(
            new DefaultLockingTaskExecutor(provider)
                .executeWithLock(() -> ranAfter.set(true), config("while-down")))
        .as("the next fire after recovery")
        .isTrue();
    assertThat(ranAfter).isTrue();
    // The lock held across the restart was lost with the server's memory (no persistence): a
    // late release is harmless.
    held.unlock();
    assertLocksAndUnlocks(provider, "held-across-restart", "retaken after the restart");
  }

  /**
   * A restart without persistence loses both keys of a name; the tokens still increase (they come
   * from the server's clock), while the fire guard starts afresh, as documented.
   */
  @Test
  void tokensKeepIncreasingAcrossARestartWithoutPersistence() throws Exception {
    RedisServerProcess server = closeLater(RedisServerProcess.launch());
    RedisLockProvider provider = provider(server, Duration.ofSeconds(2));
    RedisLockProvider otherNode = provider(server, Duration.ofSeconds(2));
    LockConfiguration config = config("tokens-across-restart");
    Instant fire = Instant.parse("2030-01-01T00:00:00Z");
    long before = Long.MIN_VALUE;
    for (int i = 0; i < 5; i++) {
      SimpleLock lock = provider.tryLock(config.forFire(fire.plusSeconds(i))).lock().orElseThrow();
      assertThat(lock.fencingToken().orElseThrow()).isGreaterThan(before);
      before = lock.fencingToken().orElseThrow();
      lock.unlock();
    }
    fillThePool(provider, 4);

    server.kill();
    server.start(); // same port, empty: every pooled connection is now broken
    long serverMicros;
    try (Jedis admin = new Jedis("127.0.0.1", server.port())) {
      assertThat(admin.exists(provider.stateKey(config.name()))).as("state lost").isFalse();
      List<String> time = admin.time();
      serverMicros = Long.parseLong(time.get(0)) * 1_000_000 + Long.parseLong(time.get(1));
    }

    SimpleLock after = provider.lock(config).orElseThrow();
    long token = after.fencingToken().orElseThrow();
    assertThat(token).as("the first token after the restart").isGreaterThan(before);
    assertThat(token).as("the server's TIME in microseconds").isGreaterThan(serverMicros);
    after.unlock();
    SimpleLock onOtherNode = otherNode.lock(config).orElseThrow();
    assertThat(onOtherNode.fencingToken().orElseThrow()).isGreaterThan(token);
    onOtherNode.unlock();

    assertThat(otherNode.tryLock(config.forFire(fire)).outcome())
        .as("the guard forgot the fires granted before the restart (documented)")
        .isEqualTo(Outcome.ACQUIRED);
  }

  /**
   * An acquisition whose answer was lost (a broken connection) is sent again with the same owner:
   * the script recognises it and answers with the token it stored, without taking anything twice.
   */
  @Test
  void aRepeatedAcquisitionRecognisesItselfAndKeepsItsToken() {
    RedisServerProcess server = closeLater(RedisServerProcess.launch());
    ClientSource source =
        new ClientSource(
            "Redis at " + server.address(),
            () -> RedisClient.create(URI.create(server.uri())),
            true,
            null);
    LazyClient client = new LazyClient(source, "test");
    closeLater(client::close);
    LockCommands commands = new LockCommands(new CommandRunner(client, source, 2000));
    String key = "job-lock:default:repeated";
    String stateKey = StateKey.of(key);
    Long fire = Instant.parse("2030-01-01T00:00:00Z").toEpochMilli();

    LockCommands.Answer first = commands.acquire("repeated", key, stateKey, "me/1", 60_000, fire);
    LockCommands.Answer again = commands.acquire("repeated", key, stateKey, "me/1", 60_000, fire);

    assertThat(first.outcome()).isEqualTo(Outcome.ACQUIRED);
    assertThat(again).as("the same attempt, sent again").isEqualTo(first);
    assertThat(commands.acquire("repeated", key, stateKey, "me/2", 60_000, fire + 1).outcome())
        .as("another attempt")
        .isEqualTo(Outcome.HELD_ELSEWHERE);
    assertThat(commands.acquire("repeated", key, stateKey, "me/3", 60_000, fire).outcome())
        .as("another attempt for the same fire")
        .isEqualTo(Outcome.ALREADY_RAN);
  }

  @Test
  void killedConnectionsAreReplacedWithoutAFailedFire() throws Exception {
    RedisServerProcess server = closeLater(RedisServerProcess.launch());
    RedisLockProvider provider = provider(server, Duration.ofSeconds(2));
    fillThePool(provider, 4);
    try (Jedis admin = new Jedis("127.0.0.1", server.port())) {
      long killed =
          admin.clientKill(
              redis.clients.jedis.params.ClientKillParams.clientKillParams()
                  .type(redis.clients.jedis.args.ClientType.NORMAL)
                  .skipMe(redis.clients.jedis.params.ClientKillParams.SkipMe.YES));
      assertThat(killed).as("connections killed").isPositive();
    }
    for (int i = 0; i < 5; i++) {
      assertLocksAndUnlocks(provider, "after-kill-" + i, "fire %d after CLIENT KILL", i);
    }
  }

  @Test
  void slowServerIsATimeoutThenRecovers() throws Exception {
    RedisServerProcess server = closeLater(RedisServerProcess.launch());
    RedisLockProvider provider = provider(server, Duration.ofMillis(300));
    provider.lock(config("warm")).orElseThrow().unlock();
    // The attempt is meant to reach the server in the first half of the pause; should this thread
    // stall past that, the pause is made again.
    Duration pause = Duration.ofSeconds(6);

    for (int attempt = 1; ; attempt++) {
      String name = "slow-" + attempt;
      long sent = System.nanoTime();
      try (Jedis admin = new Jedis("127.0.0.1", server.port())) {
        // The reply comes once the pause is in effect; it ends no sooner than `pause` after `sent`.
        assertThat(admin.clientPause(pause.toMillis(), ClientPauseMode.ALL)).isEqualTo("OK");
      }
      long tried = System.nanoTime();
      Optional<SimpleLock> lock;
      try {
        lock = provider.lock(config(name));
      } catch (LockException e) {
        assertThat(e)
            .hasMessageContaining(server.address())
            .hasMessageContaining("no answer within the socket timeout of 300 ms");
        break;
      }
      lock.ifPresent(SimpleLock::unlock);
      assertThat(Duration.ofNanos(tried - sent))
          .as(
              "an attempt sent in the first half of the pause was answered (%s) instead of timing out",
              lock)
          .isGreaterThanOrEqualTo(pause.dividedBy(2));
      assertThat(attempt).as("attempts that came too late to meet the pause").isLessThan(3);
      awaitAnswering(server);
    }

    awaitAnswering(server);
    // The SET that timed out may have been applied once the server woke up: its owner value was
    // unique to the failed attempt, so the name stays locked until it expires (at most once).
    assertLocksAndUnlocks(provider, "slow-other", "works again after the pause");
  }

  /** Waits for the end of a CLIENT PAUSE: a PING on a new connection answers. */
  private static void awaitAnswering(RedisServerProcess server) {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
    while (true) {
      try (Jedis probe = new Jedis("127.0.0.1", server.port(), 500)) {
        probe.ping();
        return;
      } catch (redis.clients.jedis.exceptions.JedisException e) {
        if (System.nanoTime() > deadline) {
          throw new AssertionError("the paused server never answered again", e);
        }
      }
    }
  }

  @Test
  void readOnlyReplicaIsReportedAsSuch() {
    RedisServerProcess master = closeLater(RedisServerProcess.launch());
    RedisServerProcess replica =
        closeLater(RedisServerProcess.launch("--replicaof", "127.0.0.1", "" + master.port()));
    RedisLockProvider provider = provider(replica, Duration.ofSeconds(2));

    assertThatThrownBy(() -> provider.lock(config("on-replica")))
        .isInstanceOf(LockException.class)
        .hasMessageContaining("Redis at " + replica.address())
        .hasMessageContaining("read-only replica");
  }

  @Test
  void waitForReplicasGivesUpAnUnreplicatedLock() {
    RedisServerProcess master = closeLater(RedisServerProcess.launch());
    RedisLockProvider alone =
        closeLater(
            RedisLockProvider.builder()
                .uri(master.uri())
                .waitForReplicas(1, Duration.ofSeconds(5))
                .socketTimeout(Duration.ofSeconds(10))
                .build());

    assertThatThrownBy(() -> alone.lock(config("unreplicated")))
        .isInstanceOf(LockException.class)
        .hasMessageContaining("only 0 of the 1 replicas");
    try (Jedis admin = new Jedis("127.0.0.1", master.port())) {
      assertThat(admin.exists("job-lock:default:unreplicated"))
          .as("the unreplicated lock was given up")
          .isFalse();
    }

    RedisServerProcess replica =
        closeLater(RedisServerProcess.launch("--replicaof", "127.0.0.1", "" + master.port()));
    awaitReplicaLink(master, replica);
    Optional<SimpleLock> lock = alone.lock(config("unreplicated"));
    assertThat(lock).as("acknowledged by the replica").isPresent();
    try (Jedis onReplica = new Jedis("127.0.0.1", replica.port())) {
      assertThat(onReplica.get("job-lock:default:unreplicated"))
          .as("the replica has the lock when lock() returns")
          .isNotNull();
      assertThat(onReplica.hget(alone.stateKey("unreplicated"), "token"))
          .as("and the token the script computed from TIME: effects are replicated, not the script")
          .isEqualTo(Long.toString(lock.get().fencingToken().orElseThrow()));
    }
    lock.get().unlock();
  }

  private static void awaitReplicaLink(RedisServerProcess master, RedisServerProcess replica) {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
    try (Jedis admin = new Jedis("127.0.0.1", replica.port());
        Jedis onMaster = new Jedis("127.0.0.1", master.port())) {
      while (!admin.info("replication").contains("master_link_status:up")
          || !onMaster.info("replication").contains("state=online")) {
        if (System.nanoTime() > deadline) {
          throw new AssertionError("replica never linked: " + admin.info("replication"));
        }
        RedisServerProcess.sleep(50);
      }
    }
  }

  /** Several threads at once, so that the pool holds several connections. */
  private static void fillThePool(RedisLockProvider provider, int threads) throws Exception {
    ExecutorService pool = Executors.newFixedThreadPool(threads);
    try {
      CountDownLatch start = new CountDownLatch(1);
      List<Future<?>> all = new ArrayList<>();
      for (int t = 0; t < threads; t++) {
        String name = "fill-" + t;
        all.add(
            pool.submit(
                () -> {
                  start.await();
                  for (int i = 0; i < 20; i++) {
                    provider.lock(config(name)).orElseThrow().unlock();
                  }
                  return null;
                }));
      }
      start.countDown();
      for (Future<?> f : all) {
        f.get(30, TimeUnit.SECONDS);
      }
    } finally {
      pool.shutdownNow();
    }
  }
}
