#!/usr/bin/env bash
# Starts a PostgreSQL server from Debian's packages on loopback for the
# tests that run SQL (internal/e2e/postgres_test.go), installing it when
# the machine lacks it, and prints the environment the tests read.
set -euo pipefail
if ! ls /usr/lib/postgresql/*/bin/postgres >/dev/null 2>&1; then
	apt-get update -qq >/dev/null
	DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >/dev/null
fi
ver=$(ls /usr/lib/postgresql | sort -n | tail -1)
if ! pg_lsclusters -h | grep -q "^$ver main"; then
	pg_createcluster "$ver" main >/dev/null
fi
pg_ctlcluster "$ver" main start 2>/dev/null || true
for _ in $(seq 1 30); do
	if su postgres -c "psql -qAt -c 'select 1'" >/dev/null 2>&1; then break; fi
	sleep 1
done
su postgres -c "psql -q -c \"ALTER USER postgres PASSWORD 'idemlint'\"" >/dev/null
echo "IDEMLINT_PG=host=127.0.0.1 port=5432 user=postgres password=idemlint dbname=postgres"
