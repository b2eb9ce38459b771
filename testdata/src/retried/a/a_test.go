package a

import (
	"net/http"
	"testing"
)

// A handler in a test is not a root: tests run once.
func testHandler(w http.ResponseWriter, r *http.Request) {
	store(r.Context())
}

func TestCreate(t *testing.T) {}
