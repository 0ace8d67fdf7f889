package org.timerlock.redis;

import java.net.ConnectException;
import java.net.SocketTimeoutException;
import java.net.UnknownHostException;
import java.security.cert.CertificateException;
import java.util.List;
import java.util.Locale;
import javax.net.ssl.SSLException;
import redis.clients.jedis.HostAndPort;
import redis.clients.jedis.exceptions.JedisAccessControlException;
import redis.clients.jedis.exceptions.JedisBusyException;
import redis.clients.jedis.exceptions.JedisClusterOperationException;
import redis.clients.jedis.exceptions.JedisConnectionException;
import redis.clients.jedis.exceptions.JedisDataException;
import redis.clients.jedis.exceptions.JedisException;
import redis.clients.jedis.exceptions.JedisRedirectionException;

/** Turns Jedis' exceptions into the reason part of a {@link org.timerlock.core.LockException}. */
final class JedisFailures {

  /** What an ACL user needs, for messages about refused commands. */
  static final String ACL_HINT =
      "check that the ACL user may run EVALSHA, EVAL, GET, SET, PTTL, PEXPIRE, DEL, HGET, HSET,"
          + " TIME and PING on the keys of its prefix, plus SELECT for a database other than 0,"
          + " WAIT for wait-for-replicas, CLUSTER|SLOTS and ASKING on a cluster, SCAN (and ROLE on a"
          + " cluster) for listing locks (see the ACLs in TimerLock's security documentation)";

  private JedisFailures() {}

  /** True when the command may still have reached the server: the answer did not come in time. */
  static boolean isTimeout(Throwable e) {
    for (Throwable t = e; t != null; t = t.getCause()) {
      if (t instanceof SocketTimeoutException) {
        return true;
      }
    }
    return false;
  }

  /**
   * Why the command failed, in words an operator can act on.
   *
   * @param e the client's exception
   * @param socketTimeoutMillis the configured read timeout, for the timeout message
   * @param secrets passwords to keep out of the message
   */
  static String reason(JedisException e, long socketTimeoutMillis, List<String> secrets) {
    String reason;
    String message = String.valueOf(e.getMessage());
    Throwable mismatch = hostnameMismatch(e);
    if (mismatch != null) {
      // Also when a cluster or Sentinel client wraps it: it is the reason whatever the wrapper.
      reason =
          "TLS handshake failed: the server's certificate does not name the host it was reached"
              + " at ("
              + mismatch.getMessage()
              + "): connect by a name or address the certificate has, or give the server a"
              + " certificate for this one; only for servers reached at addresses their"
              + " certificates cannot name, set timerlock.redis.verify-hostname=false";
    } else if (e instanceof JedisRedirectionException redirection) {
      HostAndPort target = redirection.getTargetNode();
      reason =
          "the server is a Redis Cluster node and redirected the key to "
              + (target == null
                  ? "another node"
                  : Endpoints.address(target.getHost(), target.getPort()))
              + " ("
              + message
              + "): configure timerlock.redis.cluster.nodes instead of timerlock.redis.uri";
    } else if (e instanceof JedisAccessControlException) {
      reason =
          "authentication or authorisation refused ("
              + message
              + "): check the user and password, and "
              + ACL_HINT;
    } else if (e instanceof JedisBusyException) {
      reason = "the server is busy running a script or function (" + message + ")";
    } else if (e instanceof JedisDataException) {
      String upper = message.toUpperCase(Locale.ROOT);
      if (upper.startsWith("READONLY")) {
        reason =
            "the server is a read-only replica ("
                + message
                + "): point the configuration at the master, or use Sentinel";
      } else if (upper.startsWith("NOAUTH") || upper.startsWith("WRONGPASS")) {
        reason = "authentication refused (" + message + "): check the user and password";
      } else if (upper.startsWith("NOPERM") || upper.contains("USER EXECUTING THE SCRIPT")) {
        // The second: a command inside a script that the ACL does not allow.
        reason = "the ACL user lacks a permission (" + message + "): " + ACL_HINT;
      } else if (upper.startsWith("LOADING")) {
        reason = "the server is still loading its data set (" + message + ")";
      } else if (upper.startsWith("CLUSTERDOWN")) {
        reason = "the cluster is down (" + message + ")";
      } else {
        reason = "the server refused the command (" + message + ")";
      }
    } else if (e instanceof JedisClusterOperationException) {
      reason = "the cluster could not run the command (" + message + rootCause(e) + ")";
    } else if (e instanceof JedisConnectionException) {
      if (isTimeout(e)) {
        reason = "no answer within the socket timeout of " + socketTimeoutMillis + " ms";
      } else if (has(e, ConnectException.class)) {
        reason = "connection refused (" + message + rootCause(e) + ")";
      } else if (has(e, UnknownHostException.class)) {
        reason = "unknown host (" + message + rootCause(e) + ")";
      } else if (has(e, SSLException.class)) {
        reason = "TLS handshake failed (" + message + rootCause(e) + ")";
      } else {
        reason = "connection failed (" + message + rootCause(e) + ")";
      }
    } else {
      reason = message + rootCause(e);
    }
    return redact(reason, secrets);
  }

  /** The text with every one of these passwords replaced by {@code ***}. */
  static String redact(String text, List<String> secrets) {
    String redacted = text;
    for (String secret : secrets) {
      if (secret != null && !secret.isEmpty() && redacted != null) {
        redacted = redacted.replace(secret, "***");
      }
    }
    return redacted;
  }

  /** The JDK's host name check failure in the chain, or null. */
  private static Throwable hostnameMismatch(Throwable e) {
    Throwable found = find(e, CertificateException.class, 0);
    if (found == null || found.getMessage() == null) {
      return null;
    }
    String message = found.getMessage();
    return message.startsWith("No subject alternative") || message.startsWith("No name matching")
        ? found
        : null;
  }

  private static boolean has(Throwable e, Class<? extends Throwable> type) {
    return find(e, type, 0) != null;
  }

  /** Searches causes and suppressed exceptions (Jedis adds one per address it tried). */
  private static Throwable find(Throwable e, Class<? extends Throwable> type, int depth) {
    if (e == null || depth > 10) {
      return null;
    }
    if (type.isInstance(e)) {
      return e;
    }
    for (Throwable suppressed : e.getSuppressed()) {
      Throwable found = find(suppressed, type, depth + 1);
      if (found != null) {
        return found;
      }
    }
    return e.getCause() == e ? null : find(e.getCause(), type, depth + 1);
  }

  private static String rootCause(Throwable e) {
    Throwable root = e;
    while (root.getCause() != null && root.getCause() != root) {
      root = root.getCause();
    }
    if (root == e && e.getSuppressed().length > 0) {
      root = e.getSuppressed()[0];
    }
    if (root == e || root.getMessage() == null || root.getMessage().equals(e.getMessage())) {
      return "";
    }
    return ": " + root.getMessage();
  }
}
