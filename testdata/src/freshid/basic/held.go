package basic

import (
	"net/http"

	"github.com/google/uuid"
)

// A service holds its ID generator in a field, set by its constructor.
type service struct {
	newID  func() string
	nextNo func() string
}

func newService() *service {
	return &service{newID: uuid.NewString, nextNo: func() string { return "fixed" }}
}

func (s *service) Create(w http.ResponseWriter, r *http.Request) {
	db.ExecContext(r.Context(), "INSERT INTO orders (id, total) VALUES ($1, $2)", s.newID(), 10) // want `a retry inserts a second orders row with a new id: uuid.NewString\(\) is fresh on every attempt \(HTTP handler service.Create\)`
}

// Negative: the other field holds a function that is no generator.
func (s *service) Number(w http.ResponseWriter, r *http.Request) {
	db.ExecContext(r.Context(), "INSERT INTO orders (id, total) VALUES ($1, $2)", s.nextNo(), 10)
}
