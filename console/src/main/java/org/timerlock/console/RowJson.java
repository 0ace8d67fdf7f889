package org.timerlock.console;

import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.timerlock.core.admin.LockInfo;
import org.timerlock.core.admin.RunRecord;

/**
 * Writes a row, or a run, as the page and scripts read it. Texts that come from a job (error
 * messages) or an operator (who paused) are cut to a bound here, whatever the store kept, so one
 * row can never make a response large.
 */
final class RowJson {

  /** The longest error message or other free text a row carries, in characters. */
  static final int MAX_TEXT = 500;

  private static final Pattern CODE = Pattern.compile("TIMERLOCK-\\d{3}");

  private RowJson() {}

  static void write(Json json, LockRow row) {
    json.beginObject()
        .field("name", row.name())
        .field("state", row.state().name())
        .field("overdueSlot", row.overdueSlot());
    Jobs.Job job = row.job();
    if (job != null) {
      json.field("method", job.method())
          .field("schedule", job.schedule())
          .field("zone", job.zone())
          .field("source", job.source())
          .field("nextSlot", job.nextSlot())
          .field("enabled", job.enabled());
    } else {
      json.field("source", "store");
    }
    LockInfo lock = row.lock();
    if (lock != null) {
      json.field("owner", bounded(lock.owner()))
          .field("node", bounded(lock.nodeId()))
          .field("held", lock.held())
          .field("lockedAt", lock.lockedAt())
          .field("lockUntil", lock.lockUntil())
          .field("lastFire", lock.lastFire())
          .field("fencingToken", lock.fencingToken());
      if (lock.pause() != null) {
        json.name("pause")
            .beginObject()
            .field("until", lock.pause().until())
            .field("by", bounded(lock.pause().by()))
            .endObject();
      }
      if (lock.lastRun() != null) {
        json.name("lastRun");
        run(json, lock.lastRun());
      }
    }
    json.endObject();
  }

  static void run(Json json, RunRecord run) {
    json.beginObject()
        .field("fire", run.fire())
        .field("node", bounded(run.nodeId()))
        .field("started", run.started())
        .field("ended", run.ended())
        .field("durationMillis", run.duration().toMillis())
        .field("outcome", run.outcome().name())
        .field("kind", run.kind().name())
        .field("errorClass", bounded(run.errorClass()))
        .field("errorMessage", bounded(run.errorMessage()))
        .field("errorCode", codeOf(run.errorMessage()))
        .endObject();
  }

  /** The first TimerLock message code in a text, for the link to its troubleshooting entry. */
  static String codeOf(String text) {
    if (text == null) {
      return null;
    }
    Matcher code = CODE.matcher(bounded(text));
    return code.find() ? code.group() : null;
  }

  static String bounded(String text) {
    if (text == null || text.length() <= MAX_TEXT) {
      return text;
    }
    return text.substring(0, MAX_TEXT) + "… (" + text.length() + " characters)";
  }
}
