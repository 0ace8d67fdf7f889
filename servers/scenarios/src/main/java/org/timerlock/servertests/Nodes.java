package org.timerlock.servertests;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Instant;
import java.util.stream.Stream;

/**
 * The server nodes of a two-node test as the test JVM reaches them: their REST API, at the HTTP
 * port the server module's failsafe names, and their processes, found by a command-line argument
 * and signalled to pause, resume or die. What differs between servers is in system properties, so
 * the scenarios stay the same on each.
 */
final class Nodes {

  private Nodes() {}

  /**
   * The process of a node's server: a descendant of the test JVM, or, where the system property
   * {@code nodes.detached} is true, for servers that detach from the command that started them
   * (Payara Server's {@code asadmin start-domain}), any process of the machine. Only such a module
   * looks beyond the test JVM's own processes, and it names a mark that no other build's server has
   * on its command line, such as the path of its own domain directory: a test must never pause or
   * kill a server it did not start.
   *
   * @param node the node's name
   * @return the process
   */
  static ProcessHandle serverProcess(String node) {
    String mark = commandLineMark(node);
    Stream<ProcessHandle> candidates =
        Boolean.getBoolean("nodes.detached")
            ? ProcessHandle.allProcesses()
            : ProcessHandle.current().descendants();
    return candidates
        .filter(p -> hasMark(p, mark))
        .findFirst()
        .orElseThrow(() -> new IllegalStateException("no server process for " + node));
  }

  private static boolean hasMark(ProcessHandle process, String mark) {
    return process.info().commandLine().orElse("").contains(mark);
  }

  /**
   * Sends a signal with {@code kill}, e.g. {@code STOP} to pause a server and {@code CONT} to
   * resume it.
   */
  static void signal(ProcessHandle process, String signal) throws Exception {
    Process kill = new ProcessBuilder("kill", "-" + signal, Long.toString(process.pid())).start();
    assertEquals(0, kill.waitFor(), "kill -" + signal + " " + process.pid());
  }

  /** Whether a node reports a skip of a lock as already ran for a fire. */
  static boolean alreadyRanOn(String node, String lock, Instant fire) throws Exception {
    for (String entry : attempts(node, lock)) {
      if (entry.contains("\"outcome\":\"already-ran\"")
          && entry.contains("\"fire\":\"")
          && Instant.parse(field(entry, "fire")).equals(fire)) {
        return true;
      }
    }
    return false;
  }

  /**
   * Whether a node has made an attempt at a later fire of a lock, and none at a given fire: its
   * server let that fire pass without calling the job (Payara may, after a pause longer than one
   * period), so there is no late call of it to be refused.
   */
  static boolean passedOver(String node, String lock, Instant fire) throws Exception {
    boolean later = false;
    for (String entry : attempts(node, lock)) {
      if (entry.contains("\"fire\":\"")) {
        Instant attempted = Instant.parse(field(entry, "fire"));
        if (attempted.equals(fire)) {
          return false;
        }
        later |= attempted.isAfter(fire);
      }
    }
    return later;
  }

  /** How many skips of a lock a node reports as started strictly between two instants. */
  static int skipsDuring(String node, String lock, Instant from, Instant to) throws Exception {
    int skips = 0;
    for (String entry : attempts(node, lock)) {
      if (entry.contains("\"outcome\":\"skipped\"")) {
        Instant at = Instant.parse(field(entry, "start"));
        if (at.isAfter(from) && at.isBefore(to)) {
          skips++;
        }
      }
    }
    return skips;
  }

  /** The node's log of attempts at a lock, cut into one entry per JSON object. */
  private static String[] attempts(String node, String lock) throws Exception {
    return get(node, "api/executions?lock=" + lock).split("\\},\\{");
  }

  /**
   * GETs a path of the application on a node.
   *
   * @param node the node's name
   * @param path the path under the application's context root, e.g. {@code api/executions}
   * @return the body of the answer, which must be 200
   */
  static String get(String node, String path) throws Exception {
    return send(node, path, HttpRequest.newBuilder().GET());
  }

  /**
   * POSTs an empty body to a path of the application on a node.
   *
   * @param node the node's name
   * @param path the path under the application's context root
   * @return the body of the answer, which must be 200
   */
  static String post(String node, String path) throws Exception {
    return send(node, path, HttpRequest.newBuilder().POST(HttpRequest.BodyPublishers.noBody()));
  }

  private static String send(String node, String path, HttpRequest.Builder request)
      throws Exception {
    URI uri =
        URI.create("http://127.0.0.1:" + httpPort(node) + "/" + TwoNodeTests.APP + "/" + path);
    HttpResponse<String> response =
        HttpClient.newHttpClient()
            .send(request.uri(uri).build(), HttpResponse.BodyHandlers.ofString());
    assertEquals(200, response.statusCode(), path + " on " + node + ": " + response.body());
    return response.body();
  }

  private static String field(String jsonObject, String name) {
    String key = "\"" + name + "\":\"";
    int start = jsonObject.indexOf(key) + key.length();
    return jsonObject.substring(start, jsonObject.indexOf('"', start));
  }

  /** The HTTP port of a node's server, from the system property {@code <node>.http.port}. */
  private static int httpPort(String node) {
    return Integer.parseInt(requiredProperty(node + ".http.port"));
  }

  /** The argument only this node's command line has, followed by the next one's space. */
  private static String commandLineMark(String node) {
    return requiredProperty("node.command.line.mark") + node + " ";
  }

  private static String requiredProperty(String name) {
    String value = System.getProperty(name);
    if (value == null) {
      throw new IllegalStateException(
          "the system property " + name + " is not set: the server module's failsafe sets it");
    }
    return value;
  }
}
