package org.timerlock.redis;

import java.time.DateTimeException;
import java.time.Instant;
import java.util.List;
import org.timerlock.core.OwnerIds;
import org.timerlock.core.RunEnd;
import org.timerlock.core.RunKind;
import org.timerlock.core.RunOutcome;
import org.timerlock.core.admin.RunRecord;

/**
 * The last run of a lock as the state hash keeps it: what the release script is given to write
 * ({@link #arguments}) and how the inspect script's reading turns back into a {@link RunRecord}
 * ({@link #read}). Both sides live here so that the field layout is defined once.
 *
 * <p>The fields: {@code run_outcome} (SUCCEEDED, FAILED, LOCK_LOST; MISSED in the history only),
 * {@code run_kind} (SCHEDULED, MANUAL, CATCH_UP; read as SCHEDULED when empty, as releases before
 * the kind was recorded left it), {@code run_node}, {@code run_fire} (epoch ms, empty for a plain
 * call), {@code run_started} and {@code run_ended} (epoch ms, the server's clock), {@code
 * run_error_class} and {@code run_error_message} (empty unless the run failed; the message as
 * {@link RunEnd#failed} made it safe). Empty values, not missing fields, so that one HSET replaces
 * the whole record. The history stream's entries have the same fields.
 */
final class RunFields {

  /** The outcome argument that tells the release script to record nothing. */
  static final String NONE = "";

  /** The hash fields of a run, in the order {@link #read} expects them. */
  static final List<String> FIELDS =
      List.of(
          "run_outcome",
          "run_kind",
          "run_node",
          "run_fire",
          "run_started",
          "run_ended",
          "run_error_class",
          "run_error_message");

  private RunFields() {}

  /**
   * ARGV[3..8] of the release script.
   *
   * @param end how the run ended
   * @param owner the acquisition's owner value, whose node id is recorded
   * @param fire the fire in epoch ms, or null for a plain call
   * @param kind what started the run
   * @return outcome, node, fire, error class, error message, kind; empty strings for what is absent
   */
  static List<String> arguments(RunEnd end, String owner, Long fire, RunKind kind) {
    return List.of(
        end.outcome().name(),
        OwnerIds.nodeIdOf(owner),
        fire == null ? "" : Long.toString(fire),
        orEmpty(end.errorClass()),
        orEmpty(end.errorMessage()),
        kind.name());
  }

  /**
   * The run from the values of {@link #FIELDS}, in that order, empty strings for missing fields.
   *
   * @return the run, or null when none was recorded or a value is not what a release writes (a hash
   *     edited by hand)
   */
  static RunRecord read(List<?> values) {
    String outcome = String.valueOf(values.get(0));
    if (outcome.isEmpty()) {
      return null;
    }
    String kind = String.valueOf(values.get(1));
    try {
      return new RunRecord(
          instantOrNull(String.valueOf(values.get(3))),
          String.valueOf(values.get(2)),
          Instant.ofEpochMilli(Long.parseLong(String.valueOf(values.get(4)))),
          Instant.ofEpochMilli(Long.parseLong(String.valueOf(values.get(5)))),
          RunOutcome.valueOf(outcome),
          kind.isEmpty() ? RunKind.SCHEDULED : RunKind.valueOf(kind),
          emptyToNull(String.valueOf(values.get(6))),
          emptyToNull(String.valueOf(values.get(7))));
    } catch (IllegalArgumentException | DateTimeException e) {
      return null;
    }
  }

  /** An epoch-ms value of the state hash, or null when it is empty. */
  static Instant instantOrNull(String epochMillis) {
    return epochMillis.isEmpty() ? null : Instant.ofEpochMilli(Long.parseLong(epochMillis));
  }

  private static String orEmpty(String text) {
    return text == null ? "" : text;
  }

  private static String emptyToNull(String text) {
    return text.isEmpty() ? null : text;
  }
}
