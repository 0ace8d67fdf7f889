package org.timerlock.redis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.security.cert.Certificate;
import java.security.cert.CertificateFactory;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManagerFactory;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.timerlock.core.LockConfiguration;
import org.timerlock.core.LockException;
import org.timerlock.core.SimpleLock;
import redis.clients.jedis.Jedis;

/**
 * {@code rediss://} against a private redis-server with a TLS port and a self-signed certificate
 * made by openssl. Skipped, saying why, when openssl is missing or redis-server was built without
 * TLS.
 */
class TlsTest {

  private static RedisServerProcess server;
  private static int tlsPort;
  private static SSLContext trusting;

  @BeforeAll
  static void start() throws Exception {
    Assumptions.assumeTrue(
        onPath("openssl"), "openssl is not installed: the TLS test needs it to make a certificate");
    Path dir = Files.createTempDirectory("timerlock-redis-tls-");
    RedisServerProcess.run(
        List.of(
            "openssl",
            "req",
            "-x509",
            "-newkey",
            "rsa:2048",
            "-nodes",
            "-days",
            "1",
            "-subj",
            "/CN=localhost",
            "-addext",
            "subjectAltName=IP:127.0.0.1,DNS:localhost",
            "-keyout",
            dir.resolve("key.pem").toString(),
            "-out",
            dir.resolve("cert.pem").toString()));
    tlsPort = RedisServerProcess.freePort();
    try {
      server =
          RedisServerProcess.launch(
              "--tls-port", "" + tlsPort,
              "--tls-cert-file", dir.resolve("cert.pem").toString(),
              "--tls-key-file", dir.resolve("key.pem").toString(),
              "--tls-ca-cert-file", dir.resolve("cert.pem").toString(),
              "--tls-auth-clients", "no");
    } catch (IllegalStateException e) {
      Assumptions.abort("redis-server does not start with TLS options (built without TLS?): " + e);
    }
    KeyStore trust = KeyStore.getInstance(KeyStore.getDefaultType());
    trust.load(null, null);
    try (InputStream pem = Files.newInputStream(dir.resolve("cert.pem"))) {
      Certificate certificate = CertificateFactory.getInstance("X.509").generateCertificate(pem);
      trust.setCertificateEntry("redis", certificate);
    }
    TrustManagerFactory managers =
        TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
    managers.init(trust);
    trusting = SSLContext.getInstance("TLS");
    trusting.init(null, managers.getTrustManagers(), null);
  }

  @AfterAll
  static void stop() {
    if (server != null) {
      server.close();
    }
  }

  private static boolean onPath(String binary) {
    for (String dir : System.getenv().getOrDefault("PATH", "").split(":")) {
      if (!dir.isEmpty() && Files.isExecutable(Path.of(dir, binary))) {
        return true;
      }
    }
    return false;
  }

  @Test
  void locksOverTls() {
    try (RedisLockProvider provider =
        RedisLockProvider.builder()
            .uri("rediss://127.0.0.1:" + tlsPort)
            .sslSocketFactory(trusting.getSocketFactory())
            .build()) {
      assertThat(provider.description()).contains("over TLS");
      LockConfiguration config = LockConfiguration.of("over-tls", Duration.ofMinutes(1));
      Optional<SimpleLock> lock = provider.lock(config);
      assertThat(lock).isPresent();
      try (Jedis plain = new Jedis("127.0.0.1", server.port())) {
        assertThat(plain.get("job-lock:default:over-tls")).as("written over TLS").isNotNull();
      }
      assertThat(provider.lock(config)).isEmpty();
      lock.get().unlock();
      Optional<SimpleLock> again = provider.lock(config);
      assertThat(again).isPresent();
      again.get().unlock();
    }
  }

  @Test
  void untrustedCertificateIsReported() {
    try (RedisLockProvider provider =
        RedisLockProvider.builder().uri("rediss://127.0.0.1:" + tlsPort).build()) {
      assertThatThrownBy(
              () -> provider.lock(LockConfiguration.of("untrusted", Duration.ofMinutes(1))))
          .isInstanceOf(LockException.class)
          .hasMessageContaining("Redis at 127.0.0.1:" + tlsPort + " over TLS")
          .hasMessageContaining("TLS handshake failed");
    }
  }
}
