#!/usr/bin/env bash
# bench/run.sh — compare the cost of idemlint under `go vet -vettool` against a
# no-op vet tool (bench/noop) on real modules from the Go module proxy.
#
# Run by hand from anywhere:   bash bench/run.sh
# Environment:
#   BENCH_ROUNDS  number of timed rounds per module and tool (default 5)
#   IDEMLINT_BIN  prebuilt idemlint vet tool to use instead of building ./cmd/idemlint
#
# See bench/README.md for how to read the output.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
ROUNDS="${BENCH_ROUNDS:-5}"
MODULES=(
	github.com/hibiken/asynq@v0.26.0
	github.com/nats-io/nats-server/v2@v2.15.2
)
TOOLS=(idemlint noop)

case "$ROUNDS" in
'' | *[!0-9]* | 0) echo "BENCH_ROUNDS must be a positive integer, got '$ROUNDS'" >&2; exit 2 ;;
esac
if [[ ! -x /usr/bin/time ]]; then
	echo "GNU time (/usr/bin/time) is required: apt-get install time" >&2
	exit 2
fi

WORK="$(mktemp -d "${TMPDIR:-/tmp}/idemlint-bench.XXXXXX")"
cleanup() {
	chmod -R u+w "$WORK" 2>/dev/null || true
	rm -rf "$WORK"
}
trap cleanup EXIT

log() { echo "bench: $*" >&2; }

# --- build the tools -------------------------------------------------------
mkdir -p "$WORK/bin" "$WORK/copies" "$WORK/src" "$WORK/out"
if [[ -n "${IDEMLINT_BIN:-}" ]]; then
	log "using prebuilt idemlint: $IDEMLINT_BIN"
	cp "$IDEMLINT_BIN" "$WORK/bin/idemlint"
else
	log "building ./cmd/idemlint"
	(cd "$ROOT" && go build -o "$WORK/bin/idemlint" ./cmd/idemlint)
fi
log "building ./bench/noop"
(cd "$ROOT" && go build -o "$WORK/bin/noop" ./bench/noop)
chmod u+x "$WORK/bin/idemlint" "$WORK/bin/noop"

# From here on, every go command shares one fresh build cache for this run:
# the compile (export data) cache is shared by both tools; only the vet action
# cache is defeated, per run, by the byte-appended tool copy below.
export GOCACHE="$WORK/gocache"
mkdir -p "$GOCACHE"

# freshtool TOOL: print the path of a new copy of TOOL's binary with bytes
# appended. go vet keys its cached results on the vet tool's content hash
# (unitchecker's -V=full prints a SHA-256 of the executable), so a new hash
# means no vet result can be reused. One NUL byte alone would give every copy
# the same hash (round 2 would hit round 1's cache), so the NUL is followed
# by a per-run-unique counter. The counter lives in a file because freshtool
# runs inside $(...) subshells.
echo 0 >"$WORK/copies/counter"
freshtool() {
	local n
	n=$(($(cat "$WORK/copies/counter") + 1))
	echo "$n" >"$WORK/copies/counter"
	local copy="$WORK/copies/$1.$n"
	cp "$WORK/bin/$1" "$copy"
	printf '\0%d' "$n" >>"$copy"
	echo "$copy"
}

# --- fetch and prepare the modules ------------------------------------------
declare -A MODDIR
for mv in "${MODULES[@]}"; do
	log "downloading $mv"
	json="$(cd "$WORK" && go mod download -json "$mv")"
	dir="$(printf '%s\n' "$json" | sed -n 's/^[[:space:]]*"Dir": "\(.*\)",\{0,1\}$/\1/p')"
	if [[ -z "$dir" || ! -d "$dir" ]]; then
		echo "go mod download gave no Dir for $mv:" >&2
		printf '%s\n' "$json" >&2
		exit 1
	fi
	name="${mv%@*}"
	dst="$WORK/src/${name//\//_}"
	cp -R "$dir" "$dst"
	chmod -R u+w "$dst"
	MODDIR[$mv]="$dst"
	log "warming $mv (go mod download, go build ./..., one untimed vet)"
	(
		cd "$dst"
		go mod download
		go build ./...
		# go build does not compile test-only dependencies, which vet needs
		# too (it checks _test.go files): one untimed noop vet warms those.
		rc=0
		go vet -vettool="$(freshtool noop)" ./... >/dev/null 2>"$WORK/out/warm.err" || rc=$?
		if ((rc != 0 && rc != 1)); then
			echo "warm-up go vet failed in $mv (exit $rc):" >&2
			cat "$WORK/out/warm.err" >&2
			exit 1
		fi
	)
