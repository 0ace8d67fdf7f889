package org.timerlock.console;

import jakarta.enterprise.inject.Instance;
import jakarta.enterprise.inject.spi.CDI;
import java.time.Clock;
import java.time.Instant;
import java.util.Optional;
import org.timerlock.cdi.LockedJobs;
import org.timerlock.core.LockProvider;
import org.timerlock.core.admin.LockAdmin;

/**
 * What the console reads and acts through, looked up in the application's CDI container at each
 * request (the servlet is made by the console's initializer, before CDI has started): the
 * injectable {@link LockAdmin} that audits releases, the provider's description for the header, and
 * the deployment's jobs.
 */
final class Backend {

  LockAdmin admin() {
    return CDI.current().select(LockAdmin.class).get();
  }

  /**
   * The store, for the page's header: for an operator as the readiness check describes it (table
   * and DataSource, or host, port and key format); for a viewer only its kind, the description's
   * first word such as {@code Redis} or {@code JDBC}, since the rest is internal addressing
   * (docs/security.md).
   *
   * @param detailed whether to give the description
   * @return the store
   */
  String store(boolean detailed) {
    String description = CDI.current().select(LockProvider.class).get().description();
    return detailed ? description : description.strip().split("\\s", 2)[0] + " store";
  }

  Jobs jobs() {
    return new DeployedJobs(CDI.current().select(LockedJobs.class).get(), clock());
  }

  /** This node's time, by the application's clock bean if it has one, as the watch reads it. */
  Instant now() {
    return clock().instant();
  }

  /** This node's clock against the store's: one read of the store's time. */
  Optional<ClockOffset> clockOffset() {
    return ClockOffset.measure(admin(), clock(), System::nanoTime);
  }

  private static Clock clock() {
    Instance<Clock> clocks = CDI.current().select(Clock.class);
    return clocks.isResolvable() ? clocks.get() : Clock.systemUTC();
  }
}
