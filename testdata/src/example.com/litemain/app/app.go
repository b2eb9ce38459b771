// Package app places orders through a store that the program wires.
package app

import (
	"context"

	"github.com/google/uuid"
)

// Store keeps orders.
type Store interface {
	Insert(ctx context.Context, id string) error
}

// Service places orders.
type Service interface {
	Place(ctx context.Context) error
}

type service struct{ store Store }

// New returns the Service.
func New(s Store) Service { return &service{store: s} }

func (s *service) Place(ctx context.Context) error {
	return s.store.Insert(ctx, uuid.NewString()) // want `a retry inserts a second orders row with a new id: uuid.NewString\(\) is fresh on every attempt \(HTTP handler Handler.ServeHTTP\)`
}
