// Package app is a service behind an interface whose methods make the
// identities of the rows they store. The handlers pass some of them the
// request's idempotency key, in an input struct or as an argument; only
// the program's composition root sees both sides.
package app

import (
	"context"
	"database/sql"
	"time"

	"github.com/google/uuid"
)

// An Order is stored under its ID.
type Order struct {
	ID    string
	Total int64
}

// An Entry is one line of the ledger.
type Entry struct {
	ID      string
	Account string
	Amount  int64
}

// A PlaceInput is what a handler asks the service to place.
type PlaceInput struct {
	Total          int64
	Note           string
	IdempotencyKey string
}

// Orders is what the handlers call.
type Orders interface {
	Place(ctx context.Context, in PlaceInput) error
	PlaceNoted(ctx context.Context, in PlaceInput) error
	Transfer(ctx context.Context, key, from, to string, amount int64) error
	Import(ctx context.Context, key string, totals []int64) error
	Archive(ctx context.Context, key string) error
	PlaceVia(ctx context.Context, key string, total int64) error
	Label(ctx context.Context, key string) error
	Gift(ctx context.Context, key string, total int64) error
	Single(ctx context.Context, key string, total int64) error
	Receive(ctx context.Context, messageID string, total int64) error
	Accept(ctx context.Context, messageID string) error
}

// Store is what the service calls; main wires its implementation.
type Store interface {
	Insert(ctx context.Context, o Order) error
	Append(ctx context.Context, e Entry) error
	File(ctx context.Context, shipmentID string) error
	Close(ctx context.Context, shop string, day time.Time) error
}

type service struct {
	store Store
	db    *sql.DB
}

// NewService returns the Orders the handlers use.
func NewService(s Store, db *sql.DB) Orders { return &service{store: s, db: db} }

// Place mints the order's identity; the handler passes the request's key
// in the input, from which the fix derives it.
func (s *service) Place(ctx context.Context, in PlaceInput) error {
	return s.store.Insert(ctx, Order{ID: uuid.NewString(), Total: in.Total}) // want `a retry inserts a second orders row with a new id: uuid.NewString\(\) is fresh on every attempt \(HTTP handler Handler.Place\)`
}

// PlaceNoted is called with a note from the request's body in the input,
// and no key: its handler puts the request's key in the context.
func (s *service) PlaceNoted(ctx context.Context, in PlaceInput) error {
	return s.store.Insert(ctx, Order{ID: uuid.NewString(), Total: in.Total}) // want `a retry inserts a second orders row with a new id: uuid.NewString\(\) is fresh on every attempt \(HTTP handler Handler.PlaceNoted\) \[IDEM001\]$`
}

// Transfer makes two entries of one table: derived from one key, each
// gets its own ID.
func (s *service) Transfer(ctx context.Context, key, from, to string, amount int64) error {
	if err := s.store.Append(ctx, Entry{ID: uuid.NewString(), Account: from, Amount: -amount}); err != nil { // want `a retry inserts a second ledger row with a new id: uuid.NewString\(\) is fresh on every attempt \(HTTP handler Handler.Transfer\)`
		return err
	}
	return s.store.Append(ctx, Entry{ID: uuid.NewString(), Account: to, Amount: amount}) // want `a retry inserts a second ledger row with a new id: uuid.NewString\(\) is fresh on every attempt \(HTTP handler Handler.Transfer\)`
}

// Import makes one order per total: one key cannot tell the orders
// apart, so there is no fix.
func (s *service) Import(ctx context.Context, key string, totals []int64) error {
	for _, t := range totals {
		if err := s.store.Insert(ctx, Order{ID: uuid.NewString(), Total: t}); err != nil { // want `a retry inserts a second orders row with a new id: uuid.NewString\(\) is fresh on every attempt \(HTTP handler Handler.Import\); derive it from the request's Idempotency-Key header`
			return err
		}
	}
	return nil
}

// Archive writes the row itself, on the database the service holds.
func (s *service) Archive(ctx context.Context, key string) error {
	_, err := s.db.ExecContext(ctx, "INSERT INTO archive (id) VALUES ($1)", uuid.NewString()) // want `a retry inserts a second archive row with a new id: uuid.NewString\(\) is fresh on every attempt \(HTTP handler Handler.Archive\)`
	return err
}

// PlaceVia has the order made by a helper whose first parameter is not
// the key: the helper's parameters are not the method's.
func (s *service) PlaceVia(ctx context.Context, key string, total int64) error {
	return s.store.Insert(ctx, s.order(ctx, "via", total))
}

func (s *service) order(ctx context.Context, note string, total int64) Order {
	return Order{ID: uuid.NewString(), Total: total} // want `a retry inserts a second orders row with a new id: uuid.NewString\(\) is fresh on every attempt \(HTTP handler Handler.PlaceVia\)`
}

// Label is called with the request's key by one handler and with a user
// name by another: deriving from the parameter would give every label
// of a user one ID.
func (s *service) Label(ctx context.Context, key string) error {
	return s.store.Insert(ctx, Order{ID: uuid.NewString()}) // want `a retry inserts a second orders row with a new id: uuid.NewString\(\) is fresh on every attempt \(HTTP handler Handler.Label\)`
}

// Gift is called twice by one handler with the same key: one key would
// give both gifts one ID.
func (s *service) Gift(ctx context.Context, key string, total int64) error {
	return s.store.Insert(ctx, Order{ID: uuid.NewString(), Total: total}) // want `a retry inserts a second orders row with a new id: uuid.NewString\(\) is fresh on every attempt \(HTTP handler Handler.Gifts\)`
}

// Single is called in a loop by its handler, with the same key each
// time.
func (s *service) Single(ctx context.Context, key string, total int64) error {
	return s.store.Insert(ctx, Order{ID: uuid.NewString(), Total: total}) // want `a retry inserts a second orders row with a new id: uuid.NewString\(\) is fresh on every attempt \(HTTP handler Handler.Bulk\)`
}

// Receive is called once per message of a batch, with the message's ID.
func (s *service) Receive(ctx context.Context, messageID string, total int64) error {
	return s.store.Insert(ctx, Order{ID: uuid.NewString(), Total: total}) // want `a retry inserts a second orders row with a new id: uuid.NewString\(\) is fresh on every attempt \(SQS consumer loop Consumer.Run\)`
}

// Accept is called once per message of a batch, by a function that reads
// the message's ID.
func (s *service) Accept(ctx context.Context, messageID string) error {
	return s.store.Insert(ctx, Order{ID: uuid.NewString()}) // want `a retry inserts a second orders row with a new id: uuid.NewString\(\) is fresh on every attempt \(SQS consumer loop Consumer.RunVia\)`
}
