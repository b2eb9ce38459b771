package app

import (
	"testing"

	"go.uber.org/fx"
)

func TestGraphValidates(t *testing.T) {
	t.Setenv("DATABASE_URL", "postgres://localhost/settlements_test?sslmode=disable")
	if err := fx.ValidateApp(Options()); err != nil {
		t.Fatalf("fx graph: %v", err)
	}
}
