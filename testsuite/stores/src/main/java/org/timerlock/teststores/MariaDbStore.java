package org.timerlock.teststores;

import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.testcontainers.containers.GenericContainer;
import org.testcontainers.containers.wait.strategy.Wait;
import org.testcontainers.utility.DockerImageName;

/** MariaDB (or MySQL), database {@code test}, user {@code root} without password. */
final class MariaDbStore extends TestStore.Database {

  private static final Pattern URL =
      Pattern.compile("^(jdbc:(?:mariadb|mysql)://[^/?]+)(/[^?]*)?(\\?.*)?$");

  MariaDbStore() {
    super(
        "MariaDB",
        "TIMERLOCK_TEST_MARIADB_URL",
        "jdbc:mariadb://127.0.0.1:3306/test",
        "root",
        3306);
  }

  @Override
  GenericContainer<?> container() {
    return new GenericContainer<>(DockerImageName.parse("mariadb:11"))
        .withEnv("MARIADB_ALLOW_EMPTY_ROOT_PASSWORD", "1")
        .withEnv("MARIADB_DATABASE", "test")
        .waitingFor(Wait.forLogMessage(".*ready for connections.*", 2));
  }

  @Override
  PrivateServer privateServer() {
    return MariaDbServer.start();
  }

  /** A database (MySQL's schemas are databases), named in the URL in place of the server's. */
  @Override
  Namespace namespace(StoreAddress server, String namespace) {
    Matcher m = URL.matcher(server.url());
    if (!m.matches()) {
      throw new IllegalArgumentException(
          "Not a MariaDB/MySQL JDBC URL: " + server + "; expected jdbc:mariadb://host:port/db");
    }
    return new Namespace(
        m.group(1) + "/" + namespace + (m.group(3) == null ? "" : m.group(3)),
        "CREATE DATABASE " + namespace,
        "DROP DATABASE " + namespace);
  }
}
