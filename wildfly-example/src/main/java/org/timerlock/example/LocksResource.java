package org.timerlock.example;

import jakarta.inject.Inject;
import jakarta.ws.rs.DefaultValue;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.timerlock.core.admin.LockAdmin;
import org.timerlock.core.admin.LockInfo;
import org.timerlock.core.admin.LockPage;

/**
 * {@code GET /api/locks}: the locks this node holds right now and one page of the locks in the
 * store as every node sees them, through TimerLock's injectable {@link LockAdmin} (whatever the
 * provider: JDBC, Redis or in-memory).
 *
 * <p>Read-only on purpose: releasing a lock lets a job run twice at once, so it is not something an
 * unauthenticated HTTP endpoint may offer. Operators release a lock with the authenticated means
 * {@code docs/operations.md} describes.
 */
@Path("locks")
public class LocksResource {

  @Inject ExecutionLog log;
  @Inject NodeIdentity node;
  @Inject LockAdmin admin;

  /**
   * One lock of the store.
   *
   * @param name the lock name
   * @param lockedAt when it was last taken, by the store's clock; null where the store does not say
   * @param lockUntil until when it is held, by the store's clock
   * @param lockedBy the owner value of the latest acquisition
   * @param node the node of that acquisition
   * @param held whether it is held now, by the store's clock
   */
  public record LockRow(
      String name,
      Instant lockedAt,
      Instant lockUntil,
      String lockedBy,
      String node,
      boolean held) {

    static LockRow of(LockInfo lock) {
      return new LockRow(
          lock.name(), lock.lockedAt(), lock.lockUntil(), lock.owner(), lock.nodeId(), lock.held());
    }
  }

  /**
   * The answer.
   *
   * @param node this node
   * @param heldHere the locks held by this node, with when it took them
   * @param locks one page of the store's locks
   * @param next the cursor of the next page, or null for the last page
   */
  public record Locks(
      String node, Map<String, Instant> heldHere, List<LockRow> locks, String next) {}

  /**
   * One page of the current locks.
   *
   * @param cursor the {@code next} of the page before; none for the first page
   * @param limit the page size
   * @return the locks
   */
  @GET
  @Produces(MediaType.APPLICATION_JSON)
  public Locks current(
      @QueryParam("cursor") String cursor, @DefaultValue("100") @QueryParam("limit") int limit) {
    LockPage page = admin.list(cursor, limit);
    return new Locks(
        node.name(),
        log.heldHere(),
        page.locks().stream().map(LockRow::of).toList(),
        page.nextCursor());
  }
}
