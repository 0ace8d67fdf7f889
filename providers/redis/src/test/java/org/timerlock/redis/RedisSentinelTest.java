package org.timerlock.redis;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.timerlock.core.LockConfiguration;
import org.timerlock.core.LockException;
import org.timerlock.core.SimpleLock;
import org.timerlock.teststores.RedisServerProcess;
import redis.clients.jedis.Jedis;

/**
 * A master, a replica and one Sentinel started by the test: locking through Sentinel, and locking
 * again on the promoted replica after a failover, with the same provider.
 */
class RedisSentinelTest {

  private static final String MASTER_NAME = "locks";
  private static final List<RedisServerProcess> PROCESSES = new ArrayList<>();
  private static RedisServerProcess master;
  private static RedisServerProcess replica;
  private static RedisServerProcess sentinel;

  @BeforeAll
  static void start() {
    Assumptions.assumeTrue(
        RedisServerProcess.installed(),
        "redis-server is not installed: the Sentinel test needs it (apt-get install redis-server)");
    master = keep(RedisServerProcess.launch());
    replica = keep(RedisServerProcess.launch("--replicaof", "127.0.0.1", "" + master.port()));
    awaitOnline(master);
    sentinel = keep(RedisServerProcess.launchSentinel(MASTER_NAME, master));
    awaitSentinelSeesReplica();
  }

  @AfterAll
  static void stop() {
    for (int i = PROCESSES.size() - 1; i >= 0; i--) {
      PROCESSES.get(i).close();
    }
  }

  private static RedisServerProcess keep(RedisServerProcess process) {
    PROCESSES.add(process);
    return process;
  }

  private static void awaitOnline(RedisServerProcess server) {
    await(() -> server.cli("info", "replication").contains("state=online"), "replica online");
  }

  private static void awaitSentinelSeesReplica() {
    await(
        () -> sentinel.cli("sentinel", "replicas", MASTER_NAME).contains("" + replica.port()),
        "Sentinel discovers the replica");
  }

  private static void await(java.util.function.BooleanSupplier condition, String what) {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
    while (!condition.getAsBoolean()) {
      if (System.nanoTime() > deadline) {
        throw new AssertionError("timed out waiting: " + what);
      }
      RedisServerProcess.sleep(100);
    }
  }

  /**
   * The server's role. A master that is being demoted closes its clients' connections, redis-cli's
   * too: a question that fails that way is asked again, as "not yet".
   */
  private static String role(RedisServerProcess server) {
    try {
      return server.cli("role");
    } catch (IllegalStateException closedDuringTheSwitch) {
      return "";
    }
  }

  private static String currentMasterPort() {
    String[] address =
        sentinel.cli("sentinel", "get-master-addr-by-name", MASTER_NAME).split("\\s+");
    return address[address.length - 1];
  }

  /** What the Sentinel user needs, as docs/security.md says. */
  static final List<String> SENTINEL_ACL =
      List.of("sentinel|get-master-addr-by-name", "subscribe", "&+switch-master");

  /**
   * The ACLs docs/security.md gives for Sentinel: the user of the data nodes needs the commands of
   * every deployment, the Sentinels' own user only to ask for the master and to hear of switches.
   * Nothing is refused by any of them ({@code ACL LOG}), and each rule of the Sentinel user is
   * needed.
   */
  @Test
  void theDocumentedSentinelAclIsEnough() {
    assertThat(lockThroughSentinelAs(SENTINEL_ACL)).as("failures and ACL LOG entries").isEmpty();
    for (String rule : SENTINEL_ACL) {
      List<String> without = new ArrayList<>(SENTINEL_ACL);
      without.remove(rule);
      assertThat(lockThroughSentinelAs(without))
          .as("what fails or is refused without %s", rule)
          .isNotEmpty();
    }
  }

