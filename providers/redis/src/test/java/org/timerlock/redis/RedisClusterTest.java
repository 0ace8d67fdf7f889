package org.timerlock.redis;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.timerlock.core.LockAttempt;
import org.timerlock.core.LockAttempt.Outcome;
import org.timerlock.core.LockConfiguration;
import org.timerlock.core.LockException;
import org.timerlock.core.LockProvider;
import org.timerlock.core.SimpleLock;
import org.timerlock.core.admin.LockAdmin;
import org.timerlock.core.admin.LockInfo;
import org.timerlock.core.spi.HistorySettings;
import org.timerlock.testkit.LastRunContract;
import org.timerlock.testkit.LockAdminContract;
import org.timerlock.testkit.LockProviderContract;
import org.timerlock.teststores.RedisServerProcess;
import redis.clients.jedis.HostAndPort;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.RedisClusterClient;

/**
 * The whole contract on a Redis Cluster of three masters started by the test, plus what only a
 * cluster shows: keys spread over the masters, and the error when a standalone URI points at a
 * cluster node. Skipped, saying why, only when redis-server is not installed.
 */
class RedisClusterTest implements LockProviderContract, LockAdminContract, LastRunContract {

  private static final List<RedisServerProcess> NODES = new ArrayList<>();
  private static final List<RedisLockProvider> STARTED = new CopyOnWriteArrayList<>();
  private static RedisLockProvider nodeA;
  private static RedisLockProvider nodeB;
  private static RedisLockProvider down;
  private static RedisClusterClient admin;

  @BeforeAll
  static void startCluster() {
    Assumptions.assumeTrue(
        RedisServerProcess.installed(),
        "redis-server is not installed: the Redis Cluster test needs it to start three local"
            + " cluster nodes (Debian: apt-get install redis-server)");
    for (int i = 0; i < 3; i++) {
      NODES.add(RedisServerProcess.launchClusterNode());
    }
    List<String> create = new ArrayList<>(List.of("redis-cli", "--cluster", "create"));
    NODES.forEach(node -> create.add(node.address()));
    create.addAll(List.of("--cluster-replicas", "0", "--cluster-yes"));
    RedisServerProcess.run(create);
    for (RedisServerProcess node : NODES) {
      awaitClusterOk(node);
    }
    nodeA = provider("cluster-a", seeds());
    // The other node knows only one seed: the client discovers the rest.
    nodeB = provider("cluster-b", NODES.get(2).address());
    admin =
        RedisClusterClient.builder()
            .nodes(Set.of(HostAndPort.from(NODES.get(0).address())))
            .build();
    down =
        RedisLockProvider.builder()
            .cluster("127.0.0.1:1")
            .connectTimeout(Duration.ofMillis(300))
            .clusterMaxAttempts(1)
            .build();
  }

  @AfterAll
  static void stopCluster() {
    if (admin != null) {
      admin.close();
    }
    STARTED.forEach(RedisLockProvider::close);
    for (RedisLockProvider p : new RedisLockProvider[] {nodeA, nodeB, down}) {
      if (p != null) {
        p.close();
      }
    }
    NODES.forEach(RedisServerProcess::close);
  }

  private static String seeds() {
    return String.join(",", NODES.stream().map(RedisServerProcess::address).toList());
  }

  private static RedisLockProvider provider(String nodeId, String seeds) {
    return RedisLockProvider.builder().cluster(seeds).nodeId(nodeId).build();
  }

  private static void awaitClusterOk(RedisServerProcess node) {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
    while (!node.cli("cluster", "info").contains("cluster_state:ok")) {
      if (System.nanoTime() > deadline) {
        throw new AssertionError("cluster never became ok: " + node.cli("cluster", "info"));
      }
      RedisServerProcess.sleep(100);
    }
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
    return nodeA;
  }

  @Override
  public LockProvider otherNode() {
    return nodeB;
  }

