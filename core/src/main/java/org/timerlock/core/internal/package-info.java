/**
 * The codes of the core module's messages; not an API. See {@link
 * org.timerlock.core.internal.CoreMessage}.
 */
package org.timerlock.core.internal;
