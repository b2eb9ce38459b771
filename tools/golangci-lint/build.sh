#!/bin/sh
# build.sh builds golangci-lint with idemlint compiled in, from the Go
# module proxy alone: the binary `golangci-lint custom` builds from
# .custom-gcl.yml, without custom's git clone of golangci-lint.
#
# Usage: tools/golangci-lint/build.sh [OUTPUT]
#
# OUTPUT defaults to ./custom-gcl, the name custom gives its binary. The
# first build compiles all of golangci-lint and takes minutes; go build
# leaves an up-to-date OUTPUT alone, so a build with nothing changed takes
# about a second, and one after a change to idemlint a few seconds.
set -eu
out=${1:-custom-gcl}
case $out in
/*) ;;
*) out=$PWD/$out ;;
esac
cd "$(dirname "$0")"
# -mod=readonly: when go.sum lags behind idemlint's requirements, fail and
# say so (run go mod tidy here) rather than edit it.
GOWORK=off exec go build -mod=readonly -o "$out" .
