// Package plates registers licence plates through a repository main
// wires.
package plates

import (
	"context"
	"net/http"

	"github.com/google/uuid"
)

// A Plate is stored under its own ID; its state and number are a key of
// the table too.
type Plate struct {
	ID     string
	State  string
	Number string
}

// Repo stores plates.
type Repo interface {
	Create(ctx context.Context, p *Plate) error
}

// Service registers plates.
type Service struct{ Repo Repo }

// Register stores the plate the request names: a retry's insert fails
// on the state and number before the new ID adds a row.
func (s *Service) Register(w http.ResponseWriter, r *http.Request) {
	s.Repo.Create(r.Context(), &Plate{ID: uuid.NewString(), State: r.FormValue("state"), Number: r.FormValue("number")})
}

// Reserve stores a plate with no number yet: no key stops the retry.
func (s *Service) Reserve(w http.ResponseWriter, r *http.Request) {
	s.Repo.Create(r.Context(), &Plate{ID: uuid.NewString(), State: r.FormValue("state")}) // want `a retry creates a second Plate with a new ID: uuid.NewString\(\) is fresh on every attempt \(HTTP handler Service.Reserve\)`
}
