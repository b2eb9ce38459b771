package app

import (
	"context"

	"github.com/google/uuid"
)

// Keys claims the requests' keys; main wires its implementation.
type Keys interface {
	// Reserve claims key for the resource, or returns the resource a
	// request with the key made before, and whether the claim is new.
	Reserve(ctx context.Context, key, resourceID string) (string, bool, error)
}

// Bookings books orders once per request key.
type Bookings interface {
	Book(ctx context.Context, key string, total int64) (string, error)
}

type booker struct {
	store Store
	keys  Keys
}

// NewBookings returns the Bookings the handlers use.
func NewBookings(s Store, k Keys) Bookings { return &booker{store: s, keys: k} }

// Book makes the order's ID fresh, but inserts it only when the claim of
// the request's key is new: the second result of Reserve decides.
func (b *booker) Book(ctx context.Context, key string, total int64) (string, error) {
	id := uuid.NewString()
	prev, created, err := b.keys.Reserve(ctx, key, id)
	if err != nil {
		return "", err
	}
	if !created {
		return prev, nil
	}
	return id, b.store.Insert(ctx, Order{ID: id, Total: total})
}
