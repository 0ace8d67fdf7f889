#!/usr/bin/env bash
# Makes PostgreSQL, MariaDB and Redis answer on 127.0.0.1 with the databases the tests expect
# (PostgreSQL db "test" user "postgres", MariaDB db "test" user "root" without password, Redis 6379).
# Starts them when installed and stopped; installs them with apt-get when missing and running as root.
# Also installs Debian's Chromium and its chromedriver (/usr/bin/chromium, /usr/bin/chromedriver) for
# the operator console's browser test, and npm, which fetches axe-core for that test.
set -euo pipefail

log() { echo "[services] $*"; }

wait_for() { # description, command...
  local what=$1; shift
  for _ in $(seq 1 60); do
    if "$@" >/dev/null 2>&1; then log "$what is up"; return 0; fi
    sleep 1
  done
  log "$what did not come up"; return 1
}

need_packages=()
command -v pg_ctlcluster >/dev/null || need_packages+=(postgresql)
command -v mariadbd >/dev/null || [ -x /usr/sbin/mariadbd ] || need_packages+=(mariadb-server)
command -v redis-server >/dev/null || need_packages+=(redis-server)
command -v chromium >/dev/null || need_packages+=(chromium)
command -v chromedriver >/dev/null || need_packages+=(chromium-driver)
command -v npm >/dev/null || need_packages+=(npm)
if [ ${#need_packages[@]} -gt 0 ]; then
  if [ "$(id -u)" -ne 0 ]; then
    log "missing ${need_packages[*]} and not root: install them, or set TIMERLOCK_TEST_*_URL"; exit 1
  fi
  log "installing ${need_packages[*]}"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq "${need_packages[@]}" postgresql-client mariadb-client redis-tools >/dev/null
fi

# PostgreSQL
if ! pg_isready -h 127.0.0.1 -p 5432 >/dev/null 2>&1; then
  cluster_version=$(ls /etc/postgresql | sort -V | tail -1)
  log "starting PostgreSQL $cluster_version"
  pg_ctlcluster --skip-systemctl-redirect "$cluster_version" main start || true
fi
wait_for PostgreSQL pg_isready -h 127.0.0.1 -p 5432
if ! psql -h 127.0.0.1 -U postgres -d test -c 'select 1' >/dev/null 2>&1; then
  log "preparing PostgreSQL database test (trust auth for local connections)"
  su postgres -c "psql -qc \"select 1\"" >/dev/null
  su postgres -c "psql -tAc \"select 1 from pg_database where datname='test'\"" | grep -q 1 \
    || su postgres -c "createdb test"
  hba=$(su postgres -c "psql -tAc 'show hba_file'")
  if ! grep -q '^host all all 127.0.0.1/32 trust' "$hba"; then
    sed -i '1i host all all 127.0.0.1/32 trust\nhost all all ::1/128 trust' "$hba"
    su postgres -c "psql -qc 'select pg_reload_conf()'" >/dev/null
  fi
fi
wait_for "PostgreSQL db test" psql -h 127.0.0.1 -U postgres -d test -c 'select 1'

# MariaDB
if ! mysqladmin -h 127.0.0.1 -uroot ping >/dev/null 2>&1; then
  log "starting MariaDB"
  mkdir -p /run/mysqld && chown mysql:mysql /run/mysqld 2>/dev/null || true
  start-stop-daemon --start --oknodo --background --exec /usr/sbin/mariadbd
fi
wait_for MariaDB mysqladmin -h 127.0.0.1 -uroot ping
if ! mysql -h 127.0.0.1 -uroot -e 'use test' >/dev/null 2>&1; then
  log "preparing MariaDB database test"
  mysql -uroot -e "create database if not exists test;
    alter user 'root'@'localhost' identified via mysql_native_password using password('');" || true
fi
wait_for "MariaDB db test" mysql -h 127.0.0.1 -uroot -e 'use test'

# Redis
if ! redis-cli -h 127.0.0.1 -p 6379 ping >/dev/null 2>&1; then
  log "starting Redis"
  mkdir -p /var/lib/redis /var/log/redis
  redis-server --daemonize yes --bind 127.0.0.1 -::1 --port 6379 --save "" --appendonly no \
    --dir /var/lib/redis --logfile /var/log/redis/ci.log
fi
wait_for Redis redis-cli -h 127.0.0.1 -p 6379 ping
