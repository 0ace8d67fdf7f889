package org.timerlock.testkit;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.timerlock.core.LockConfiguration;
import org.timerlock.core.LockException;
import org.timerlock.core.LockListener;
import org.timerlock.core.StoreOperation;

/** A listener that keeps every store failure the executor reports, for tests to assert on. */
public final class StoreFailureRecorder implements LockListener {

  private final List<LockException> failures = new CopyOnWriteArrayList<>();

  /** Creates an empty recorder. */
  public StoreFailureRecorder() {}

  @Override
  public void storeFailure(
      LockConfiguration configuration, StoreOperation operation, LockException failure) {
    failures.add(failure);
  }

  /**
   * The failures reported so far, oldest first.
   *
   * @return a snapshot
   */
  public List<LockException> failures() {
    return List.copyOf(failures);
  }
}
