package org.timerlock.cdi.ops;

import java.util.Optional;
import org.timerlock.core.LockConfiguration;
import org.timerlock.core.LockException;
import org.timerlock.core.LockProvider;
import org.timerlock.core.SimpleLock;
import org.timerlock.core.admin.LockAdmin;
import org.timerlock.core.admin.LockInfo;
import org.timerlock.core.admin.LockPage;

/**
 * A provider whose store is down: every lock call and every admin look-up fails as a refused
 * connection does, so the readiness check can be seen to turn DOWN without a real store client.
 */
final class UnreachableStore implements LockProvider, LockAdmin {

  static final String ADDRESS = "127.0.0.1:1";

  @Override
  public Optional<SimpleLock> lock(LockConfiguration configuration) {
    throw refused();
  }

  @Override
  public String description() {
    return "store at " + ADDRESS;
  }

  @Override
  public Optional<LockAdmin> admin() {
    return Optional.of(this);
  }

  @Override
  public LockPage list(String cursor, int limit) {
    throw refused();
  }

  @Override
  public Optional<LockInfo> find(String name) {
    throw refused();
  }

  @Override
  public boolean release(String name, String owner) {
    throw refused();
  }

  private static LockException refused() {
    return new LockException("lock store at " + ADDRESS + " refused the connection");
  }
}
