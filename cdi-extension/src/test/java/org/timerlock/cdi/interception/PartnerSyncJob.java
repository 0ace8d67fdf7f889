package org.timerlock.cdi.interception;

import jakarta.enterprise.context.ApplicationScoped;

/** Inherits its locked method; the lock is named after this bean class. */
@ApplicationScoped
class PartnerSyncJob extends BaseSyncJob {}
