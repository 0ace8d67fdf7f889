package org.timerlock.core;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.UnaryOperator;
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
  private static volatile Prefix latestPrefix = new Prefix("");

  /** An owner value made by {@link #newOwnerId}: the node id, then the unique suffix. */
  private static final Pattern OWNER_ID =
      Pattern.compile("(.*)/[0-9a-f]{16}-[0-9a-z]+", Pattern.DOTALL);

  /**
   * Where servers other than WildFly keep the name of this instance: Payara Micro (when named by
   * the property), GlassFish and Payara Server, Open Liberty.
   */
  private static final List<String> INSTANCE_NAME_PROPERTIES =
      List.of("payaramicro.name", "com.sun.aas.instanceName", "wlp.server.name");

  /** The names every instance has unless renamed: a GlassFish or Payara DAS, a Liberty server. */
  private static final Set<String> DEFAULT_INSTANCE_NAMES = Set.of("server", "defaultServer");

  private OwnerIds() {}

  /**
   * A new owner value, never returned before by any JVM (up to the odds of a 64-bit collision).
   *
   * @param nodeId the readable node id, shortened to {@link #MAX_NODE_ID_LENGTH}
   * @return {@code <nodeId>/<jvm-random>-<sequence>}
   */
  public static String newOwnerId(String nodeId) {
    return ownerId(nodeId, nextSequence());
  }

  /** The node id as owner values carry it: at most {@link #MAX_NODE_ID_LENGTH} characters. */
  static String shortened(String nodeId) {
    return nodeId.length() > MAX_NODE_ID_LENGTH ? nodeId.substring(0, MAX_NODE_ID_LENGTH) : nodeId;
  }

  /** The sequence of this JVM's next owner value. */
  static long nextSequence() {
    return SEQUENCE.incrementAndGet();
  }

  /** The owner value of a node id and a sequence from {@link #nextSequence}. */
  static String ownerId(String nodeId, long sequence) {
    Prefix prefix = latestPrefix;
    if (!prefix.nodeId.equals(nodeId)) {
      prefix = new Prefix(nodeId);
      latestPrefix = prefix;
    }
    return prefix.followedBy(sequence);
  }

  /**
   * The owner values of one node id but for their sequence, made once rather than at each
   * acquisition (a node asks with the same node id every time): an owner value is then one array
   * and one string.
   */
  private static final class Prefix {
    final String nodeId;
    private final String text;
    // The text's bytes when it is all Latin-1, the common case; else null.
    private final byte[] latin1;

    Prefix(String nodeId) {
      this.nodeId = nodeId;
      this.text = shortened(nodeId) + "/" + JVM_ID + "-";
      this.latin1 =
          StandardCharsets.ISO_8859_1.newEncoder().canEncode(text)
              ? text.getBytes(StandardCharsets.ISO_8859_1)
              : null;
    }

    /** The prefix and the sequence in base 36. */
    String followedBy(long sequence) {
      if (latin1 == null) {
        return text + Long.toString(sequence, 36);
      }
      int digits = 1;
      for (long rest = sequence / 36; rest > 0; rest /= 36) {
        digits++;
      }
      byte[] bytes = Arrays.copyOf(latin1, latin1.length + digits);
      long rest = sequence;
      for (int i = bytes.length - 1; i >= latin1.length; i--) {
        bytes[i] = (byte) Character.forDigit((int) (rest % 36), 36);
        rest /= 36;
      }
      return new String(bytes, StandardCharsets.ISO_8859_1);
    }
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
   * The node id used when none is configured: the name the server gives this instance, where it has
   * one, else host name and process id.
   *
   * <ul>
   *   <li>WildFly: its node name ({@code jboss.node.name}) as it is, unique in a cluster;
   *   <li>Payara Micro named by {@code payaramicro.name}, GlassFish and Payara Server ({@code
   *       com.sun.aas.instanceName}), Open Liberty ({@code wlp.server.name}): {@code
   *       <name>@<host>}, since these names are unique per host only; when the name is the server's
   *       default ({@code server}, {@code defaultServer}), which every instance has, the process id
   *       follows: {@code <name>@<host>:<pid>};
   *   <li>elsewhere: {@code <host>:<pid>}.
   * </ul>
   *
   * @return e.g. {@code node-1}, {@code instance1@app-3.example.com} or {@code
   *     app-3.example.com:4711}
   */
  public static String defaultNodeId() {
    return defaultNodeId(System::getProperty, hostName(), ProcessHandle.current().pid());
  }

  static String defaultNodeId(UnaryOperator<String> systemProperty, String host, long pid) {
    String wildFly = systemProperty.apply("jboss.node.name");
    if (isSet(wildFly)) {
      return wildFly;
    }
    for (String property : INSTANCE_NAME_PROPERTIES) {
      String name = systemProperty.apply(property);
      if (isSet(name)) {
        return DEFAULT_INSTANCE_NAMES.contains(name)
            ? name + "@" + host + ":" + pid
            : name + "@" + host;
      }
    }
    return host + ":" + pid;
  }

  private static boolean isSet(String value) {
    return value != null && !value.isBlank();
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
