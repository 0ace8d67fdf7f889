package org.timerlock.servertests;

import jakarta.inject.Inject;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import java.util.List;
import org.timerlock.cdi.LockedJobs;
import org.timerlock.core.admin.LockAdmin;
import org.timerlock.core.admin.RunRecord;

/**
 * {@code /api/operations}: what an operator's tool would call, for {@link OperationsTests} to call
 * on one node over HTTP: pause and resume a lock through this node's {@link LockAdmin}, run a job
 * now through {@link LockedJobs}, and read a lock's run history from the store.
 */
@Path("operations")
public class OperationsProbe {

  /** Who the test's operations are made by, as the audit names them. */
  public static final String BY = "ops-test";

  @Inject LockAdmin admin;
  @Inject LockedJobs jobs;

  /**
   * One record of a lock's history.
   *
   * @param fire the slot it served, ISO-8601; null for a manual run
   * @param node the node that ran it (or found the slot missed)
   * @param outcome e.g. {@code SUCCEEDED} or {@code MISSED}
   * @param kind {@code SCHEDULED}, {@code MANUAL} or {@code CATCH_UP}
   */
  public record Entry(String fire, String node, String outcome, String kind) {

    static Entry of(RunRecord run) {
      return new Entry(
          run.fire() == null ? null : run.fire().toString(),
          run.nodeId(),
          run.outcome().name(),
          run.kind().name());
    }
  }

  /**
   * Pauses a lock on every node until resumed.
   *
   * @param name the lock name
   * @return {@code paused} once the store has the pause
   */
  @POST
  @Path("pause/{name}")
  @Produces(MediaType.TEXT_PLAIN)
  public String pause(@PathParam("name") String name) {
    return admin.pause(name, null, BY).paused() ? "paused" : "not paused";
  }

  /**
   * Ends a lock's pause.
   *
   * @param name the lock name
   * @return whether there was a pause to end
   */
  @POST
  @Path("resume/{name}")
  @Produces(MediaType.TEXT_PLAIN)
  public String resume(@PathParam("name") String name) {
    return Boolean.toString(admin.resume(name, BY));
  }

  /**
   * Runs a job now on this node.
   *
   * @param name the lock name
   * @return the outcome's name, e.g. {@code STARTED}
   */
  @POST
  @Path("run-now/{name}")
  @Produces(MediaType.TEXT_PLAIN)
  public String runNow(@PathParam("name") String name) {
    return jobs.runNow(name, BY).outcome().name();
  }

  /**
   * A lock's run history, newest first.
   *
   * @param name the lock name
   * @return its records
   */
  @GET
  @Path("history/{name}")
  @Produces(MediaType.APPLICATION_JSON)
  public List<Entry> history(@PathParam("name") String name) {
    return admin.history(name, LockAdmin.MAX_PAGE_SIZE).stream().map(Entry::of).toList();
  }
}
