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

// KeyFunc mints a key; the default is a declared function of the
// package, which an option may replace.
type KeyFunc func() string

// NewOperationKey returns a random, prefixed key.
func NewOperationKey() string { return "op_" + uuid.NewString() }

// FixedKey returns the same key every time.
func FixedKey() string { return "op_1" }

type declared struct{ newKey KeyFunc }

type option func(*declared)

// WithKeyFunc replaces the default; nothing in the package calls it.
func WithKeyFunc(f KeyFunc) option { return func(d *declared) { d.newKey = f } }

func newDeclared(opts ...option) *declared {
	d := &declared{newKey: NewOperationKey}
	for _, o := range opts {
		o(d)
	}
	return d
}

func (s *declared) Create(w http.ResponseWriter, r *http.Request) {
	db.ExecContext(r.Context(), "INSERT INTO orders (id, total) VALUES ($1, $2)", s.newKey(), 10) // want `a retry inserts a second orders row with a new id: uuid.NewString\(\) is fresh on every attempt \(HTTP handler declared.Create\)`
}

// Negative: the package also makes the service with a fixed key, so the
// field can hold a function that is no generator.
type declaredMixed struct{ newKey KeyFunc }

func newDeclaredMixed(test bool) *declaredMixed {
	if test {
		return &declaredMixed{newKey: FixedKey}
	}
	return &declaredMixed{newKey: NewOperationKey}
}

func (s *declaredMixed) Create(w http.ResponseWriter, r *http.Request) {
	db.ExecContext(r.Context(), "INSERT INTO orders (id, total) VALUES ($1, $2)", s.newKey(), 10)
}

type earning struct {
	ID     string
	Amount int
}

// earningFor makes an earning with a fresh ID.
func earningFor(amount int) earning { return earning{ID: uuid.NewString(), Amount: amount} } // want `a retry inserts a second earnings row with a new id: uuid.NewString\(\) is fresh on every attempt \(HTTP handler service.Settle\)`

// bonusFor makes a bonus earning with a fresh ID.
func bonusFor(amount int) earning { return earning{ID: uuid.NewString(), Amount: amount} }

func insertEarning(r *http.Request, e earning) {
	db.ExecContext(r.Context(), "INSERT INTO earnings (id, amount) VALUES ($1, $2)", e.ID, e.Amount)
}

func (s *service) Settle(w http.ResponseWriter, r *http.Request) {
	e := earningFor(10)
	e.Amount /= 2
	insertEarning(r, e)
}

// Negative: the fresh ID is replaced by one derived from the request
// before the earning is stored.
func (s *service) NoShow(w http.ResponseWriter, r *http.Request) {
	e := bonusFor(10)
	e.ID = "no-show-" + r.Header.Get("Idempotency-Key")
	insertEarning(r, e)
}
