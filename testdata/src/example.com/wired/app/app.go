// Package app declares the service and the store the handlers reach
// through interfaces, and the service that implements one.
package app

import (
	"context"
	"strings"

	"github.com/google/uuid"
)

type Order struct {
	ID    string
	Total int64
}

// Orders is what the handlers call.
type Orders interface {
	Create(ctx context.Context, o Order) error
	Note(ctx context.Context, text string) error
	Pay(ctx context.Context, orderID string) error
	Refund(ctx context.Context, orderID string) error
	Register(ctx context.Context, total int64) error
	Tag(ctx context.Context, id string) error
}

// Store is what the service calls; main wires its implementation.
type Store interface {
	Insert(ctx context.Context, o Order) error
	InsertAudit(ctx context.Context, orderID string) error
	InsertNote(ctx context.Context, text string) error
	InsertSession(ctx context.Context, id string) error
	InsertLabel(ctx context.Context, id string) error
	InsertTag(ctx context.Context, t *Tag) error
}

// A Tag is stored under the id its caller gives.
type Tag struct {
	ID, Name string
}

// Payments is the provider main wires.
type Payments interface {
	Charge(ctx context.Context, orderID string, amount int64) error
	Refund(ctx context.Context, orderID string, amount int64) error
}

type service struct {
	store Store
	pay   Payments
}

// NewService returns the Orders the handlers use.
func NewService(s Store, p Payments) Orders { return &service{store: s, pay: p} }

// Pay charges the order.
func (s *service) Pay(ctx context.Context, orderID string) error {
	return s.pay.Charge(ctx, orderID, 100)
}

// Refund refunds the order.
func (s *service) Refund(ctx context.Context, orderID string) error {
	return s.pay.Refund(ctx, orderID, 100)
}

func (s *service) Create(ctx context.Context, o Order) error {
	if err := s.store.Insert(ctx, o); err != nil {
		return err
	}
	return s.store.InsertAudit(ctx, o.ID)
}

func (s *service) Note(ctx context.Context, text string) error {
	return s.store.InsertNote(ctx, text)
}

// Register mints the order's identity in the service, and hands it to
// the store main wires.
func (s *service) Register(ctx context.Context, total int64) error {
	return s.store.Insert(ctx, Order{ID: uuid.NewString(), Total: total}) // want `a retry inserts a second orders row with a new id: uuid.NewString\(\) is fresh on every attempt \(HTTP handler Handler.Register\)`
}

// Tag builds the row in place from the id the handler gives: the row's
// identity is the caller's.
func (s *service) Tag(ctx context.Context, id string) error {
	return s.store.InsertTag(ctx, &Tag{ID: id, Name: "new"})
}

// Direct is a use case the handlers call as a concrete type, not through
// an interface: its own call of the store is the wired one.
type Direct struct{ Store Store }

// NewOrder is an entity constructor: the order's identity is fresh.
func NewOrder(total int64) Order {
	return Order{ID: uuid.NewString(), Total: total} // want `a retry inserts a second orders row with a new id: uuid.NewString\(\) is fresh on every attempt \(HTTP handler Handler.PlaceDirect\)`
}

// Place hands the store a fresh order.
func (d *Direct) Place(ctx context.Context, total int64) error {
	o := NewOrder(total)
	return d.Store.Insert(ctx, o)
}

// Token is what a token maker returns.
type Token struct{ ID string }

// Tokens makes tokens; main wires its implementation.
type Tokens interface {
	New(ctx context.Context) (Token, error)
}

// Label stores a label whose id the use case makes from a constant: no
// value of the caller's.
func (d *Direct) Label(ctx context.Context) error {
	return d.Store.InsertLabel(ctx, strings.ToUpper("archive"))
}