  @Override
  public LockProvider unreachableStore() {
    return down;
  }

  /** A node that knows one seed, with the history given. */
  @Override
  public Optional<LockProvider> newNode(HistorySettings history) {
    RedisLockProvider node =
        RedisLockProvider.builder()
            .cluster(NODES.get(1).address())
            .nodeId("cluster-" + (STARTED.size() + 3))
            .history(history)
            .build();
    STARTED.add(node);
    return Optional.of(node);
  }

  @Override
  public boolean forgetStoredState(String name) {
    // One DEL for both keys: it would fail with CROSSSLOT if they were in different slots.
    admin.del(nodeA.key(name), nodeA.stateKey(name));
    return true;
  }

  /**
   * Lock names with braces that make, or fail to make, a hash tag: the acquire script, which uses
   * the lock key and the state key, runs on the cluster (no CROSSSLOT), and the server puts both
   * keys in the same slot.
   */
  @ParameterizedTest
  @MethodSource("org.timerlock.redis.StateKeyTest#bracedNames")
  void namesWithBracesGuardFiresAndFenceOnTheCluster(String suffix) {
    String name = uniqueName("braces") + suffix;
    LockConfiguration config = LockConfiguration.of(name, Duration.ofMinutes(1));
    Instant fire = Instant.parse("2030-01-01T00:00:00Z");

    LockAttempt first = nodeA.tryLock(config.forFire(fire));
    assertThat(first.outcome()).as("first fire of '%s'", name).isEqualTo(Outcome.ACQUIRED);
    assertThat(nodeB.tryLock(config.forFire(fire.plusSeconds(1))).outcome())
        .isEqualTo(Outcome.HELD_ELSEWHERE);
    long token = first.lock().orElseThrow().fencingToken().orElseThrow();
    first.lock().orElseThrow().unlock();
    assertThat(nodeB.tryLock(config.forFire(fire)).outcome()).isEqualTo(Outcome.ALREADY_RAN);
    SimpleLock next = nodeB.tryLock(config.forFire(fire.plusSeconds(1))).lock().orElseThrow();
    assertThat(next.fencingToken().orElseThrow()).isGreaterThan(token);
    next.unlock();

    String lockKey = nodeA.key(name);
    String stateKey = nodeA.stateKey(name);
    try (Jedis node = new Jedis("127.0.0.1", NODES.get(0).port())) {
      assertThat(node.clusterKeySlot(stateKey))
          .as("the server's slot of %s and of %s", stateKey, lockKey)
          .isEqualTo(node.clusterKeySlot(lockKey));
      assertThat(node.clusterKeySlot(nodeA.historyKey(name)))
          .as("the server's slot of the history stream")
          .isEqualTo(node.clusterKeySlot(lockKey));
    }
    assertThat(admin.type(stateKey)).isEqualTo("hash");
  }

  @Test
  void locksAreSpreadOverTheMasters() {
    List<SimpleLock> held = new ArrayList<>();
    for (int i = 0; i < 30; i++) {
      held.add(
          nodeA.lock(LockConfiguration.of("spread-" + i, Duration.ofMinutes(1))).orElseThrow());
    }
    int mastersWithLocks = 0;
    for (RedisServerProcess node : NODES) {
      try (Jedis jedis = new Jedis("127.0.0.1", node.port())) {
        if (jedis.keys("job-lock:default:spread-*").size() > 0) {
          mastersWithLocks++;
        }
      }
    }
    assertThat(mastersWithLocks).as("masters holding some of 30 locks").isEqualTo(3);
    for (int i = 0; i < held.size(); i++) {
      assertThat(nodeB.lock(LockConfiguration.of("spread-" + i, Duration.ofMinutes(1)))).isEmpty();
      held.get(i).unlock();
    }
  }

  /** What a cluster needs beyond {@link AclTest#BASE}: slot discovery, ASK redirections. */
  static final List<String> CLUSTER_ACL = List.of("cluster|slots", "asking");

