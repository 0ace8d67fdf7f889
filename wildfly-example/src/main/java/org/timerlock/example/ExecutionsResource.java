package org.timerlock.example;

import jakarta.inject.Inject;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import java.util.List;

/** {@code GET /api/executions[?lock=name]}: recent runs and skips on this node, oldest first. */
@Path("executions")
public class ExecutionsResource {

  @Inject ExecutionLog log;

  /**
   * The recent executions.
   *
   * @param lock only this lock, when given
   * @return the executions
   */
  @GET
  @Produces(MediaType.APPLICATION_JSON)
  public List<Execution> recent(@QueryParam("lock") String lock) {
    return log.recent().stream().filter(e -> lock == null || lock.equals(e.lock())).toList();
  }
}