  private static List<String> lockThroughSentinelAs(List<String> sentinelRules) {
    List<RedisServerProcess> dataNodes = List.of(master, replica);
    for (RedisServerProcess node : dataNodes) {
      List<String> rules = new ArrayList<>(List.of("acl", "setuser", "locker", "reset", "on"));
      rules.addAll(List.of(">lck-pw", "~acl:*"));
      AclTest.BASE.forEach(c -> rules.add("+" + c));
      node.cli(rules.toArray(String[]::new));
      node.cli("acl", "log", "reset");
    }
    List<String> rules = new ArrayList<>(List.of("acl", "setuser", "watcher", "reset", "on"));
    rules.add(">wtc-pw");
    sentinelRules.forEach(r -> rules.add(r.startsWith("&") ? r : "+" + r));
    sentinel.cli(rules.toArray(String[]::new));
    sentinel.cli("acl", "log", "reset");
    List<String> problems = new ArrayList<>();
    try (RedisLockProvider provider =
        RedisLockProvider.builder()
            .sentinel(MASTER_NAME, sentinel.address())
            .sentinelCredentials("watcher", "wtc-pw")
            .username("locker")
            .password("lck-pw")
            .keyPrefix("acl")
            .connectTimeout(Duration.ofMillis(500))
            .build()) {
      provider
          .lock(LockConfiguration.of("acl-sentinel", Duration.ofMinutes(1)))
          .orElseThrow()
          .unlock();
      // The client subscribes to the Sentinels' +switch-master channel in the background.
      RedisServerProcess.sleep(1000);
    } catch (LockException | IllegalStateException e) {
      problems.add(e.toString());
    }
    for (RedisServerProcess node : List.of(master, replica, sentinel)) {
      String log = node.cli("acl", "log");
      if (!log.isBlank()) {
        problems.add("ACL LOG of " + node.address() + ": " + log);
      }
    }
    return problems;
  }

  @Test
  void locksThroughSentinelAndFollowsAFailover() {
    try (RedisLockProvider provider =
        RedisLockProvider.builder()
            .sentinel(MASTER_NAME, sentinel.address())
            .connectTimeout(Duration.ofMillis(500))
            .socketTimeout(Duration.ofSeconds(1))
            .build()) {
      LockConfiguration config = LockConfiguration.of("via-sentinel", Duration.ofMinutes(1));
      SimpleLock lock = provider.lock(config).orElseThrow();
      try (Jedis onMaster = new Jedis("127.0.0.1", master.port())) {
        assertThat(onMaster.get("job-lock:default:via-sentinel")).isNotNull();
      }
      assertThat(provider.lock(config)).isEmpty();
      lock.unlock();

      // Sentinel refuses (NOGOODSLAVE) until it has fresh information about the replica.
      await(
          () -> {
            String answer = sentinel.cli("sentinel", "failover", MASTER_NAME);
            if (answer.contains("OK") || answer.contains("INPROG")) {
              return true;
            }
            RedisServerProcess.sleep(400);
            return false;
          },
          "Sentinel accepts the failover");
      await(() -> currentMasterPort().equals("" + replica.port()), "the replica is promoted");
      // Until the old master is demoted, a client that has not yet heard of the switch still
      // writes there, and such a lock is lost when the old master resyncs from the new one: the
      // asynchronous-failover window the documentation describes. Past that point, writes to the
      // old master fail (READONLY) instead.
      await(() -> role(master).startsWith("slave"), "the old master is demoted to a replica");

      // During the switch, attempts may fail; they must fail as LockExceptions, and the same
      // provider must lock on the new master soon after.
      List<String> failures = new ArrayList<>();
      Optional<SimpleLock> after = Optional.empty();
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
      while (after.isEmpty() && System.nanoTime() < deadline) {
        try {
          after = provider.lock(LockConfiguration.of("after-failover", Duration.ofMinutes(1)));
          if (after.isEmpty()) {
            throw new AssertionError("a free name was refused");
          }
        } catch (LockException e) {
          failures.add(e.getMessage());
          RedisServerProcess.sleep(200);
        }
      }
      assertThat(after)
          .as("locked after the failover; failures meanwhile: %s", failures)
          .isPresent();
      try (Jedis onNewMaster = new Jedis("127.0.0.1", replica.port())) {
        assertThat(onNewMaster.get("job-lock:default:after-failover"))
            .as("written to the promoted replica")
            .isNotNull();
      }
      assertThat(failures).allSatisfy(m -> assertThat(m).contains("Redis master 'locks'"));
      after.get().unlock();
    }
  }
}