  /** What listing locks on a cluster needs beyond {@code +scan}: telling masters from replicas. */
  static final List<String> CLUSTER_ADMIN_ACL = List.of("role");

  private static final AtomicInteger ACL_RUNS = new AtomicInteger();

  /**
   * The ACL docs/security.md gives for a cluster, set on every node: enough for locks on every
   * master and for a lock in a slot being migrated (ASK redirection), with nothing in any node's
   * {@code ACL LOG}; and without either cluster command something fails or is refused.
   */
  @Test
  void theDocumentedClusterAclIsEnough() {
    List<String> cluster = new ArrayList<>(AclTest.BASE);
    cluster.addAll(CLUSTER_ACL);
    assertThat(lockAllOverTheClusterAs(cluster, false))
        .as("failures and ACL LOG entries")
        .isEmpty();
    for (String command : CLUSTER_ACL) {
      List<String> without = new ArrayList<>(cluster);
      without.remove(command);
      assertThat(lockAllOverTheClusterAs(without, false))
          .as("what fails or is refused without +%s", command)
          .isNotEmpty();
    }
  }

  /**
   * The cluster ACL plus what docs/security.md adds for listing locks: the admin lists, looks up
   * and releases locks on every master; without {@code +scan} or {@code +role} the listing fails.
   */
  @Test
  void theDocumentedClusterAdminAclIsEnough() {
    List<String> admin = new ArrayList<>(AclTest.BASE);
    admin.addAll(CLUSTER_ACL);
    admin.addAll(AclTest.Feature.ADMIN.commands);
    admin.addAll(CLUSTER_ADMIN_ACL);
    List<String> needed = new ArrayList<>(CLUSTER_ADMIN_ACL);
    needed.add("scan");
    assertThat(lockAllOverTheClusterAs(admin.stream().distinct().toList(), true))
        .as("failures and ACL LOG entries")
        .isEmpty();
    for (String command : needed) {
      List<String> without = new ArrayList<>(admin.stream().distinct().toList());
      without.remove(command);
      assertThat(lockAllOverTheClusterAs(without, true))
          .as("what fails or is refused without +%s", command)
          .isNotEmpty();
    }
  }

  /**
   * Gives the user these commands on every node, takes locks on every master and one in a slot that
   * is being migrated, looks one up as the readiness check does and, when the user may {@code
   * SCAN}, lists and releases them; returns what failed and what the nodes refused.
   */
  private static List<String> lockAllOverTheClusterAs(List<String> commands, boolean list) {
    List<String> problems = new ArrayList<>();
    for (RedisServerProcess node : NODES) {
      try (Jedis admin = new Jedis("127.0.0.1", node.port())) {
        List<String> rules = new ArrayList<>(List.of("reset", "on", ">lck-pw", "~acl:*"));
        commands.forEach(c -> rules.add("+" + c));
        admin.aclSetUser("locker", rules.toArray(String[]::new));
        admin.aclLogReset();
      }
    }
    int run = ACL_RUNS.incrementAndGet();
    try (RedisLockProvider provider =
        RedisLockProvider.builder()
            .cluster(seeds())
            .username("locker")
            .password("lck-pw")
            .keyPrefix("acl")
            .clusterMaxAttempts(3)
            .build()) {
      try {
        for (int i = 0; i < 20; i++) {
          LockConfiguration config =
              new LockConfiguration(
                  "acl-" + run + "-" + i, Duration.ofMinutes(1), Duration.ofSeconds(i % 2));
          provider.lock(config).orElseThrow().unlock();
        }
        lockInAMigratingSlot(provider, "acl-migrating-" + run);
        LockAdmin locks = provider.admin().orElseThrow();
        assertThat(locks.find("timerlock-health-probe")).isEmpty();
        if (list) {
          List<SimpleLock> held = new ArrayList<>();
          for (int i = 0; i < 10; i++) {
            held.add(
                provider
                    .lock(
                        LockConfiguration.of("acl-listed-" + run + "-" + i, Duration.ofMinutes(1)))
                    .orElseThrow());
          }
          assertThat(locks.stream(3).map(LockInfo::name))
              .filteredOn(n -> n.startsWith("acl-listed-" + run + "-"))
              .hasSize(10);
          for (int i = 0; i < 10; i++) {
            assertThat(locks.release("acl-listed-" + run + "-" + i)).isPresent();
          }
          held.forEach(SimpleLock::unlock);
        }
      } catch (LockException e) {
        problems.add(e.getMessage());
      }
    }
    for (RedisServerProcess node : NODES) {
      try (Jedis admin = new Jedis("127.0.0.1", node.port())) {
        admin.aclLog().forEach(entry -> problems.add("ACL LOG: " + entry.getlogEntry()));
        admin.aclDelUser("locker");
      }
    }
    return problems;
  }

