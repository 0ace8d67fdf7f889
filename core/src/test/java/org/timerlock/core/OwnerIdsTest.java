package org.timerlock.core;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class OwnerIdsTest {

  @Test
  void ownerStartsWithTheReadableNodeId() {
    assertThat(OwnerIds.newOwnerId("node-1")).startsWith("node-1/");
  }

  @Test
  void ownersAreUniqueAcrossThreads() {
    Set<String> seen = ConcurrentHashMap.newKeySet();
    IntStream.range(0, 100_000).parallel().forEach(i -> seen.add(OwnerIds.newOwnerId("n")));
    assertThat(seen).hasSize(100_000);
  }

  @Test
  void longNodeIdsAreShortenedToFitAShedLockColumn() {
    String owner = OwnerIds.newOwnerId("x".repeat(1000));
    assertThat(owner).startsWith("x".repeat(OwnerIds.MAX_NODE_ID_LENGTH) + "/");
    assertThat(owner.length()).isLessThanOrEqualTo(255);
  }

  @Test
  void defaultNodeIdEndsWithThePid() {
    assertThat(OwnerIds.defaultNodeId()).endsWith(":" + ProcessHandle.current().pid());
  }

  @Test
  void ownerValuesAreToldFromThoseOfOtherPrograms() {
    assertThat(OwnerIds.isOwnerId(OwnerIds.newOwnerId("app-1.example.com:4711"))).isTrue();
    assertThat(OwnerIds.isOwnerId("app-1.example.com")).as("ShedLock's host name").isFalse();
    assertThat(OwnerIds.isOwnerId(null)).isFalse();
  }

  @Test
  void defaultNodeIdIsTheServersInstanceName() {
    assertThat(nodeIdWith("jboss.node.name", "node-1")).isEqualTo("node-1");
    assertThat(nodeIdWith("payaramicro.name", "micro-a")).isEqualTo("micro-a@app-3");
    assertThat(nodeIdWith("com.sun.aas.instanceName", "instance1")).isEqualTo("instance1@app-3");
    assertThat(nodeIdWith("wlp.server.name", "orders")).isEqualTo("orders@app-3");
    assertThat(nodeIdWith("user.name", "anyone")).as("no server").isEqualTo("app-3:4711");
  }

  @Test
  void aDefaultInstanceNameKeepsThePidToTellTwoInstancesOnOneHostApart() {
    assertThat(nodeIdWith("com.sun.aas.instanceName", "server")).isEqualTo("server@app-3:4711");
    assertThat(nodeIdWith("wlp.server.name", "defaultServer"))
        .isEqualTo("defaultServer@app-3:4711");
  }

  private static String nodeIdWith(String property, String value) {
    return OwnerIds.defaultNodeId(Map.of(property, value)::get, "app-3", 4711);
  }

  @Test
  void wildFlysNodeNameWinsOverTheOthers() {
    Map<String, String> properties =
        Map.of("jboss.node.name", "node-1", "com.sun.aas.instanceName", "instance1");
    assertThat(OwnerIds.defaultNodeId(properties::get, "app-3", 4711)).isEqualTo("node-1");
  }

  @Test
  void theInstanceNameIsReadFromTheSystemProperties() {
    String previous = System.getProperty("com.sun.aas.instanceName");
    System.setProperty("com.sun.aas.instanceName", "instance7");
    try {
      assertThat(OwnerIds.defaultNodeId()).startsWith("instance7@").doesNotContain(":");
    } finally {
      if (previous == null) {
        System.clearProperty("com.sun.aas.instanceName");
      } else {
        System.setProperty("com.sun.aas.instanceName", previous);
      }
    }
  }
}
