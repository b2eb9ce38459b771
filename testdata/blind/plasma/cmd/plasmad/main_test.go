package main

import (
	"testing"

	"go.uber.org/fx"
)

// TestGraph checks that every dependency in the fx graph can be satisfied
// without starting anything.
func TestGraph(t *testing.T) {
	if err := fx.ValidateApp(options()); err != nil {
		t.Fatal(err)
	}
}
