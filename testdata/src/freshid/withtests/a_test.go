package withtests

import (
	"net/http"
	"testing"

	"github.com/google/uuid"
)

var fixtureID = uuid.NewString()

// A handler in a test is not a retried root.
func testHandler(w http.ResponseWriter, r *http.Request) {
	db.Exec("INSERT INTO orders (id) VALUES ($1)", uuid.NewString())
}

func TestCreate(t *testing.T) { _ = fixtureID }
