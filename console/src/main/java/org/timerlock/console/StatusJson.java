package org.timerlock.console;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Properties;
import org.timerlock.core.admin.LockAdmin;
import org.timerlock.core.admin.RunRecord;

/**
 * The console's JSON documents: the status (header and one page of rows) and one lock with its
 * history. The caller's role and session token travel with the status, so the page knows which
 * actions to offer and can sign them. The status also carries this node's clock offset against the
 * store's, at the cost of one read of the store's time (which writes nothing) per refresh.
 */
final class StatusJson {

  /** The most history records one lock page shows. */
  static final int HISTORY = 100;

  static final String VERSION = version();

  private StatusJson() {}

  /**
   * The status.
   *
   * @param rows the rows read
   * @param offset the first row of the page
   * @param limit the page size asked for (bounded by {@link LockRows#MAX_VIEW})
   * @param caller who asks, and may they act
   * @param token the caller's anti-forgery token
   * @param store the store's description
   * @param jobs the deployment's jobs
   * @param clock this node's clock offset against the store's; null when the store cannot tell
   * @return the document
   */
  static String status(
      LockRows rows,
      int offset,
      int limit,
      Caller caller,
      String token,
      String store,
      Jobs jobs,
      ClockOffset clock) {
    Json json = new Json().beginObject();
    header(json, caller, token, store, jobs);
    if (clock != null) {
      json.name("clock")
          .beginObject()
          .field("offsetMillis", clock.offset().toMillis())
          .field("roundTripMillis", clock.roundTrip().toMillis())
          .field("boundMillis", ClockOffset.BOUND.toMillis())
          .field("beyondBound", clock.beyondBound())
          .endObject();
    }
    json.field("total", rows.total()).field("offset", Math.max(offset, 0));
    json.field("truncated", rows.truncated());
    json.name("nodes").beginArray();
    rows.nodes().forEach(json::value);
    json.endArray();
    json.name("locks").beginArray();
    rows.page(offset, limit).forEach(row -> RowJson.write(json, row));
    return json.endArray().endObject().toString();
  }

  /**
   * One lock and its history.
   *
   * @param row the lock
   * @param admin the store's admin, for the history
   * @param caller who asks
   * @param token the caller's anti-forgery token
   * @param store the store's description
   * @param jobs the deployment's jobs
   * @return the document
   */
  static String lock(
      LockRow row, LockAdmin admin, Caller caller, String token, String store, Jobs jobs) {
    Json json = new Json().beginObject();
    header(json, caller, token, store, jobs);
    json.name("lock");
    RowJson.write(json, row);
    boolean history = admin.keepsHistory();
    json.field("keepsHistory", history);
    json.name("history").beginArray();
    if (history) {
      for (RunRecord run : admin.history(row.name(), HISTORY)) {
        RowJson.run(json, run);
      }
    }
    return json.endArray().endObject().toString();
  }

  private static void header(Json json, Caller caller, String token, String store, Jobs jobs) {
    json.field("version", VERSION)
        .field("store", store)
        .field("user", RowJson.bounded(caller.name()))
        .field("operator", caller.operator())
        .field("canRunNow", caller.operator() && jobs.canRunNow())
        .field("token", token);
  }

  private static String version() {
    Properties properties = new Properties();
    try (InputStream in = StatusJson.class.getResourceAsStream("version.properties")) {
      if (in != null) {
        properties.load(in);
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return properties.getProperty("version", "unknown");
  }
}
