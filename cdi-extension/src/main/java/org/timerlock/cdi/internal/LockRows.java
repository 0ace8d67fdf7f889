package org.timerlock.cdi.internal;

import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.timerlock.core.admin.LockAdmin;
import org.timerlock.core.admin.LockInfo;
import org.timerlock.core.admin.LockPage;
import org.timerlock.core.spi.Printable;

/**
 * What one read of the lock store gives the missed-fire check: the rows of the watched locks and
 * every node id seen in the store, which the missed-fire lines name. One listing of the store, in
 * pages of {@link LockAdmin#MAX_PAGE_SIZE}, costs the same whatever the number of watched locks; a
 * watched lock the listing leaves out is then looked up by name, since a store may list held locks
 * only (Redis: a free lock is no key, its last fire lives in its state hash) and a store without a
 * listing is asked lock by lock anyway.
 *
 * @param byName the rows of the watched locks that have one, by name
 * @param nodeIds the node ids of every row's latest acquisition and latest recorded run
 */
record LockRows(Map<String, LockInfo> byName, Set<String> nodeIds) {

  /** The most node ids a missed-fire line names. */
  private static final int MAX_NODES_NAMED = 10;

  /**
   * Reads the store once.
   *
   * @param admin the store's lock admin
   * @param watched the watched locks
   * @return their rows and the nodes seen
   * @throws org.timerlock.core.LockException when the store cannot answer
   */
  static LockRows read(LockAdmin admin, Collection<WatchedLock> watched) {
    Set<String> names = new TreeSet<>();
    watched.forEach(lock -> names.add(lock.name()));
    LockRows rows = new LockRows(new HashMap<>(), new TreeSet<>());
    try {
      String cursor = null;
      do {
        LockPage page = admin.list(cursor, LockAdmin.MAX_PAGE_SIZE);
        page.locks().forEach(info -> rows.add(info, names));
        cursor = page.nextCursor();
      } while (cursor != null);
    } catch (UnsupportedOperationException noListing) {
      // Every watched lock is looked up below.
    }
    for (String name : names) {
      if (!rows.byName().containsKey(name)) {
        admin.find(name).ifPresent(info -> rows.add(info, names));
      }
    }
    return rows;
  }

  /** The nodes seen, as a missed-fire line names them. */
  String nodes() {
    if (nodeIds.isEmpty()) {
      return "none";
    }
    List<String> named = nodeIds.stream().limit(MAX_NODES_NAMED).map(Printable::shortened).toList();
    return String.join(", ", named)
        + (nodeIds.size() > MAX_NODES_NAMED
            ? " and " + (nodeIds.size() - MAX_NODES_NAMED) + " more"
            : "");
  }

  private void add(LockInfo info, Set<String> watchedNames) {
    nodeIds.add(info.nodeId());
    if (info.lastRun() != null) {
      nodeIds.add(info.lastRun().nodeId());
    }
    if (watchedNames.contains(info.name())) {
      byName.put(info.name(), info);
    }
  }
}
