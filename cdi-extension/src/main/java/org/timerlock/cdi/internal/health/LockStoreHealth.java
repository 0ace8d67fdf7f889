package org.timerlock.cdi.internal.health;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import org.timerlock.cdi.LockEvent;
import org.timerlock.cdi.internal.LockRuntime;
import org.timerlock.core.LockProvider;
import org.timerlock.core.admin.LockAdmin;

/**
 * The state behind the readiness check {@value ReadinessCheck#NAME}: UP while the lock store
 * answers. Each {@link #check()} asks the store one look-up through the provider's {@link
 * LockAdmin} (a key read on Redis, a primary-key select on JDBC), so it turns DOWN as soon as the
 * store is unreachable and UP as soon as it is back. A provider without admin is judged by the lock
 * calls themselves: DOWN after a store failure until a lock call succeeds again.
 *
 * <p>DOWN, with {@code draining = true}, while the application stops and its running jobs drain.
 *
 * <p>The data: {@code store}, the provider's description; {@code error}, why the probe failed;
 * {@code lastFailure} and {@code lastFailureAt}, the latest store failure of a lock call on this
 * node.
 *
 * <p>No MicroProfile Health type appears in this class: GlassFish and Payara load and reflect over
 * every annotated class of the application, also on servers without MicroProfile Health; {@link
 * ReadinessCheck} gives the state its MicroProfile Health face.
 */
@ApplicationScoped
public class LockStoreHealth {

  /** The name looked up; its lock, if any, is only read. */
  static final String PROBE = "timerlock-health-probe";

  @Inject LockProvider provider;

  @Inject LockRuntime runtime;

  private volatile String lastFailure;
  private volatile Instant lastFailureAt;
  private volatile boolean lockCallsFailing;

  /** Created by the container. */
  public LockStoreHealth() {}

  /**
   * What a check found.
   *
   * @param up whether the store answers and the application takes work
   * @param data what the response shows
   */
  public record Result(boolean up, Map<String, Object> data) {}

  void on(@Observes LockEvent event) {
    switch (event.kind()) {
      case STORE_FAILURE -> {
        lastFailure = event.failure().map(Throwable::getMessage).orElse("unknown");
        lastFailureAt = event.timestamp();
        lockCallsFailing = true;
      }
      case ACQUIRED, SKIPPED, HELD_BY_THIS_NODE, ALREADY_RAN, PAUSED, RELEASED ->
          lockCallsFailing = false;
      default -> {
        // A disabled call does not reach the store; a missed fire says nothing of this node's.
      }
    }
  }

  /**
   * Checks the store now.
   *
   * @return whether it is UP, and the data
   */
  public Result check() {
    Map<String, Object> data = new LinkedHashMap<>();
    data.put("store", provider.description());
    if (lastFailure != null) {
      data.put("lastFailure", lastFailure);
      data.put("lastFailureAt", String.valueOf(lastFailureAt));
    }
    boolean up;
    Optional<LockAdmin> admin = provider.admin();
    if (runtime.draining()) {
      // The application stops: a load balancer should send no more work here.
      data.put("draining", true);
      up = false;
    } else if (admin.isEmpty()) {
      up = !lockCallsFailing;
    } else {
      try {
        admin.get().find(PROBE);
        up = true;
      } catch (RuntimeException e) {
        data.put("error", String.valueOf(e.getMessage()));
        up = false;
      }
    }
    return new Result(up, Map.copyOf(data));
  }
}
