package main

import (
	"testing"

	"go.uber.org/fx"
)

func TestGraphValidates(t *testing.T) {
	if err := fx.ValidateApp(Modules()); err != nil {
		t.Fatal(err)
	}
}
