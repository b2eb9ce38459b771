package basic

import (
	"fmt"
	"net/http"
	"time"

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

// A service whose generators are function literals: one makes a key from
// the clock, one from a random UUID, one returns a constant.
type literals struct {
	newKey   func() string
	newRef   func() string
	fixedKey func() string
}

func newLiterals() *literals {
	return &literals{
		newKey:   func() string { return fmt.Sprintf("k-%d", time.Now().UnixNano()) },
		newRef:   func() string { return "R-" + uuid.NewString() },
		fixedKey: func() string { return "k-1" },
	}
}

func (s *literals) Create(w http.ResponseWriter, r *http.Request) {
	db.ExecContext(r.Context(), "INSERT INTO orders (id, total) VALUES ($1, $2)", s.newKey(), 10) // want `a retry inserts a second orders row with a new id: time.Now\(\) is fresh on every attempt \(HTTP handler literals.Create\)`
}

func (s *literals) Reference(w http.ResponseWriter, r *http.Request) {
	db.ExecContext(r.Context(), "INSERT INTO orders (id, total) VALUES ($1, $2)", s.newRef(), 10) // want `a retry inserts a second orders row with a new id: uuid.NewString\(\) is fresh on every attempt \(HTTP handler literals.Reference\)`
}

// Negative: the literal returns the same value on every call.
func (s *literals) Fixed(w http.ResponseWriter, r *http.Request) {
	db.ExecContext(r.Context(), "INSERT INTO orders (id, total) VALUES ($1, $2)", s.fixedKey(), 10)
}

// A field that holds a literal or a constant function, by how the
// service is made: not every function it can hold is fresh.
type mixed struct{ newKey func() string }

func newMixed(test bool) *mixed {
	if test {
		return &mixed{newKey: func() string { return "k-1" }}
	}
	return &mixed{newKey: func() string { return uuid.NewString() }}
}

// Negative: one of the functions the field can hold returns a constant.
func (s *mixed) Create(w http.ResponseWriter, r *http.Request) {
	db.ExecContext(r.Context(), "INSERT INTO orders (id, total) VALUES ($1, $2)", s.newKey(), 10)
}
