package org.timerlock.redis;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.cert.Certificate;
import java.security.cert.CertificateFactory;
import java.util.List;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLSocketFactory;
import javax.net.ssl.TrustManagerFactory;
import org.junit.jupiter.api.Assumptions;
import org.timerlock.teststores.RedisServerProcess;

/**
 * A private certificate authority made by openssl in a temporary directory, and server certificates
 * it signs: one for the names the tests connect to ({@code 127.0.0.1}, {@code localhost}) and one
 * for another name ({@code evil.example}), trusted all the same.
 */
final class TestCertificates {

  /** A key and a certificate signed by the private authority. */
  record Pair(Path certificate, Path key) {}

  private final Path directory;
  private final Path authority;

  private TestCertificates(Path directory) {
    this.directory = directory;
    this.authority = directory.resolve("ca.pem");
  }

  /** Makes the authority; aborts the test, saying why, when openssl is missing. */
  static TestCertificates create() {
    Assumptions.assumeTrue(
        onPath("openssl"), "openssl is not installed: the TLS tests need it to make certificates");
    try {
      TestCertificates certificates =
          new TestCertificates(Files.createTempDirectory("timerlock-redis-ca-"));
      certificates.openssl(
          "req",
          "-x509",
          "-newkey",
          "rsa:2048",
          "-nodes",
          "-days",
          "1",
          "-subj",
          "/CN=TimerLock test CA",
          "-addext",
          "basicConstraints=critical,CA:TRUE",
          "-addext",
          "keyUsage=critical,keyCertSign,cRLSign",
          "-keyout",
          certificates.directory.resolve("ca.key").toString(),
          "-out",
          certificates.authority.toString());
      return certificates;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The authority's certificate, for redis-server's {@code --tls-ca-cert-file}. */
  Path authority() {
    return authority;
  }

  /**
   * A server certificate signed by the authority.
   *
   * @param file the file name stem
   * @param commonName the subject's CN
   * @param subjectAltNames e.g. {@code IP:127.0.0.1,DNS:localhost}
   */
  Pair server(String file, String commonName, String subjectAltNames) {
    try {
      Path key = directory.resolve(file + ".key");
      Path request = directory.resolve(file + ".csr");
      Path extensions = directory.resolve(file + ".ext");
      Path certificate = directory.resolve(file + ".pem");
      openssl(
          "req",
          "-newkey",
          "rsa:2048",
          "-nodes",
          "-subj",
          "/CN=" + commonName,
          "-keyout",
          key.toString(),
          "-out",
          request.toString());
      Files.writeString(extensions, "subjectAltName=" + subjectAltNames + "\n");
      openssl(
          "x509",
          "-req",
          "-in",
          request.toString(),
          "-CA",
          authority.toString(),
          "-CAkey",
          directory.resolve("ca.key").toString(),
          "-CAcreateserial",
          "-days",
          "1",
          "-extfile",
          extensions.toString(),
          "-out",
          certificate.toString());
      return new Pair(certificate, key);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * A socket factory trusting the private authority only. Every call makes a new TLS context, so
   * that no provider resumes a session another one negotiated with a server's former certificate.
   */
  SSLSocketFactory trustingFactory() {
    try {
      KeyStore trust = KeyStore.getInstance(KeyStore.getDefaultType());
      trust.load(null, null);
      try (InputStream pem = Files.newInputStream(authority)) {
        Certificate certificate = CertificateFactory.getInstance("X.509").generateCertificate(pem);
        trust.setCertificateEntry("timerlock-test-ca", certificate);
      }
      TrustManagerFactory managers =
          TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
      managers.init(trust);
      SSLContext context = SSLContext.getInstance("TLS");
      context.init(null, managers.getTrustManagers(), null);
      return context.getSocketFactory();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException(e);
    }
  }

  /** Deletes the directory. */
  void delete() {
    try (java.util.stream.Stream<Path> files = Files.walk(directory)) {
      files.sorted(java.util.Comparator.reverseOrder()).forEach(path -> path.toFile().delete());
    } catch (IOException e) {
      // a leftover temporary directory is harmless
    }
  }

  private void openssl(String... arguments) {
    List<String> command = new java.util.ArrayList<>();
    command.add("openssl");
    command.addAll(List.of(arguments));
    RedisServerProcess.run(command);
  }

  static boolean onPath(String binary) {
    for (String dir : System.getenv().getOrDefault("PATH", "").split(":")) {
      if (!dir.isEmpty() && Files.isExecutable(Path.of(dir, binary))) {
        return true;
      }
    }
    return false;
  }
}
