package org.timerlock.teststores;

import java.util.EnumMap;
import java.util.Map;
import java.util.function.BooleanSupplier;
import java.util.function.UnaryOperator;

/**
 * Applies the rule: environment variable, else a container when Docker answers, else the local
 * default. Containers are started once per JVM and per kind, and stopped by Testcontainers' reaper.
 */
final class StoreLocator {

  private final UnaryOperator<String> environment;
  private final BooleanSupplier dockerAvailable;
  private final Map<StoreKind, StoreAddress> containers = new EnumMap<>(StoreKind.class);

  StoreLocator(UnaryOperator<String> environment, BooleanSupplier dockerAvailable) {
    this.environment = environment;
    this.dockerAvailable = dockerAvailable;
  }

  synchronized StoreAddress locate(StoreKind kind) {
    String configured = environment.apply(kind.variable());
    if (configured != null && !configured.isBlank()) {
      return new StoreAddress(
          kind,
          configured.trim(),
          environment.apply(kind.variable() + "_USER"),
          environment.apply(kind.variable() + "_PASSWORD"),
          "from " + kind.variable());
    }
    if (dockerAvailable.getAsBoolean()) {
      return containers.computeIfAbsent(kind, Containers::start);
    }
    return new StoreAddress(
        kind, kind.localDefault(), kind.store().defaultUser(), null, "local default");
  }
}
