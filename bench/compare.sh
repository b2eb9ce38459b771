#!/usr/bin/env bash
# bench/compare.sh — record idemlint's output on a fixed set of modules, so that
# two checkouts (before and after a change meant to keep behaviour) can be
# compared byte for byte.
#
# Usage, from the root of a checkout:
#
#	bash bench/compare.sh OUTDIR
#	diff -r -x idemlint OUTDIR_BEFORE OUTDIR_AFTER
#
# It builds ./cmd/idemlint into OUTDIR/idemlint and, in a copy of each module
# (the checkout and the sources are never modified), runs
# `idemlint -json ./...` and `idemlint -fix -diff ./...`, writing
#
#	OUTDIR/<name>.json   the -json output
#	OUTDIR/<name>.diff   the -fix -diff output
#	OUTDIR/<name>.log    both exit codes and standard errors
#	OUTDIR/findings.txt  the number of findings per module and check
#
# where <name> is the module's directory with "/" turned into "." (earlier
# outputs in OUTDIR are removed first). Absolute paths are replaced by
# $MODULE (the module's root), $WORK, $GOMODCACHE, $GOROOT and $CHECKOUT.
#
# Modules: testdata/mod/*, examples/payments, and the open-source modules of
# docs/evaluation.md, read from $EVALSRC/<name>, each a
# checkout of the commit below:
#
#	watermill           ThreeDotsLabs/watermill             c9b951f72c9dfec1fd5351f0e5ae521120f6fc0b  _examples/* (34 modules)
#	watermill-sql       ThreeDotsLabs/watermill-sql         e26c90d3fc8f1a2fc77f3ace30d4fc2b8e913a62  .
#	samples-go          temporalio/samples-go               3c8a12e407354af125d86e654bd38621452d5714  . codec-server grpc-proxy
#	river               riverqueue/river                    fdf6cdf12567a5b70c003f5ff850273f09e7efcf  go.work without riverdrivertest
#	asynq               hibiken/asynq                       785bb7208cb0766877fcc20ac1dbebe857a43c9b  . tools x
#	microservices-demo  GoogleCloudPlatform/microservices-demo 34ffea9175946982c3088ed84994fe6019ad6e92 src/{checkout,productcatalog,shipping}service src/frontend
#
# As in docs/evaluation.md, modules run with GOFLAGS=-mod=mod GOWORK=off, and
# river in its own workspace, without riverdriver/riverdrivertest (one of its
# dependencies is not on the module proxy). Dependencies come from the Go
# module proxy.
set -euo pipefail
export LC_ALL=C GOTOOLCHAIN=local

if [[ $# -ne 1 ]]; then
	echo "usage: bash bench/compare.sh OUTDIR  (from the root of a checkout)" >&2
	exit 2
fi
ROOT="$PWD"
[[ -d "$ROOT/cmd/idemlint" ]] || { echo "compare: run from the root of an idemlint checkout" >&2; exit 2; }
EVALSRC="${EVALSRC:?set EVALSRC to the directory that holds the checkouts listed above}"
REPOS=(watermill watermill-sql samples-go river asynq microservices-demo)
for repo in "${REPOS[@]}"; do
	[[ -d "$EVALSRC/$repo" ]] || { echo "compare: $EVALSRC/$repo is missing (see the list in $0)" >&2; exit 2; }
done
mkdir -p "$1"
OUT="$(cd "$1" && pwd)"
rm -f "$OUT"/*.json "$OUT"/*.diff "$OUT"/*.log "$OUT/findings.txt"
WORK="$(mktemp -d "${TMPDIR:-/tmp}/idemlint-compare.XXXXXX")"
trap 'rm -rf "$WORK"' EXIT
export ROOT WORK GOMODCACHE="$(go env GOMODCACHE)" GOROOT="$(go env GOROOT)"
BASEFLAGS="$(go env GOFLAGS)"

go build -o "$OUT/idemlint" ./cmd/idemlint

# Copies of everything the runs read: go may write go.mod and go.sum.
mkdir -p "$WORK/testdata" "$WORK/examples"
cp -R testdata/mod "$WORK/testdata/mod"
cp -R examples/payments "$WORK/examples/payments"
for repo in "${REPOS[@]}"; do cp -R "$EVALSRC/$repo" "$WORK/$repo"; done

# run NAME DIR PATTERN...: idemlint's two runs in DIR, written to OUT/NAME.*.
run() {
	local name="$1" dir="$2" rc start=$SECONDS
	shift 2
	{
		rc=0; (cd "$dir" && "$OUT/idemlint" -json "$@" </dev/null >"$OUT/$name.json" 2>"$WORK/stderr") || rc=$?
		echo "idemlint -json: exit $rc"; cat "$WORK/stderr"
		rc=0; (cd "$dir" && "$OUT/idemlint" -fix -diff "$@" </dev/null >"$OUT/$name.diff" 2>"$WORK/stderr") || rc=$?
		echo "idemlint -fix -diff: exit $rc"; cat "$WORK/stderr"
	} >"$OUT/$name.log"
	MOD="$dir" perl -pi -e 's/\Q$ENV{MOD}\E/\$MODULE/g; s/\Q$ENV{WORK}\E/\$WORK/g;
		s/\Q$ENV{GOMODCACHE}\E/\$GOMODCACHE/g; s/\Q$ENV{GOROOT}\E/\$GOROOT/g;
		s/\Q$ENV{ROOT}\E/\$CHECKOUT/g' "$OUT/$name".{json,diff,log}
	echo "compare: $name: $((SECONDS - start))s" >&2
}

# The modules of one go.mod each, by directory under WORK, sorted.
{
	(cd "$WORK" && find testdata/mod watermill/_examples -name go.mod | sed 's|/go.mod$||')
	printf '%s\n' examples/payments watermill-sql samples-go samples-go/codec-server samples-go/grpc-proxy asynq asynq/tools asynq/x \
		microservices-demo/src/checkoutservice microservices-demo/src/frontend \
		microservices-demo/src/productcatalogservice microservices-demo/src/shippingservice
} | sort >"$WORK/modules"
while read -r dir; do
	GOFLAGS="$BASEFLAGS -mod=mod" GOWORK=off run "${dir//\//.}" "$WORK/$dir" ./...
done <"$WORK/modules"

# river: its own workspace without riverdrivertest, and the patterns of the
# 8 modules that remain (66 packages).
go work edit -dropuse=./riverdriver/riverdrivertest "$WORK/river/go.work"
GOFLAGS="$BASEFLAGS" GOWORK="$WORK/river/go.work" run river "$WORK/river" ./... ./cmd/river/... \
	./riverdriver/... ./riverdriver/{riverdatabasesql,riverpgxv5,riversqlite}/... ./rivershared/... ./rivertype/...

# Findings per module and check: the diagnostics of the -json output, once
# each (a package and its test variant report the same finding twice).
for f in "$OUT"/*.json; do
	jq -r --arg m "$(basename "$f" .json)" '[.[][] | arrays | .[] | {posn, category, message}] | unique |
		"\($m) \(length) \(group_by(.category) | map("\(.[0].category)=\(length)") | join(" "))"' "$f"
done >"$OUT/findings.txt"
echo "compare: $(wc -l <"$OUT/findings.txt") modules, outputs in $OUT, ${SECONDS}s" >&2
