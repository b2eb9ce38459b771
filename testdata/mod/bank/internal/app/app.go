// Package app is the service the handlers call, through its interfaces.
package app

import (
	"context"

	"github.com/google/uuid"
)

// Transfers is what the handlers call.
type Transfers interface {
	Create(ctx context.Context, amount int64) error
	Open(ctx context.Context, email string) error
	Statement(ctx context.Context, account string) error
}

// Store is what the service calls; main wires its implementation.
type Store interface {
	InsertTransfer(ctx context.Context, id string, amount int64) error
	InsertAccount(ctx context.Context, id, email string) error
	InsertStatement(ctx context.Context, account string) (int64, error)
}

type service struct{ store Store }

// New returns the Transfers the handlers use.
func New(s Store) Transfers { return &service{store: s} }

func (s *service) Create(ctx context.Context, amount int64) error {
	id := uuid.NewString() // finding: IDEM001
	return s.store.InsertTransfer(ctx, id, amount)
}

func (s *service) Open(ctx context.Context, email string) error {
	id := uuid.NewString() // safe: the INSERT absorbs a retry on accounts.email
	return s.store.InsertAccount(ctx, id, email)
}

func (s *service) Statement(ctx context.Context, account string) error {
	_, err := s.store.InsertStatement(ctx, account)
	return err
}
