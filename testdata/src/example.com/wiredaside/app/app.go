// Package app applies the provider's payment events.
package app

import (
	"context"
	"log/slog"

	"github.com/google/uuid"
)

// Receipt is one delivery of an event.
type Receipt struct {
	ID      string
	EventID string
	Body    []byte
}

type Store interface {
	Apply(ctx context.Context, eventID string) error
	KeepReceipt(ctx context.Context, r Receipt) error
}

type Service struct {
	Store Store
	Log   *slog.Logger
}

func (s *Service) Apply(ctx context.Context, eventID string) error {
	return s.Store.Apply(ctx, eventID)
}

// Receive keeps the delivery under an ID of its own, warning when that
// fails, then applies the event.
func (s *Service) Receive(ctx context.Context, eventID string, body []byte) error {
	err := s.Store.KeepReceipt(ctx, Receipt{ID: uuid.NewString(), EventID: eventID, Body: body})
	if err != nil {
		s.Log.WarnContext(ctx, "receipt not kept", "event", eventID, "err", err)
	}
	return s.Store.Apply(ctx, eventID)
}
