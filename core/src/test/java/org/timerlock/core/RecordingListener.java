package org.timerlock.core;

import java.time.Duration;
import java.util.List;
import java.util.OptionalLong;
import java.util.concurrent.CopyOnWriteArrayList;

/** Records listener calls as readable lines, in order. */
final class RecordingListener implements LockListener {
  final List<String> calls = new CopyOnWriteArrayList<>();
  volatile Duration lastRanFor;
  volatile Throwable lastTaskFailure;
  volatile LockException lastStoreFailure;

  @Override
  public void acquired(LockConfiguration c, OptionalLong fencingToken) {
    calls.add("acquired " + c.name());
  }

  @Override
  public void skipped(LockConfiguration c) {
    calls.add("skipped " + c.name());
  }

  @Override
  public void alreadyRan(LockConfiguration c) {
    calls.add("already ran " + c.name() + " " + c.fireInstant());
  }

  @Override
  public void paused(LockConfiguration c) {
    calls.add("paused " + c.name() + " " + c.fireInstant());
  }

  @Override
  public void released(
      LockConfiguration c, OptionalLong fencingToken, Duration ranFor, Throwable failure) {
    lastRanFor = ranFor;
    lastTaskFailure = failure;
    calls.add("released " + c.name() + (failure == null ? "" : " after " + failure.getMessage()));
  }

  @Override
  public void storeFailure(LockConfiguration c, StoreOperation operation, LockException failure) {
    lastStoreFailure = failure;
    calls.add("store failure " + operation + " " + c.name());
  }
}
