package store

import (
	"context"
	"encoding/json"
	"time"

	"github.com/segmentio/ksuid"
	"github.com/uptrace/bun"

	"github.com/basketline/grocery/internal/domain"
)

type OutboxRepo struct{ db *bun.DB }

func NewOutboxRepo(db *bun.DB) *OutboxRepo { return &OutboxRepo{db: db} }

// Add queues an event for publication. Call it in the transaction that
// makes the change the event describes; the relay publishes it later with
// the row id as the message id.
func (r *OutboxRepo) Add(ctx context.Context, subject string, payload any) (string, error) {
	raw, err := json.Marshal(payload)
	if err != nil {
		return "", err
	}
	ev := &domain.OutboxEvent{ID: "evt_" + ksuid.New().String(), Subject: subject, Payload: raw}
	if _, err := idb(ctx, r.db).NewInsert().Model(ev).Exec(ctx); err != nil {
		return "", err
	}
	return ev.ID, nil
}

// Pending locks up to limit unpublished events. Must run in a
// transaction; other relays skip the locked rows.
func (r *OutboxRepo) Pending(ctx context.Context, limit int) ([]*domain.OutboxEvent, error) {
	out := make([]*domain.OutboxEvent, 0, limit)
	err := idb(ctx, r.db).NewSelect().Model(&out).
		Where("ob.published_at IS NULL").
		OrderExpr("ob.created_at").
		Limit(limit).
		For("UPDATE SKIP LOCKED").
		Scan(ctx)
	return out, err
}

func (r *OutboxRepo) MarkPublished(ctx context.Context, ids []string, at time.Time) error {
	if len(ids) == 0 {
		return nil
	}
	_, err := idb(ctx, r.db).NewUpdate().
		Model((*domain.OutboxEvent)(nil)).
		Set("published_at = ?", at).
		Where("id IN (?)", bun.In(ids)).
		Exec(ctx)
	return err
}
