package store

import (
	"context"
	"encoding/json"
	"time"

	"github.com/jmoiron/sqlx"

	"github.com/cobaltmesa/titleworks/internal/domain"
	"github.com/cobaltmesa/titleworks/internal/platform/ids"
	"github.com/cobaltmesa/titleworks/internal/platform/txm"
)

// OutboxRepo writes domain events next to the state they describe.
type OutboxRepo struct {
	tx    *txm.Manager
	now   func() time.Time
	newID func() string
}

// NewOutboxRepo returns an OutboxRepo.
func NewOutboxRepo(tx *txm.Manager) *OutboxRepo {
	return &OutboxRepo{tx: tx, now: time.Now, newID: ids.KSUID}
}

// Enqueue adds an event to the caller's transaction. The event id is the
// message id consumers deduplicate on.
func (r *OutboxRepo) Enqueue(ctx context.Context, topic, key string, payload any) error {
	body, err := json.Marshal(payload)
	if err != nil {
		return err
	}
	_, err = r.tx.Q(ctx).ExecContext(ctx,
		`INSERT INTO outbox_events (id, topic, event_key, payload, created_at) VALUES (?, ?, ?, ?, ?)`,
		r.newID(), topic, key, body, r.now().UTC())
	return err
}

// Unpublished returns the oldest events not yet relayed.
func (r *OutboxRepo) Unpublished(ctx context.Context, limit int) ([]domain.OutboxEvent, error) {
	var out []domain.OutboxEvent
	err := r.tx.Q(ctx).SelectContext(ctx, &out, `
		SELECT * FROM outbox_events WHERE published_at IS NULL ORDER BY created_at, id LIMIT ?`, limit)
	return out, err
}

// MarkPublished stamps relayed events.
func (r *OutboxRepo) MarkPublished(ctx context.Context, ids []string, at time.Time) error {
	if len(ids) == 0 {
		return nil
	}
	q, args, err := sqlx.In(`UPDATE outbox_events SET published_at = ? WHERE id IN (?)`, at, ids)
	if err != nil {
		return err
	}
	db := r.tx.Q(ctx)
	_, err = db.ExecContext(ctx, db.Rebind(q), args...)
	return err
}
