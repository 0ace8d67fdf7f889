package org.timerlock.core;

import org.timerlock.core.spi.LockProviderFactory;
import org.timerlock.core.spi.ProviderSettings;

/** Selected by {@code timerlock.provider=in-memory}: locks in this JVM only. */
public final class InMemoryLockProviderFactory implements LockProviderFactory {

  /** Creates the factory; called by {@link java.util.ServiceLoader}. */
  public InMemoryLockProviderFactory() {}

  @Override
  public String type() {
    return "in-memory";
  }

  @Override
  public LockProvider create(ProviderSettings settings) {
    return new InMemoryLockProvider(settings.nodeId());
  }
}
