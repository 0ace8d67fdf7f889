package org.timerlock.testkit.stores;

import java.time.Duration;
import org.testcontainers.DockerClientFactory;
import org.testcontainers.containers.GenericContainer;
import org.testcontainers.containers.wait.strategy.Wait;
import org.testcontainers.utility.DockerImageName;

/** The Testcontainers side of the rule, used only when a Docker engine answers. */
final class Containers {

  private Containers() {}

  static boolean dockerAvailable() {
    try {
      return DockerClientFactory.instance().isDockerAvailable();
    } catch (RuntimeException | LinkageError e) {
      return false;
    }
  }

  @SuppressWarnings("resource") // stopped by Testcontainers when the JVM ends
  static StoreAddress start(StoreKind kind) {
    GenericContainer<?> container =
        switch (kind) {
          case POSTGRES ->
              new GenericContainer<>(DockerImageName.parse("postgres:16-alpine"))
                  .withEnv("POSTGRES_HOST_AUTH_METHOD", "trust")
                  .withEnv("POSTGRES_DB", "test")
                  .waitingFor(
                      Wait.forLogMessage(".*database system is ready to accept connections.*", 2));
          case MARIADB ->
              new GenericContainer<>(DockerImageName.parse("mariadb:11"))
                  .withEnv("MARIADB_ALLOW_EMPTY_ROOT_PASSWORD", "1")
                  .withEnv("MARIADB_DATABASE", "test")
                  .waitingFor(Wait.forLogMessage(".*ready for connections.*", 2));
          case REDIS ->
              new GenericContainer<>(DockerImageName.parse("redis:7-alpine"))
                  .waitingFor(Wait.forListeningPort());
        };
    container.withExposedPorts(kind.port()).withStartupTimeout(Duration.ofMinutes(3)).start();
    String hostAndPort = container.getHost() + ":" + container.getMappedPort(kind.port());
    String url = kind.localDefault().replace("127.0.0.1:" + kind.port(), hostAndPort);
    return new StoreAddress(kind, url, kind.defaultUser(), null, "Testcontainers");
  }
}
