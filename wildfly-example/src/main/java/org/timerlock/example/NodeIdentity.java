package org.timerlock.example;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.timerlock.cdi.LockedTasks;

/**
 * The name this node shows in executions and logs: TimerLock's own node id, so that they match the
 * owners in the lock store and two nodes on one host are told apart.
 */
@ApplicationScoped
public class NodeIdentity {

  @Inject LockedTasks timerLock;

  /**
   * This node's name.
   *
   * @return {@code timerlock.node-id}, else the server's name for this instance (e.g. {@code node1}
   *     on WildFly)
   */
  public String name() {
    return timerLock.nodeId();
  }
}
