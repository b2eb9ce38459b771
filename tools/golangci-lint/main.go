// Command golangci-lint is golangci-lint v2 with idemlint compiled in as
// the module plugin "idemlint".
//
// It is what `golangci-lint custom` builds from .custom-gcl.yml, without
// the git clone of golangci-lint that custom starts with: golangci-lint
// comes from the Go module proxy as a dependency of this module, and
// idemlint from the tree this module sits in. Build it with build.sh in
// this directory, or:
//
//	cd tools/golangci-lint && go build -o ../../custom-gcl .
//
// The body is golangci-lint's own cmd/golangci-lint/main.go, except for
// the version: see version.
package main

import (
	"cmp"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"os"
	"runtime/debug"
	"strings"

	"github.com/golangci/golangci-lint/v2/pkg/commands"
	"github.com/golangci/golangci-lint/v2/pkg/exitcodes"

	_ "github.com/idemlint/idemlint/plugin/golangci"
)

func main() {
	if err := commands.Execute(buildInfo()); err != nil {
		_, _ = fmt.Fprintf(os.Stderr, "The command is terminated due to an error: %v\n", err)
		os.Exit(exitcodes.Failure)
	}
}

func buildInfo() commands.BuildInfo {
	info := commands.BuildInfo{
		Version:   version(),
		Commit:    "?",
		GoVersion: "unknown",
		Date:      "(unknown)",
	}
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		return info
	}
	info.GoVersion = bi.GoVersion
	var revision, modified string
	for _, s := range bi.Settings {
		switch s.Key {
		case "vcs.time":
			info.Date = s.Value
		case "vcs.revision":
			revision = s.Value
		case "vcs.modified":
			modified = s.Value
		}
	}
	info.Commit = fmt.Sprintf("(%s, modified: %s)", cmp.Or(revision, "unknown"), cmp.Or(modified, "?"))
	return info
}

// version returns golangci-lint's version with the hash of this
// executable appended, e.g. "2.15.0-idemlint-3f1c9a2b7d4e".
//
// golangci-lint salts its cache of analysis results with the version, so
// the version must change whenever the compiled-in plugin does; otherwise
// a rebuilt binary would replay the findings of the previous idemlint for
// every unchanged package. Upstream's main takes the main module's
// version, which for this module is "(devel)" or a VCS pseudo-version
// that stays the same across uncommitted edits; `golangci-lint custom`
// appends a hash of the plugin's source instead. Hashing the executable
// covers the plugin, its dependencies and the Go toolchain alike, and
// costs what golangci-lint would spend hashing it for "(devel)".
func version() string {
	v := "(devel)"
	if bi, ok := debug.ReadBuildInfo(); ok {
		for _, dep := range bi.Deps {
			if dep.Path == "github.com/golangci/golangci-lint/v2" {
				v = strings.TrimPrefix(dep.Version, "v")
			}
		}
	}
	h, err := hashExecutable()
	if err != nil {
		// golangci-lint hashes the executable itself for "(devel)".
		return "(devel)"
	}
	return v + "-idemlint-" + h
}

func hashExecutable() (string, error) {
	path, err := os.Executable()
	if err != nil {
		return "", err
	}
	f, err := os.Open(path)
	if err != nil {
		return "", err
	}
	defer f.Close()
	h := sha256.New()
	if _, err := io.Copy(h, f); err != nil {
		return "", err
	}
	return hex.EncodeToString(h.Sum(nil))[:12], nil
}
