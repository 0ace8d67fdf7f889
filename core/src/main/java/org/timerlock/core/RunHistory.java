package org.timerlock.core;

import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.Iterator;
import java.util.List;
import org.timerlock.core.admin.RunRecord;
import org.timerlock.core.spi.HistorySettings;

/**
 * One name's run history in memory, newest first: bounded by count when a record is added, and by
 * age both when a record is added and when it is read, so that a quiet lock's old records are never
 * shown even before the next run prunes them.
 */
final class RunHistory {

  private final Deque<RunRecord> records = new ArrayDeque<>();

  /** Adds the newest record and drops what the bounds exclude. */
  synchronized void add(RunRecord run, HistorySettings bounds) {
    records.addFirst(run);
    while (records.size() > bounds.maxPerLock()) {
      records.removeLast();
    }
    Instant oldest = Instant.now().minus(bounds.maxAge());
    while (!records.isEmpty() && records.peekLast().ended().isBefore(oldest)) {
      records.removeLast();
    }
  }

  /** Up to {@code limit} records within the bounds, newest first. */
  synchronized List<RunRecord> newest(int limit, HistorySettings bounds) {
    Instant oldest = Instant.now().minus(bounds.maxAge());
    int size = Math.min(limit, bounds.maxPerLock());
    List<RunRecord> page = new ArrayList<>(Math.min(size, records.size()));
    for (Iterator<RunRecord> it = records.iterator(); it.hasNext() && page.size() < size; ) {
      RunRecord run = it.next();
      if (run.ended().isBefore(oldest)) {
        break;
      }
      page.add(run);
    }
    return page;
  }
}
