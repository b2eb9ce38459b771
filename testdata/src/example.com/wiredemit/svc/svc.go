// Package svc posts ledger entries and records what happened in an
// outbox, through one helper every operation calls.
package svc

import (
	"context"

	"github.com/google/uuid"
)

// Outbox stores events.
type Outbox interface {
	Add(ctx context.Context, key, kind string) error
}

// Service posts entries.
type Service struct{ Outbox Outbox }

// emit records an event under the key it is given.
func (s *Service) emit(ctx context.Context, key, kind string) error {
	return s.Outbox.Add(ctx, key, kind)
}

// Post posts an entry under a key of its own.
func (s *Service) Post(ctx context.Context, amount string) error {
	key := uuid.NewString() // want `a retry inserts a second emit_outbox row with a new event_key: uuid.NewString\(\) is fresh on every attempt \(HTTP handler Handler.Post\)`
	return s.emit(ctx, key, "posted")
}

// Apply records the provider's event under the event's own ID.
func (s *Service) Apply(ctx context.Context, event string) error {
	return s.emit(ctx, "evt-"+event, "applied")
}

// Backfill records a marker under a key of its own. Only an operator
// runs it, once, from the command line: no retried path calls it,
// though emit, which it calls, is called from retried paths.
func (s *Service) Backfill(ctx context.Context) error {
	return s.emit(ctx, uuid.NewString(), "backfill")
}
