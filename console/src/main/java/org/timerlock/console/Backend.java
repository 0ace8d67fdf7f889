package org.timerlock.console;

import jakarta.enterprise.inject.spi.CDI;
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

  /** Where the locks live, as the readiness check names the store. */
  String store() {
    return CDI.current().select(LockProvider.class).get().description();
  }

  Jobs jobs() {
    return new NoJobs();
  }
}