done

# --- timed rounds ------------------------------------------------------------
# Each sample is "wall_seconds peak_rss_kb". /usr/bin/time's %M is ru_maxrss
# from wait4 on `go vet`, i.e. getrusage(RUSAGE_CHILDREN) semantics: the
# maximum RSS of the largest single process in the waited-for tree (the go
# command, a compiler, or one vet tool process), in KB — not the sum.
declare -A SAMPLES
for ((round = 1; round <= ROUNDS; round++)); do
	for mv in "${MODULES[@]}"; do
		for tool in "${TOOLS[@]}"; do
			copy="$(freshtool "$tool")"
			tf="$WORK/out/time"
			rc=0
			(cd "${MODDIR[$mv]}" &&
				/usr/bin/time -o "$tf" -f '%e %M' go vet -vettool="$copy" ./... \
					>"$WORK/out/stdout" 2>"$WORK/out/stderr") || rc=$?
			if ((rc != 0 && rc != 1)); then
				echo "go vet -vettool=$tool failed in $mv (exit $rc):" >&2
				cat "$WORK/out/stderr" >&2
				exit 1
			fi
			if ((rc == 1)) && [[ "$tool" == noop ]]; then
				log "warning: noop vet exited 1 in $mv (load/type errors?):"
				head -n 5 "$WORK/out/stderr" >&2
			fi
			# With a non-zero exit, GNU time writes a "Command exited with
			# non-zero status" line first; the format line is always last.
			sample="$(tail -n 1 "$tf")"
			SAMPLES[$mv/$tool]+="$sample"$'\n'
			rm -f "$copy"
			log "round $round/$ROUNDS $mv $tool: exit $rc, ${sample% *}s, $((${sample#* } / 1024)) MB"
		done
	done
done

# --- report -------------------------------------------------------------------
# median COLUMN: median of column COLUMN of the samples on stdin.
median() {
	awk -v c="$1" 'NF { print $c }' | sort -g | awk '
		{ v[NR] = $1 }
		END {
			if (NR == 0) { print "nan"; exit }
			if (NR % 2) print v[(NR + 1) / 2]
			else print (v[NR / 2] + v[NR / 2 + 1]) / 2
		}'
}

echo
echo "go vet -vettool, $ROUNDS round(s), $(go version | awk '{print $3}'), $(nproc) CPUs"
printf '%-44s %-9s %12s %14s\n' module tool "wall (s)" "peak RSS (MB)"
declare -A WALL RSS
for mv in "${MODULES[@]}"; do
	for tool in "${TOOLS[@]}"; do
		WALL[$mv/$tool]="$(printf '%s' "${SAMPLES[$mv/$tool]}" | median 1)"
		RSS[$mv/$tool]="$(printf '%s' "${SAMPLES[$mv/$tool]}" | median 2)" # KB
		printf '%-44s %-9s %12.2f %14.1f\n' "$mv" "$tool" "${WALL[$mv/$tool]}" \
			"$(awk -v k="${RSS[$mv/$tool]}" 'BEGIN { print k / 1024 }')"
	done
done
echo
echo "ratios idemlint/noop (targets: wall <= 1.40x, peak RSS <= 1.80x)"
printf '%-44s %8s %10s\n' module wall "peak RSS"
for mv in "${MODULES[@]}"; do
	awk -v m="$mv" \
		-v wi="${WALL[$mv/idemlint]}" -v wn="${WALL[$mv/noop]}" \
		-v ri="${RSS[$mv/idemlint]}" -v rn="${RSS[$mv/noop]}" \
		'BEGIN {
			printf "%-44s %7.2fx %9.2fx\n", m,
				(wn > 0 ? wi / wn : 0), (rn > 0 ? ri / rn : 0)
		}'
done
exit 0
