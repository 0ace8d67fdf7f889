package org.timerlock.chaos;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Follows the event log of each node's current JVM while the run goes on, so that the orchestrator
 * knows which nodes are ready and which one is inside its job (holds the lock) right now.
 */
final class LiveLogs {

  /** A node inside its job. */
  record Holder(int node, String exec, long startedAt) {}

  private static final class Tail {
    Path file;
    long offset;
    final StringBuilder partial = new StringBuilder();
    boolean ready;
    String openExec;
    long openSince;
  }

  private final List<Tail> tails = new ArrayList<>();

  LiveLogs(int nodes) {
    for (int i = 0; i < nodes; i++) {
      tails.add(new Tail());
    }
  }

  /**
   * Starts following a node's new JVM.
   *
   * @param node the node
   * @param file the new JVM's log
   */
  synchronized void follow(int node, Path file) {
    Tail t = new Tail();
    t.file = file;
    tails.set(node, t);
  }

  /** Reads whatever the nodes logged since the last call. */
  synchronized void poll() {
    for (Tail t : tails) {
      if (t.file == null || !Files.exists(t.file)) {
        continue;
      }
      try (RandomAccessFile f = new RandomAccessFile(t.file.toFile(), "r")) {
        long length = f.length();
        if (length <= t.offset) {
          continue;
        }
        byte[] bytes = new byte[(int) (length - t.offset)];
        f.seek(t.offset);
        f.readFully(bytes);
        t.offset = length;
        t.partial.append(new String(bytes, StandardCharsets.UTF_8));
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
      int nl;
      while ((nl = t.partial.indexOf("\n")) >= 0) {
        EventLine e = EventLine.parse(t.partial.substring(0, nl));
        t.partial.delete(0, nl + 1);
        if (e == null) {
          continue;
        }
        switch (e.type()) {
          case "READY" -> t.ready = true;
          case "START" -> {
            t.openExec = e.get("exec");
            t.openSince = e.number("t");
          }
          case "END" -> t.openExec = null;
          default -> {
            // Not needed live.
          }
        }
      }
    }
  }

  /**
   * Whether a node's current JVM said it is ready.
   *
   * @param node the node
   * @return true once it logged READY
   */
  synchronized boolean ready(int node) {
    return tails.get(node).ready;
  }

  /**
   * The execution a node is running, as far as its log tells.
   *
   * @param node the node
   * @return the execution id, or null between jobs
   */
  synchronized String openExec(int node) {
    poll();
    return tails.get(node).openExec;
  }

  /**
   * Waits for a node to be early in its job.
   *
   * @param timeoutMillis how long to wait
   * @param maxAgeMillis how long ago the job may have started
   * @return the holder, or null when none was caught in time
   * @throws InterruptedException when interrupted
   */
  Holder awaitFreshHolder(long timeoutMillis, long maxAgeMillis) throws InterruptedException {
    long deadline = System.currentTimeMillis() + timeoutMillis;
    do {
      synchronized (this) {
        poll();
        long now = System.currentTimeMillis();
        for (int i = 0; i < tails.size(); i++) {
          Tail t = tails.get(i);
          if (t.openExec != null && now - t.openSince <= maxAgeMillis) {
            return new Holder(i, t.openExec, t.openSince);
          }
        }
      }
      Thread.sleep(2);
    } while (System.currentTimeMillis() < deadline);
    return null;
  }
}
