/**
 * Calendar schedules evaluated without a clock: for an instant, the scheduled fire it belongs to,
 * and the fires around it.
 *
 * <p>{@link org.timerlock.core.schedule.CalendarSchedule} reads EJB calendar attributes (as {@code
 * jakarta.ejb.ScheduleExpression} and {@code @Schedule} take them) and Jakarta Concurrency cron
 * expressions into one model, and one search finds fires in the schedule's zone: it walks matching
 * dates and picks times from sorted value sets, so an answer takes microseconds. This package
 * depends on the JDK only.
 */
package org.timerlock.core.schedule;
