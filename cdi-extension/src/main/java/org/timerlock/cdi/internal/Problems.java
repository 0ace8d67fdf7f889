package org.timerlock.cdi.internal;

import java.util.ArrayList;
import java.util.List;
import org.timerlock.core.spi.MessageCode;

/** Deployment problems, collected while scanning and reported together at the end. */
final class Problems {

  private final List<TimerLockDeploymentProblem> problems = new ArrayList<>();

  /** A problem of one locked method; the problem's code stays first. */
  void add(LockCandidate candidate, String problem) {
    add(MessageCode.inContext("@SchedulerLock on " + candidate.where() + ": ", problem));
  }

  void add(String problem) {
    problems.add(new TimerLockDeploymentProblem(problem));
  }

  /** A problem found by catching an exception, which goes with it so that the log shows it. */
  void add(String problem, Throwable cause) {
    problems.add(new TimerLockDeploymentProblem(problem, cause));
  }

  List<TimerLockDeploymentProblem> all() {
    return List.copyOf(problems);
  }

  int size() {
    return problems.size();
  }

  boolean isEmpty() {
    return problems.isEmpty();
  }
}
