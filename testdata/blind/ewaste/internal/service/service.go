// Package service holds the business logic of the buy-back pipeline. Services
// depend on small repository and provider interfaces declared next to them;
// concrete types are wired in cmd/api and cmd/worker.
package service

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/google/uuid"

	"github.com/circuitback/buyback/internal/messaging"
	"github.com/circuitback/buyback/internal/model"
	"github.com/circuitback/buyback/internal/platform/database"
)

// Errors mapped to transport status codes by the handlers.
var (
	ErrNotFound          = database.ErrNotFound
	ErrConflict          = errors.New("conflict")
	ErrInvalid           = errors.New("invalid request")
	ErrIdempotencyReused = errors.New("idempotency key reused with a different request")
)

// Clock returns the current time; tests pin it.
type Clock func() time.Time

// UTCNow is the production clock.
func UTCNow() time.Time { return time.Now().UTC() }

// Outbox records events on the caller's transaction.
type Outbox interface {
	Add(ctx context.Context, m *model.OutboxMessage) error
}

// newEvent builds an outbox row. The row id doubles as the envelope id and
// as the SNS de-duplication id when the relay publishes it.
func newEvent(topic, msgType, groupID string, payload any, at time.Time) *model.OutboxMessage {
	id := uuid.New()
	body, err := json.Marshal(payload)
	if err != nil {
		panic(fmt.Sprintf("service: marshal %s: %v", msgType, err))
	}
	env := messaging.Envelope{ID: id.String(), Type: msgType, OccurredAt: at, Payload: body}
	return &model.OutboxMessage{
		ID:          id,
		Topic:       topic,
		MessageType: msgType,
		GroupID:     groupID,
		Payload:     model.MustJSON(env),
		CreatedAt:   at,
	}
}

// requestHash fingerprints a request body for idempotency-key reuse checks.
func requestHash(v any) string {
	b, _ := json.Marshal(v)
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:])
}

func ptr[T any](v T) *T { return &v }

func deref[T any](p *T) T {
	var zero T
	if p == nil {
		return zero
	}
	return *p
}

func wrap(op string, err error) error {
	if err == nil {
		return nil
	}
	return fmt.Errorf("%s: %w", op, err)
}
