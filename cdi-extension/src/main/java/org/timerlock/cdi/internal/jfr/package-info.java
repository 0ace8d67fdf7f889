/**
 * JDK Flight Recorder events of the lock layer, so that a recording shows each store round trip and
 * each lock's hold next to the job's own samples. See {@link
 * org.timerlock.cdi.internal.jfr.RecordedLockProvider}.
 */
package org.timerlock.cdi.internal.jfr;
