package org.timerlock.servertests;

import jakarta.inject.Inject;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import java.util.List;
import java.util.Objects;
import org.timerlock.core.admin.LockAdmin;
import org.timerlock.core.admin.LockInfo;
import org.timerlock.core.admin.RunRecord;

/**
 * {@code /api/accounting}: what {@link FireAccountingTests} asks a node, over HTTP from the test
 * JVM. It runs the failing task here, reads a lock's last run through this node's {@link
 * LockAdmin}, and lists the missed slots this node reported.
 */
@Path("accounting")
public class AccountingProbe {

  @Inject FailingTask task;
  @Inject LockAdmin admin;

  /**
   * A lock's last run as the store keeps it; the fields are null when it never ran.
   *
   * @param node the node that ran it
   * @param outcome e.g. {@code FAILED}
   * @param errorClass the class of what the job threw
   * @param errorMessage its message, as stored (escaped, secrets masked)
   */
  public record LastRun(String node, String outcome, String errorClass, String errorMessage) {

    static LastRun of(RunRecord run) {
      return new LastRun(run.nodeId(), run.outcome().name(), run.errorClass(), run.errorMessage());
    }
  }

  /**
   * Runs {@link FailingTask} on this node.
   *
   * @return the class of what it threw
   */
  @POST
  @Path("failure")
  @Produces(MediaType.TEXT_PLAIN)
  public String fail() {
    try {
      task.run();
      return "no failure";
    } catch (RuntimeException e) {
      return e.getClass().getName();
    }
  }

  /**
   * A lock's last run, read from the store by this node.
   *
   * @param name the lock name
   * @return the last run; all nulls when the lock has none
   */
  @GET
  @Path("last-run/{name}")
  @Produces(MediaType.APPLICATION_JSON)
  public LastRun lastRun(@PathParam("name") String name) {
    return admin
        .find(name)
        .map(LockInfo::lastRun)
        .filter(Objects::nonNull)
        .map(LastRun::of)
        .orElse(new LastRun(null, null, null, null));
  }

  /**
   * The slots of a lock this node reported as missed.
   *
   * @param name the lock name
   * @return the slots, as ISO-8601 instants, in the order reported
   */
  @GET
  @Path("missed/{name}")
  @Produces(MediaType.APPLICATION_JSON)
  public List<String> missed(@PathParam("name") String name) {
    return MissedSlots.of(name).stream().map(String::valueOf).toList();
  }
}
