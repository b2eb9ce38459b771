// Package xstore is a repository in another package than the handlers
// that call it; what it does reaches them through facts.
package xstore

import (
	"context"
	"database/sql"

	"github.com/google/uuid"
)

type Store struct{ DB *sql.DB }

type Order struct {
	ID    string
	Total int64
}

// Insert stores an order under the id it is given.
func (s *Store) Insert(ctx context.Context, o Order) error {
	_, err := s.DB.ExecContext(ctx, "INSERT INTO orders (id, total) VALUES ($1, $2)", o.ID, o.Total)
	return err
}

// InsertID stores an order under id.
func (s *Store) InsertID(ctx context.Context, id uuid.UUID) error {
	_, err := s.DB.ExecContext(ctx, "INSERT INTO orders (id) VALUES ($1)", id)
	return err
}

// Create makes its own id: the defect is here, but no root of this
// package reaches it, so the handler's package reports it.
func (s *Store) Create(ctx context.Context, total int64) error {
	id := uuid.NewString()
	_, err := s.DB.ExecContext(ctx, "INSERT INTO orders (id, total) VALUES ($1, $2)", id, total)
	return err
}

// NewID returns a fresh id.
func NewID() string { return uuid.NewString() }

// CreateKeyed is safe: the id comes from the caller's key, and a retry's
// row is absorbed.
func (s *Store) CreateKeyed(ctx context.Context, key string) error {
	_, err := s.DB.ExecContext(ctx, "INSERT INTO orders (id) VALUES ($1) ON CONFLICT DO NOTHING", key)
	return err
}

// NewOrder is an entity constructor: the order's identity is fresh on
// every call.
func NewOrder(total int64) *Order {
	return &Order{ID: uuid.NewString(), Total: total}
}

// NewPricedOrder takes the identity from the caller.
func NewPricedOrder(id string, total int64) Order {
	return Order{ID: id, Total: total}
}

// Row is the storage model of an order.
type Row struct {
	ID    string
	Total int64
}

// ToRow maps an order to its row, field by field.
func ToRow(o Order) Row {
	return Row{ID: o.ID, Total: o.Total}
}

// InsertRow stores a row under its ID.
func (s *Store) InsertRow(ctx context.Context, r Row) error {
	_, err := s.DB.ExecContext(ctx, "INSERT INTO orders (id, total) VALUES ($1, $2)", r.ID, r.Total)
	return err
}

// A Movement is a ledger movement, with the key its caller dedups it
// on, when it has one.
type Movement struct {
	Key    string
	Amount int64
}

// Post inserts a movement under a fresh ID: keyed, it ignores a second
// one with the same key (movements.key is unique); without a key, it
// inserts one per call.
func (s *Store) Post(ctx context.Context, m Movement) error {
	id := uuid.NewString()
	if m.Key != "" {
		_, err := s.DB.ExecContext(ctx, "INSERT INTO movements (id, key, amount) VALUES ($1, $2, $3) ON CONFLICT (key) DO NOTHING", id, m.Key, m.Amount)
		return err
	}
	_, err := s.DB.ExecContext(ctx, "INSERT INTO movements (id, amount) VALUES ($1, $2)", id, m.Amount)
	return err
}

// A Transfer is sent to a provider with the key its caller gives, or
// with one made for the call when it gives none.
type Transfer struct {
	Key  string
	Note string
}

// Send fills in the note only when there is one (a branch that does not
// decide the key), then makes a key only when the caller gave none.
func (s *Store) Send(ctx context.Context, t Transfer) error {
	var note string
	if t.Note != "" {
		note = t.Note
	}
	key := t.Key
	if key == "" {
		key = uuid.NewString()
	}
	_, err := s.DB.ExecContext(ctx, "INSERT INTO transfers (id, note) VALUES ($1, $2)", key, note)
	return err
}

// AddLine inserts a line under a new ID.
func (s *Store) AddLine(ctx context.Context, amount int64) error {
	_, err := s.DB.ExecContext(ctx, "INSERT INTO lines (id, amount) VALUES ($1, $2)", uuid.NewString(), amount)
	return err
}
