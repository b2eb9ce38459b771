package app

import (
	"testing"

	"go.uber.org/fx"
)

func TestGraphResolves(t *testing.T) {
	if err := fx.ValidateApp(Options()); err != nil {
		t.Fatal(err)
	}
}
