package main

import (
	"testing"

	"go.uber.org/fx"
)

func TestGraphIsComplete(t *testing.T) {
	if err := fx.ValidateApp(appOptions()); err != nil {
		t.Fatal(err)
	}
}
