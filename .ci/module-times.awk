# Passes Maven's output through unchanged and, when it ends, prints how long each reactor module
# took by the wall clock, the module that was running last marked as such. A slow or hung module
# is then seen at the end of the log without reading it.
function now() { return systime() }
/^\[INFO\] Building .* \[[0-9]+\/[0-9]+\]$/ {
  if (current != "") { took[current] = now() - started }
  current = $0
  sub(/^\[INFO\] Building /, "", current)
  sub(/ +\[[0-9]+\/[0-9]+\]$/, "", current)
  order[++count] = current
  started = now()
}
{ print; fflush() }
END {
  if (current != "") { took[current] = now() - started }
  print ""
  print "Time per module (wall clock):"
  for (i = 1; i <= count; i++) {
    name = order[i]
    printf "  %-55s %4d s%s\n", name, took[name], (i == count ? "   (last)" : "")
  }
  printf "  %-55s %4d s\n", "total", now() - first
}
BEGIN { first = now() }
