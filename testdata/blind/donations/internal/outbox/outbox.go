// Package outbox writes events into the transactional outbox and relays
// them to RabbitMQ.
package outbox

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"github.com/uptrace/bun"

	"github.com/kindredgive/donations/internal/domain"
)

// Writer appends events to the outbox table using the caller's transaction.
type Writer interface {
	Add(ctx context.Context, db bun.IDB, id, routingKey string, payload any) error
}

// Store is the relay's view of the outbox.
type Store interface {
	ClaimBatch(ctx context.Context, tx bun.Tx, limit int) ([]domain.OutboxMessage, error)
	MarkPublished(ctx context.Context, tx bun.Tx, id string, at time.Time) error
	RecordAttempt(ctx context.Context, db bun.IDB, a *domain.OutboxAttempt) error
}

type store struct{}

// NewWriter returns the outbox writer.
func NewWriter() Writer { return store{} }

// NewStore returns the outbox relay store.
func NewStore() Store { return store{} }

// Add stores the event under id. The id is the message-id consumers
// deduplicate on, so it must be derived from the state change (for example
// the processor event that caused it), never minted per call. Re-adding an
// id that is already stored is a no-op.
func (store) Add(ctx context.Context, db bun.IDB, id, routingKey string, payload any) error {
	b, err := json.Marshal(payload)
	if err != nil {
		return fmt.Errorf("outbox: marshal %s: %w", routingKey, err)
	}
	_, err = db.NewInsert().Model(&domain.OutboxMessage{
		ID:         id,
		RoutingKey: routingKey,
		Payload:    b,
	}).On("CONFLICT (id) DO NOTHING").Exec(ctx)
	return err
}

func (store) ClaimBatch(ctx context.Context, tx bun.Tx, limit int) ([]domain.OutboxMessage, error) {
	var out []domain.OutboxMessage
	err := tx.NewSelect().Model(&out).
		Where("ob.published_at IS NULL").
		Order("ob.created_at ASC").
		Limit(limit).
		For("UPDATE SKIP LOCKED").
		Scan(ctx)
	return out, err
}

func (store) MarkPublished(ctx context.Context, tx bun.Tx, id string, at time.Time) error {
	_, err := tx.NewUpdate().Model((*domain.OutboxMessage)(nil)).
		Set("published_at = ?", at).
		Set("attempts = attempts + 1").
		Where("id = ?", id).
		Exec(ctx)
	return err
}

func (store) RecordAttempt(ctx context.Context, db bun.IDB, a *domain.OutboxAttempt) error {
	_, err := db.NewInsert().Model(a).Exec(ctx)
	return err
}
