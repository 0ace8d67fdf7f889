package org.timerlock.teststores;

import org.testcontainers.containers.GenericContainer;
import org.testcontainers.containers.wait.strategy.Wait;
import org.testcontainers.utility.DockerImageName;

/** PostgreSQL, database {@code test}, user {@code postgres}, trust authentication. */
final class PostgresStore extends TestStore.Database {

  PostgresStore() {
    super(
        "PostgreSQL",
        "TIMERLOCK_TEST_POSTGRES_URL",
        "jdbc:postgresql://127.0.0.1:5432/test",
        "postgres",
        5432);
  }

  @Override
  GenericContainer<?> container() {
    return new GenericContainer<>(DockerImageName.parse("postgres:16-alpine"))
        .withEnv("POSTGRES_HOST_AUTH_METHOD", "trust")
        .withEnv("POSTGRES_DB", "test")
        .waitingFor(Wait.forLogMessage(".*database system is ready to accept connections.*", 2));
  }

  @Override
  PrivateServer privateServer() {
    return PostgresServer.start();
  }

  /** A schema, made the connection's current schema through the URL. */
  @Override
  Namespace namespace(StoreAddress server, String namespace) {
    String url = server.url();
    return new Namespace(
        url + (url.contains("?") ? "&" : "?") + "currentSchema=" + namespace,
        "CREATE SCHEMA " + namespace,
        "DROP SCHEMA " + namespace + " CASCADE");
  }
}
