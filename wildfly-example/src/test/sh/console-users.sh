#!/bin/sh
# Adds the console's test users to each node's application realm (application-users.properties and
# application-roles.properties of the node's configuration directory), the way docs/security.md
# tells a WildFly administrator to: viewer (role timerlock-viewer), operator (timerlock-operator),
# nobody (no console role).
#   console-users.sh JBOSS_HOME NODE_BASE_DIR...
set -eu
jboss_home=$1; shift
for base in "$@"; do
  for user in viewer:timerlock-viewer operator:timerlock-operator nobody:other; do
    name=${user%%:*}
    JBOSS_HOME=$jboss_home sh "$jboss_home/bin/add-user.sh" -s -a -u "$name" -p "$name-Secret-1" \
      -g "${user#*:}" -sc "$base/configuration"
  done
done
