package org.timerlock.redis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.Optional;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.timerlock.core.LockConfiguration;
import org.timerlock.core.LockException;
import org.timerlock.core.SimpleLock;
import org.timerlock.teststores.RedisServerProcess;
import redis.clients.jedis.Jedis;

/**
 * {@code rediss://} against private redis-servers with TLS ports and certificates from a private
 * certificate authority made by openssl: one server's certificate names 127.0.0.1 and localhost,
 * the other's names evil.example. Both are trusted; only the first may be taken for 127.0.0.1 or
 * localhost. Skipped, saying why, when openssl is missing or redis-server was built without TLS.
 */
class TlsTest {

  private static TestCertificates certificates;
  private static RedisServerProcess rightName;
  private static int rightNamePort;
  private static RedisServerProcess otherName;
  private static int otherNamePort;
  private static TestCertificates.Pair otherPair;

  @BeforeAll
  static void start() throws Exception {
    certificates = TestCertificates.create();
    TestCertificates.Pair right =
        certificates.server("right", "localhost", "IP:127.0.0.1,DNS:localhost");
    TestCertificates.Pair other = certificates.server("other", "evil.example", "DNS:evil.example");
    otherPair = other;
    rightNamePort = RedisServerProcess.freePort();
    rightName = launchTls(rightNamePort, right);
    otherNamePort = RedisServerProcess.freePort();
    otherName = launchTls(otherNamePort, other);
  }

  private static RedisServerProcess launchTls(int tlsPort, TestCertificates.Pair pair) {
    try {
      return RedisServerProcess.launch(
          "--tls-port", "" + tlsPort,
          "--tls-cert-file", pair.certificate().toString(),
          "--tls-key-file", pair.key().toString(),
          "--tls-ca-cert-file", certificates.authority().toString(),
          "--tls-auth-clients", "no");
    } catch (IllegalStateException e) {
      Assumptions.abort("redis-server does not start with TLS options (built without TLS?): " + e);
      throw e;
    }
  }

  @AfterAll
  static void stop() {
    for (RedisServerProcess server : new RedisServerProcess[] {rightName, otherName}) {
      if (server != null) {
        server.close();
      }
    }
    if (certificates != null) {
      certificates.delete();
    }
  }

  private static RedisLockProvider.Builder trusting(String host, int port) {
    return RedisLockProvider.builder()
        .uri("rediss://" + host + ":" + port)
        .sslSocketFactory(certificates.trustingFactory());
  }

  private static void assertLocks(RedisLockProvider provider, RedisServerProcess server, String n) {
    LockConfiguration config = LockConfiguration.of(n, Duration.ofMinutes(1));
    Optional<SimpleLock> lock = provider.lock(config);
    assertThat(lock).isPresent();
    try (Jedis plain = new Jedis("127.0.0.1", server.port())) {
      assertThat(plain.get(provider.key(n))).as("written over TLS").isNotNull();
    }
    assertThat(provider.lock(config)).isEmpty();
    lock.get().unlock();
    Optional<SimpleLock> again = provider.lock(config);
    assertThat(again).isPresent();
    again.get().unlock();
  }

  @ParameterizedTest
  @ValueSource(strings = {"127.0.0.1", "localhost"})
  void certificateForTheHostIsAccepted(String host) {
    try (RedisLockProvider provider = trusting(host, rightNamePort).build()) {
      assertThat(provider.description())
          .contains("over TLS")
          .doesNotContain("without host name verification");
      assertLocks(provider, rightName, "right-name-" + host);
    }
  }

  /** The chain is trusted, but the certificate is for evil.example: nothing is sent to it. */
  @ParameterizedTest
  @ValueSource(strings = {"127.0.0.1", "localhost"})
  void certificateForAnotherNameIsRefusedByDefault(String host) {
    String name = "other-name-refused-" + host;
    try (RedisLockProvider provider = trusting(host, otherNamePort).build()) {
      assertThatThrownBy(() -> provider.lock(LockConfiguration.of(name, Duration.ofMinutes(1))))
          .isInstanceOf(LockException.class)
          .hasMessageContaining("Redis at " + host + ":" + otherNamePort + " over TLS")
          .hasMessageContaining("does not name the host")
          .hasMessageContaining("timerlock.redis.verify-hostname=false");
      try (Jedis plain = new Jedis("127.0.0.1", otherName.port())) {
        assertThat(plain.exists(provider.key(name))).as("nothing written").isFalse();
      }
    }
  }

  @Test
  void certificateForAnotherNameIsAcceptedWhenTheCheckIsOff() {
    try (RedisLockProvider provider =
        trusting("127.0.0.1", otherNamePort).verifyHostname(false).build()) {
      assertThat(provider.description()).contains("over TLS without host name verification");
      assertLocks(provider, otherName, "other-name-accepted");
    }
  }

  /**
   * A TLS Sentinel whose certificate names evil.example: the client cannot ask it where the master
   * is, and the message says why (the host name check), not only that no Sentinel answered.
   */
  @Test
  void sentinelWhoseCertificateNamesAnotherHostIsReported() throws Exception {
    int tlsPort = RedisServerProcess.freePort();
    try (RedisServerProcess sentinel = RedisServerProcess.launchSentinel("m1", rightName)) {
      // The Sentinel keeps its configuration file: started again, it serves TLS too.
      sentinel.kill();
      Files.writeString(
          sentinel.directory().resolve("sentinel.conf"),
          String.join(
              "\n",
              "tls-port " + tlsPort,
              "tls-cert-file " + otherPair.certificate(),
              "tls-key-file " + otherPair.key(),
              "tls-ca-cert-file " + certificates.authority(),
              "tls-auth-clients no",
              ""),
          StandardOpenOption.APPEND);
      sentinel.start();
      try (RedisLockProvider provider =
          RedisLockProvider.builder()
              .sentinel("m1", "127.0.0.1:" + tlsPort)
              .ssl(true)
              .sslSocketFactory(certificates.trustingFactory())
              .connectTimeout(Duration.ofSeconds(2))
              .build()) {
        assertThatThrownBy(
                () -> provider.lock(LockConfiguration.of("via-sentinel", Duration.ofMinutes(1))))
            .isInstanceOf(LockException.class)
            .hasMessageContaining("Redis master 'm1' via Sentinel 127.0.0.1:" + tlsPort)
            .hasMessageContaining("TLS handshake failed")
            .hasMessageContaining("does not name the host")
            .hasMessageContaining("127.0.0.1");
      }
    }
  }

  @Test
  void untrustedCertificateIsReported() {
    // The JVM's default trust store does not know the private authority, whatever the name.
    try (RedisLockProvider provider =
        RedisLockProvider.builder().uri("rediss://127.0.0.1:" + rightNamePort).build()) {
      assertThatThrownBy(
              () -> provider.lock(LockConfiguration.of("untrusted", Duration.ofMinutes(1))))
          .isInstanceOf(LockException.class)
          .hasMessageContaining("Redis at 127.0.0.1:" + rightNamePort + " over TLS")
          .hasMessageContaining("TLS handshake failed");
    }
  }
}
