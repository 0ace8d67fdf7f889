package org.timerlock.cdi.support;

import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import org.timerlock.core.InMemoryLockProvider;
import org.timerlock.core.LockProvider;
import org.timerlock.core.spi.ConfigKey;
import org.timerlock.core.spi.LockProviderFactory;
import org.timerlock.core.spi.ProviderSettings;
import org.timerlock.core.spi.ValueType;

/**
 * A provider module with keys of its own, selected by {@code timerlock.provider=recording}: it
 * notes the value it read, so a test can see which spelling of the key reached the provider. Its
 * keys join the deployment's key catalogue as a real provider's do.
 */
public class RecordingProviderFactory implements LockProviderFactory {

  public static final ConfigKey<String> TABLE_NAME =
      ConfigKey.withDefault(
          "timerlock.recording.table-name", ValueType.TEXT, "locks", "locks", "A table name.");

  /** A whole-number key, so a bad value of a provider nobody selected can be shown to fail. */
  public static final ConfigKey<Integer> POOL_SIZE =
      ConfigKey.withDefault(
          "timerlock.recording.pool-size",
          ValueType.integer(1, 1000),
          8,
          "8",
          "The most connections open to the store.");

  public static final AtomicReference<String> READ = new AtomicReference<>();

  @Override
  public String type() {
    return "recording";
  }

  @Override
  public List<ConfigKey<?>> keys() {
    return List.of(TABLE_NAME, POOL_SIZE);
  }

  @Override
  public LockProvider create(ProviderSettings settings) {
    READ.set(settings.value(TABLE_NAME));
    return new InMemoryLockProvider();
  }
}
