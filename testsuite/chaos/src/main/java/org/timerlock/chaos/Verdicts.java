package org.timerlock.chaos;

import java.util.ArrayList;
import java.util.List;

/**
 * The promises a guarded run must keep, as far as the provider claims the features for them and the
 * store keeps what they need: a Redis without persistence forgets the fires it granted when it
 * restarts, so fires that ran twice there are reported, not judged.
 */
public final class Verdicts {

  private Verdicts() {}

  /**
   * What a guarded run got wrong.
   *
   * @param guarded the report of a {@link Mode#GUARDED} run
   * @return the broken promises, empty when none
   */
  public static List<String> problems(RunReport guarded) {
    List<String> problems = new ArrayList<>();
    String where = guarded.store().label() + ", " + guarded.mode().label();
    if (guarded.features().contains("FIRE_GUARD")
        && guarded.store().guardSurvivesFaults()
        && guarded.fires().runTwice() > 0) {
      problems.add(
          where
              + ": "
              + guarded.fires().runTwice()
              + " fires ran twice, e.g. "
              + guarded.fires().duplicateSamples());
    }
    if (guarded.features().contains("FENCING_TOKENS")
        && (guarded.writes().staleAccepted() > 0 || guarded.writes().appliedBelowToken() > 0)) {
      problems.add(
          where
              + ": "
              + guarded.writes().staleAccepted()
              + " stale writes were accepted ("
              + guarded.writes().appliedBelowToken()
              + " with a token below an applied one)");
    }
    return problems;
  }
}
