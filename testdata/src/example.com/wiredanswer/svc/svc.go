// Package svc awards bursaries and applies the provider's events
// through a store main wires.
package svc

import (
	"context"
	"errors"
	"fmt"

	"github.com/google/uuid"

	"example.com/wiredanswer/store"
)

// ErrConflict answers a request that conflicts with the stored state.
var ErrConflict = errors.New("conflict")

// Store keeps awards and events.
type Store interface {
	InsertAward(ctx context.Context, id, registration string) error
	Record(ctx context.Context, event string) error
}

// Service awards bursaries.
type Service struct{ Store Store }

// Award answers a duplicate award with a conflict: a retry after the
// first attempt committed fails, where the first attempt succeeded.
func (s *Service) Award(ctx context.Context, registration string) error {
	err := s.Store.InsertAward(ctx, uuid.NewString(), registration)
	if errors.Is(err, store.ErrDuplicate) {
		return fmt.Errorf("%w: already awarded", ErrConflict)
	}
	return err
}

// Apply takes a duplicate event as done: a redelivery is absorbed.
func (s *Service) Apply(ctx context.Context, event string) error {
	if err := s.Store.Record(ctx, event); err != nil {
		if errors.Is(err, store.ErrDuplicate) {
			return nil
		}
		return err
	}
	return nil
}
