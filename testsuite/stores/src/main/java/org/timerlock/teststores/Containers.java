package org.timerlock.teststores;

import java.time.Duration;
import org.testcontainers.DockerClientFactory;
import org.testcontainers.containers.GenericContainer;

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
    TestStore store = kind.store();
    GenericContainer<?> container = store.container();
    container.withExposedPorts(store.port()).withStartupTimeout(Duration.ofMinutes(3)).start();
    return kind.addressAt(
        container.getHost() + ":" + container.getMappedPort(store.port()), "Testcontainers");
  }
}
