package org.timerlock.core;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.security.SecureRandom;
import java.util.HexFormat;
import java.util.concurrent.atomic.AtomicLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Makes the owner value a provider stores with each acquisition: the node's readable id followed by
 * a suffix unique to the acquisition, so that a release or extension can only ever act on the
 * acquisition that made it, and operators can still see which node holds a lock.
 */
public final class OwnerIds {

  /** Longest node id kept in an owner value; leaves room for the suffix in a 255-char column. */
  public static final int MAX_NODE_ID_LENGTH = 200;

  private static final String JVM_ID = randomHex();
  private static final AtomicLong SEQUENCE = new AtomicLong();

  /** An owner value made by {@link #newOwnerId}: the node id, then the unique suffix. */
  private static final Pattern OWNER_ID =
      Pattern.compile("(.*)/[0-9a-f]{16}-[0-9a-z]+", Pattern.DOTALL);

  private OwnerIds() {}

  /**
   * A new owner value, never returned before by any JVM (up to the odds of a 64-bit collision).
   *
   * @param nodeId the readable node id, shortened to {@link #MAX_NODE_ID_LENGTH}
   * @return {@code <nodeId>/<jvm-random>-<sequence>}
   */
  public static String newOwnerId(String nodeId) {
    String node =
        nodeId.length() > MAX_NODE_ID_LENGTH ? nodeId.substring(0, MAX_NODE_ID_LENGTH) : nodeId;
    return node + "/" + JVM_ID + "-" + Long.toString(SEQUENCE.incrementAndGet(), 36);
  }

  /**
   * Whether a stored owner value has the form {@link #newOwnerId} gives it, so that a provider can
   * tell a lock taken by a TimerLock node from one another program (a ShedLock node) wrote.
   *
   * @param owner the stored value, may be null
   * @return true for {@code <nodeId>/<jvm-random>-<sequence>}
   */
  public static boolean isOwnerId(String owner) {
    return owner != null && OWNER_ID.matcher(owner).matches();
  }

  /**
   * The node id of an owner value, for operators: the inverse of {@link #newOwnerId}.
   *
   * @param ownerId an owner value as stored
   * @return the node id; the whole value when it was not made by {@link #newOwnerId} (a ShedLock
   *     node stores its host name)
   */
  public static String nodeIdOf(String ownerId) {
    Matcher m = OWNER_ID.matcher(ownerId);
    return m.matches() ? m.group(1) : ownerId;
  }

  /**
   * The node id used when none is configured: host name and process id.
   *
   * @return e.g. {@code app-3.example.com:4711}
   */
  public static String defaultNodeId() {
    return hostName() + ":" + ProcessHandle.current().pid();
  }

  private static String hostName() {
    try {
      return InetAddress.getLocalHost().getHostName();
    } catch (UnknownHostException e) {
      String env = System.getenv("HOSTNAME");
      return env == null || env.isBlank() ? "unknown-host" : env;
    }
  }

  private static String randomHex() {
    byte[] bytes = new byte[8];
    new SecureRandom().nextBytes(bytes);
    return HexFormat.of().formatHex(bytes);
  }
}
