package org.timerlock.console;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.timerlock.core.admin.LockAdmin;
import org.timerlock.core.admin.LockInfo;

/**
 * The console's rows: the store read page by page ({@link LockAdmin#MAX_PAGE_SIZE} locks a request,
 * so 1,000 locks are one read), joined by name with the deployment's jobs, filtered by a search
 * text and cut to one page of the view. Reading stops after {@link #MAX_LOCKS}; the view says so. A
 * job of the deployment that the listing did not show is looked up by name, one request each: Redis
 * lists held locks only, and a free lock's latest fire, run and pause are what tell whether it is
 * overdue, how it last ran and whether it is paused.
 */
final class LockRows {

  /** The most store rows one view reads: ten store requests. */
  static final int MAX_LOCKS = 10 * LockAdmin.MAX_PAGE_SIZE;

  /** The largest page of the view, whatever a caller asks for. */
  static final int MAX_VIEW = 200;

  private final List<LockRow> rows;
  private final boolean truncated;
  private final Set<String> nodes;

  private LockRows(List<LockRow> rows, boolean truncated, Set<String> nodes) {
    this.rows = rows;
    this.truncated = truncated;
    this.nodes = nodes;
  }

  /**
   * Reads the store and joins it with the jobs.
   *
   * @param admin the store's admin
   * @param jobs the deployment's jobs
   * @param search the text a name must contain, case-insensitive; blank for every row
   * @param now the instant to judge overdue slots at
   * @return the rows, sorted by name
   */
  static LockRows read(LockAdmin admin, Jobs jobs, String search, Instant now) {
    Map<String, Jobs.Job> known = new LinkedHashMap<>();
    jobs.all().forEach(job -> known.put(job.name(), job));
    List<LockInfo> stored = admin.stream(LockAdmin.MAX_PAGE_SIZE).limit(MAX_LOCKS + 1L).toList();
    boolean truncated = stored.size() > MAX_LOCKS;
    Set<String> nodes = new HashSet<>();
    String needle = search == null ? "" : search.strip().toLowerCase(Locale.ROOT);
    List<LockRow> rows = new ArrayList<>();
    Set<String> seen = new HashSet<>();
    for (LockInfo lock : truncated ? stored.subList(0, MAX_LOCKS) : stored) {
      addNodes(nodes, lock);
      if (seen.add(lock.name()) && matches(lock.name(), needle)) {
        rows.add(LockRow.of(lock.name(), known.get(lock.name()), lock, now));
      }
    }
    for (Jobs.Job job : known.values()) {
      if (!seen.contains(job.name()) && matches(job.name(), needle)) {
        LockInfo lock = admin.find(job.name()).orElse(null);
        if (lock != null) {
          addNodes(nodes, lock);
        }
        rows.add(LockRow.of(job.name(), job, lock, now));
      }
    }
    rows.sort(Comparator.comparing(LockRow::name));
    return new LockRows(rows, truncated, nodes);
  }

  /** The nodes a lock names: its holder, and the node of its last run. */
  private static void addNodes(Set<String> nodes, LockInfo lock) {
    if (lock.held()) {
      nodes.add(lock.nodeId());
    }
    if (lock.lastRun() != null) {
      nodes.add(lock.lastRun().nodeId());
    }
  }

  private static boolean matches(String name, String needle) {
    return needle.isEmpty() || name.toLowerCase(Locale.ROOT).contains(needle);
  }

  /**
   * One page of the view.
   *
   * @param offset the first row, from 0
   * @param limit the page size, taken as {@link #MAX_VIEW} when larger
   * @return the rows of the page
   */
  List<LockRow> page(int offset, int limit) {
    int from = Math.min(Math.max(offset, 0), rows.size());
    return rows.subList(from, Math.min(rows.size(), from + Math.min(Math.max(limit, 1), MAX_VIEW)));
  }

  int total() {
    return rows.size();
  }

  boolean truncated() {
    return truncated;
  }

  /** The nodes seen holding a lock or in a last run, sorted. */
  List<String> nodes() {
    return nodes.stream().sorted().toList();
  }
}
