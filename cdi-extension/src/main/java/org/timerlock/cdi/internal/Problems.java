package org.timerlock.cdi.internal;

import java.util.ArrayList;
import java.util.List;

/** Deployment problems, collected while scanning and reported together at the end. */
final class Problems {

  private final List<String> messages = new ArrayList<>();

  void add(LockCandidate candidate, String problem) {
    messages.add("@SchedulerLock on " + candidate.where() + ": " + problem);
  }

  void add(String problem) {
    messages.add(problem);
  }

  List<String> messages() {
    return List.copyOf(messages);
  }

  boolean isEmpty() {
    return messages.isEmpty();
  }
}
