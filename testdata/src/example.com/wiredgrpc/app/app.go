// Package app is a service that names its orders itself, behind the
// interface its gRPC server calls.
package app

import (
	"context"
	"fmt"
	"time"

	"github.com/google/uuid"
)

// Orders reserves orders.
type Orders interface {
	Reserve(ctx context.Context, total int64) (string, error)
	Place(ctx context.Context, total int64) error
	Hold(ctx context.Context, total int64) error
	Stamp(ctx context.Context) error
	Credit(ctx context.Context, total int64) error
	Note(ctx context.Context, text string) error
}

// Store stores orders.
type Store interface {
	InsertOrder(ctx context.Context, id string, total int64) error
	AddCredit(ctx context.Context, cents int64) error
	InsertNote(ctx context.Context, text string) error
}

type service struct{ store Store }

// New returns the service on st.
func New(st Store) Orders { return &service{store: st} }

// Reserve stores an order under an ID it makes.
func (s *service) Reserve(ctx context.Context, total int64) (string, error) {
	id := uuid.NewString() // want `a retry inserts a second orders row with a new id: uuid.NewString\(\) is fresh on every attempt \(gRPC method Server.Reserve\)`
	return id, s.store.InsertOrder(ctx, id, total)
}

// Place stores an order under an ID it makes; the server calls it once
// per item of a batch, in one call's context.
func (s *service) Place(ctx context.Context, total int64) error {
	return s.store.InsertOrder(ctx, uuid.NewString(), total) // want `a retry inserts a second orders row with a new id: uuid.NewString\(\) is fresh on every attempt \(gRPC method Server.Batch\); derive it from the request's idempotency-key metadata entry`
}

// Hold stores a hold under an ID it makes.
func (s *service) Hold(ctx context.Context, total int64) error {
	return s.store.InsertOrder(ctx, uuid.NewString(), total) // want `a retry inserts a second orders row with a new id: uuid.NewString\(\) is fresh on every attempt \(gRPC method holds.Hold\)`
}

// Stamp stores an order named by the clock, whose total is the clock
// too: only the name is an identity.
func (s *service) Stamp(ctx context.Context) error {
	return s.store.InsertOrder(ctx, fmt.Sprintf("%d", time.Now().UnixNano()), time.Now().Unix()) // want `a retry inserts a second orders row with a new id: time.Now\(\) is fresh on every attempt \(gRPC method holds.Stamp\)`
}

// Credit adds to the balance, then stores an order under an ID it
// makes, each on its own: derived from the key, the ID would fail a
// retry after the credit was added again.
func (s *service) Credit(ctx context.Context, total int64) error {
	if err := s.store.AddCredit(ctx, total); err != nil {
		return err
	}
	return s.store.InsertOrder(ctx, uuid.NewString(), total) // want `a retry inserts a second orders row with a new id: uuid.NewString\(\) is fresh on every attempt \(gRPC method holds.Credit\); first put the writes before it in one transaction with it`
}

// Note hands the note to the store, with its context.
func (s *service) Note(ctx context.Context, text string) error {
	return s.store.InsertNote(ctx, text)
}
