package pg

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"github.com/jmoiron/sqlx"

	"github.com/meterly/subs/internal/billing"
)

type OutboxRepo struct{ db sqlx.ExtContext }

func NewOutboxRepo(db sqlx.ExtContext) *OutboxRepo { return &OutboxRepo{db: db} }

func (r *OutboxRepo) WithTx(tx sqlx.ExtContext) billing.OutboxRepository { return &OutboxRepo{db: tx} }

// Add stores a message to be relayed. The id doubles as the JetStream
// Nats-Msg-Id, so adding the same id twice is harmless.
func (r *OutboxRepo) Add(ctx context.Context, id, subject string, payload any) error {
	body, err := json.Marshal(payload)
	if err != nil {
		return fmt.Errorf("outbox.add: marshal: %w", err)
	}
	_, err = r.db.ExecContext(ctx, `
		INSERT INTO outbox (id, subject, payload) VALUES ($1, $2, $3)
		ON CONFLICT (id) DO NOTHING`, id, subject, body)
	return mapErr("outbox.add", err)
}

func (r *OutboxRepo) ClaimBatch(ctx context.Context, limit int) ([]billing.OutboxMessage, error) {
	var msgs []billing.OutboxMessage
	err := sqlx.SelectContext(ctx, r.db, &msgs, `
		SELECT id, subject, payload, published_at, created_at FROM outbox
		 WHERE published_at IS NULL
		 ORDER BY created_at
		 LIMIT $1
		 FOR UPDATE SKIP LOCKED`, limit)
	return msgs, mapErr("outbox.claim", err)
}

func (r *OutboxRepo) MarkPublished(ctx context.Context, ids []string, at time.Time) error {
	if len(ids) == 0 {
		return nil
	}
	q, args, err := sqlx.In(`UPDATE outbox SET published_at = ? WHERE id IN (?)`, at, ids)
	if err != nil {
		return fmt.Errorf("outbox.mark_published: %w", err)
	}
	_, err = r.db.ExecContext(ctx, r.db.Rebind(q), args...)
	return mapErr("outbox.mark_published", err)
}
