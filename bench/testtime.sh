#!/usr/bin/env bash
# bench/testtime.sh — time the README's test command, go test ./..., at
# several revisions on this machine, interleaved.
#
# Usage, from the root of a checkout:
#
#	BENCH_ROUNDS=2 bash bench/testtime.sh REV...
#
# Each revision is cloned once into a temporary directory; a first,
# untimed run per clone fills the build cache (dependencies, test
# binaries). Then, round by round, each clone runs `go test -count=1
# ./...` (no cached test results), and the script prints one line per
# run: round, revision, wall seconds, user and system CPU seconds, exit
# status. The rounds interleave the revisions, so that a busy moment of
# the machine does not fall on one of them only.
set -euo pipefail
export LC_ALL=C
rounds="${BENCH_ROUNDS:-2}"
[[ $# -gt 0 ]] || { echo "usage: bash bench/testtime.sh REV..." >&2; exit 2; }
src="$(git rev-parse --show-toplevel)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

for rev in "$@"; do
	git clone -q "$src" "$work/$rev"
	git -C "$work/$rev" checkout -q "$rev"
	(cd "$work/$rev" && go test -count=1 ./... >/dev/null 2>&1) || true
done
printf 'round\trevision\twall_s\tuser_s\tsys_s\texit\n'
for round in $(seq 1 "$rounds"); do
	for rev in "$@"; do
		t="$work/time.$rev.$round"
		status=0
		(cd "$work/$rev" && /usr/bin/time -o "$t" -f '%e\t%U\t%S' go test -count=1 ./... >"$work/out.$rev.$round" 2>&1) || status=$?
		printf '%s\t%s\t%s\t%s\n' "$round" "$rev" "$(cat "$t" | tail -1)" "$status"
	done
done
