package org.timerlock.core;

import static org.assertj.core.api.Assertions.assertThat;

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
}
