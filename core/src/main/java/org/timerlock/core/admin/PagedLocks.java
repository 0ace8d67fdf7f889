package org.timerlock.core.admin;

import java.util.Collections;
import java.util.Iterator;
import java.util.NoSuchElementException;

/** Walks every lock of a {@link LockAdmin}, holding one page at a time. */
final class PagedLocks implements Iterator<LockInfo> {

  private final LockAdmin admin;
  private final int pageSize;
  private Iterator<LockInfo> page = Collections.emptyIterator();
  private String cursor;
  private boolean lastPageRead;

  PagedLocks(LockAdmin admin, int pageSize) {
    this.admin = admin;
    this.pageSize = pageSize;
  }

  @Override
  public boolean hasNext() {
    // A Redis page can be empty while later ones are not.
    while (!page.hasNext() && !lastPageRead) {
      LockPage next = admin.list(cursor, pageSize);
      page = next.locks().iterator();
      cursor = next.nextCursor();
      lastPageRead = cursor == null;
    }
    return page.hasNext();
  }

  @Override
  public LockInfo next() {
    if (!hasNext()) {
      throw new NoSuchElementException();
    }
    return page.next();
  }
}
