package main

import (
	"io"
	"log/slog"
	"testing"

	"go.uber.org/dig"
)

// TestWiring resolves the whole graph without calling any constructor.
func TestWiring(t *testing.T) {
	c, err := buildContainer(slog.New(slog.NewTextHandler(io.Discard, nil)), dig.DryRun(true))
	if err != nil {
		t.Fatal(err)
	}
	if err := c.Invoke(func(runParams) {}); err != nil {
		t.Fatal(err)
	}
}
