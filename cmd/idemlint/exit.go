package main

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"strings"

	"github.com/idemlint/idemlint"
)

// childEnv marks the run that does the work when exit codes are mapped.
const childEnv = "IDEMLINT_STANDALONE_CHILD"

// standalone reports whether idemlint runs as a command of its own, not
// under go vet, and is not the child run of exitAsVet.
func standalone(args []string) bool {
	return !underVet(args) && os.Getenv(childEnv) == ""
}

// underVet reports whether idemlint runs under go vet's protocol: with a
// *.cfg argument, -flags or -V=full.
func underVet(args []string) bool {
	for _, a := range args {
		if strings.HasSuffix(a, ".cfg") || a == "-flags" || strings.HasPrefix(a, "-V") {
			return true
		}
	}
	return false
}

// exitAsVet runs idemlint again as a child and exits with go vet's codes:
// the standalone checker of golang.org/x/tools exits 3 when it reports
// findings, where go vet exits 1. The child shares standard input and
// output, and the process group, so interrupts reach it too; its
// standard error, and its -json output, pass through the filter of
// skipped analyses.
func exitAsVet() {
	self, err := os.Executable()
	if err != nil {
		fmt.Fprintf(os.Stderr, "idemlint: %v\n", err)
		os.Exit(2)
	}
	cmd := exec.Command(self, os.Args[1:]...)
	cmd.Env = append(os.Environ(), childEnv+"=1")
	cmd.Stdin, cmd.Stdout = os.Stdin, os.Stdout
	// With -json, the checker writes one tree when it is done: it is
	// held, to drop the skipped analyses from it.
	var jsonOut bytes.Buffer
	asJSON := boolFlag(os.Args[1:], "json")
	if asJSON {
		cmd.Stdout = &jsonOut
	}
	checks := make([]string, len(idemlint.Checks()))
	for i, m := range idemlint.Checks() {
		checks[i] = m.Name
	}
	filter := newSkipFilter(checks, idemlint.Analyzers())
	stderr, err := cmd.StderrPipe()
	if err == nil {
		err = cmd.Start()
	}
	if err == nil {
		filter.copy(os.Stderr, stderr)
		err = cmd.Wait()
		if asJSON {
			os.Stdout.Write(filter.json(jsonOut.Bytes()))
		}
		if note := skippedNote(filter.pkgs); note != "" {
			fmt.Fprintln(os.Stderr, note)
		}
	}
	var exit *exec.ExitError
	switch {
	case err == nil:
		os.Exit(0)
	case errors.As(err, &exit) && exit.ExitCode() == 3:
		os.Exit(1)
	case errors.As(err, &exit) && exit.ExitCode() > 0:
		os.Exit(exit.ExitCode())
	}
	fmt.Fprintf(os.Stderr, "idemlint: %v\n", err)
	os.Exit(1)
}
