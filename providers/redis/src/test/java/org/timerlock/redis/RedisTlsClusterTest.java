package org.timerlock.redis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
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
 * A Redis Cluster of three masters reached over TLS ({@code timerlock.redis.ssl=true}), with
 * certificates from a private authority. The client learns the other masters from the cluster
 * itself (by IP address): each of them must present a certificate for that address too. Each test
 * installs the certificates it needs on every node ({@code CONFIG SET tls-cert-file}). Skipped,
 * saying why, when openssl or redis-server is missing, or redis-server was built without TLS.
 */
class RedisTlsClusterTest {

  private static final List<RedisServerProcess> NODES = new ArrayList<>();
  private static final List<Integer> TLS_PORTS = new ArrayList<>();
  private static TestCertificates certificates;
  private static TestCertificates.Pair rightName;
  private static TestCertificates.Pair otherName;

  @BeforeAll
  static void startCluster() {
    Assumptions.assumeTrue(
        RedisServerProcess.installed(),
        "redis-server is not installed: the TLS cluster test needs it (Debian: apt-get install"
            + " redis-server)");
    certificates = TestCertificates.create();
    rightName = certificates.server("node-right", "localhost", "IP:127.0.0.1,DNS:localhost");
    otherName = certificates.server("node-other", "evil.example", "DNS:evil.example");
    for (int i = 0; i < 3; i++) {
      int tlsPort = RedisServerProcess.freePortWithBus();
      try {
        NODES.add(
            RedisServerProcess.launchTlsClusterNode(
                tlsPort,
                "--tls-cert-file",
                otherName.certificate().toString(),
                "--tls-key-file",
                otherName.key().toString(),
                "--tls-ca-cert-file",
                certificates.authority().toString(),
                "--tls-auth-clients",
                "no"));
      } catch (IllegalStateException e) {
        Assumptions.abort("redis-server does not start as a TLS cluster node: " + e);
      }
      TLS_PORTS.add(tlsPort);
    }
    // redis-cli checks the chain but not the name, and meets the nodes on their TLS ports.
    List<String> create =
        new ArrayList<>(
            List.of(
                "redis-cli",
                "--tls",
                "--cacert",
                certificates.authority().toString(),
                "--cluster",
                "create"));
    TLS_PORTS.forEach(port -> create.add("127.0.0.1:" + port));
    create.addAll(List.of("--cluster-replicas", "0", "--cluster-yes"));
    RedisServerProcess.run(create);
    for (RedisServerProcess node : NODES) {
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
      while (!node.cli("cluster", "info").contains("cluster_state:ok")) {
        if (System.nanoTime() > deadline) {
          throw new AssertionError("cluster never became ok: " + node.cli("cluster", "info"));
        }
        RedisServerProcess.sleep(100);
      }
    }
  }

  @AfterAll
  static void stopCluster() {
    NODES.forEach(RedisServerProcess::close);
    if (certificates != null) {
      certificates.delete();
    }
  }

  private static void install(TestCertificates.Pair pair) {
    for (RedisServerProcess node : NODES) {
      node.cli(
          "config",
          "set",
          "tls-cert-file",
          pair.certificate().toString(),
          "tls-key-file",
          pair.key().toString());
    }
  }

  /** Only one seed: the other masters are found through the cluster, by address. */
  private static RedisLockProvider.Builder provider() {
    return RedisLockProvider.builder()
        .cluster("127.0.0.1:" + TLS_PORTS.get(0))
        .ssl(true)
        .sslSocketFactory(certificates.trustingFactory())
        .clusterMaxAttempts(2);
  }

  /** Locks spread over the three masters, each reached over TLS. */
  private static void assertLocksOnEveryMaster(RedisLockProvider provider, String prefix) {
    List<SimpleLock> held = new ArrayList<>();
    for (int i = 0; i < 20; i++) {
      LockConfiguration config = LockConfiguration.of(prefix + i, Duration.ofMinutes(1));
      held.add(provider.lock(config).orElseThrow());
      assertThat(provider.lock(config)).isEmpty();
    }
    int mastersWithLocks = 0;
    for (RedisServerProcess node : NODES) {
      try (Jedis jedis = new Jedis("127.0.0.1", node.port())) {
        if (!jedis.keys(provider.key(prefix) + "*").isEmpty()) {
          mastersWithLocks++;
        }
      }
    }
    assertThat(mastersWithLocks).as("masters holding some of 20 locks").isEqualTo(3);
    held.forEach(SimpleLock::unlock);
  }

  @Test
  void certificatesForTheNodesAddressesAreAccepted() {
    install(rightName);
    try (RedisLockProvider provider = provider().build()) {
      assertThat(provider.description()).contains(" over TLS,");
      assertLocksOnEveryMaster(provider, "tls-cluster-right-");
    }
  }

  @Test
  void certificatesForAnotherNameAreRefusedUnlessTheCheckIsOff() {
    install(otherName);
    try (RedisLockProvider provider = provider().build()) {
      assertThatThrownBy(
              () -> provider.lock(LockConfiguration.of("tls-cluster-other", Duration.ofMinutes(1))))
          .isInstanceOf(LockException.class)
          .hasMessageContaining("Redis Cluster via 127.0.0.1:" + TLS_PORTS.get(0) + " over TLS")
          .hasMessageContaining("does not name the host");
    }
    try (RedisLockProvider provider = provider().verifyHostname(false).build()) {
      assertThat(provider.description()).contains("over TLS without host name verification");
      assertLocksOnEveryMaster(provider, "tls-cluster-unchecked-");
    }
  }
}
