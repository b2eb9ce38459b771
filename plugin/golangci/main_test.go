package golangci_test

import (
	"testing"

	"github.com/idemlint/idemlint/internal/testmod"
)

// TestMain shares one build of idemlint between the package's tests.
func TestMain(m *testing.M) { testmod.Main(m) }