  /**
   * Takes a lock, marks its slot as migrating from its master to another one and moves the lock key
   * there, so that the release is answered with ASK and sent to the other master after ASKING; then
   * puts everything back. (A new acquisition in a migrating slot is answered with TRYAGAIN: the
   * script uses two keys that the importing node does not have yet. So is the release on both keys,
   * which then releases the lock key alone, recording no run.)
   */
  private static void lockInAMigratingSlot(RedisLockProvider provider, String name) {
    String key = provider.key(name);
    RedisServerProcess owner = null;
    for (RedisServerProcess node : NODES) {
      try (Jedis jedis = new Jedis("127.0.0.1", node.port())) {
        jedis.get(key);
        owner = node;
      } catch (redis.clients.jedis.exceptions.JedisMovedDataException e) {
        // another master's slot
      }
    }
    RedisServerProcess source = java.util.Objects.requireNonNull(owner);
    RedisServerProcess target = NODES.get((NODES.indexOf(source) + 1) % NODES.size());
    String slot = source.cli("cluster", "keyslot", key);
    SimpleLock lock =
        provider.lock(LockConfiguration.of(name, Duration.ofMinutes(1))).orElseThrow();
    target.cli("cluster", "setslot", slot, "importing", source.cli("cluster", "myid"));
    source.cli("cluster", "setslot", slot, "migrating", target.cli("cluster", "myid"));
    try {
      source.cli("migrate", "127.0.0.1", "" + target.port(), key, "0", "5000");
      lock.unlock();
      try (Jedis onTarget = new Jedis("127.0.0.1", target.port())) {
        onTarget.asking();
        assertThat(onTarget.exists(key)).as("released on the importing master").isFalse();
      }
    } finally {
      try (Jedis onTarget = new Jedis("127.0.0.1", target.port())) {
        onTarget.asking();
        onTarget.del(key);
      }
      source.cli("cluster", "setslot", slot, "stable");
      target.cli("cluster", "setslot", slot, "stable");
    }
  }

  @Test
  void standaloneUriOnAClusterNodeExplainsTheRedirection() {
    RedisServerProcess first = NODES.get(0);
    try (RedisLockProvider standalone = RedisLockProvider.builder().uri(first.uri()).build()) {
      List<String> messages = new ArrayList<>();
      for (int i = 0; i < 30; i++) {
        try {
          Optional<SimpleLock> lock =
              standalone.lock(LockConfiguration.of("moved-" + i, Duration.ofMinutes(1)));
          lock.ifPresent(SimpleLock::unlock);
        } catch (LockException e) {
          messages.add(e.getMessage());
        }
      }
      assertThat(messages).as("names whose slot is on another master").isNotEmpty();
      assertThat(messages.get(0))
          .contains("Redis at " + first.address())
          .contains("redirected the key to 127.0.0.1:")
          .contains("timerlock.redis.cluster.nodes");
    }
  }
}
