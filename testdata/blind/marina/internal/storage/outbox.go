package storage

import (
	"context"
	"time"
)

// OutboxRow is an event written in the same transaction as the change that
// produced it, waiting to be relayed to the broker.
type OutboxRow struct {
	ID        string
	Topic     string
	Payload   []byte
	CreatedAt time.Time
}

type OutboxRepository interface {
	Add(ctx context.Context, id, topic string, payload []byte) error
	ClaimBatch(ctx context.Context, limit int) ([]OutboxRow, error)
	MarkPublished(ctx context.Context, ids []string) error
}

type outboxRepo struct{ q Querier }

func (r *outboxRepo) Add(ctx context.Context, id, topic string, payload []byte) error {
	_, err := r.q.Exec(ctx, `INSERT INTO outbox_events (id, topic, payload) VALUES ($1, $2, $3)`, id, topic, payload)
	return err
}

func (r *outboxRepo) ClaimBatch(ctx context.Context, limit int) ([]OutboxRow, error) {
	rows, err := r.q.Query(ctx, `
		SELECT id, topic, payload, created_at FROM outbox_events
		WHERE published_at IS NULL
		ORDER BY created_at
		LIMIT $1
		FOR UPDATE SKIP LOCKED`, limit)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []OutboxRow
	for rows.Next() {
		var o OutboxRow
		if err := rows.Scan(&o.ID, &o.Topic, &o.Payload, &o.CreatedAt); err != nil {
			return nil, err
		}
		out = append(out, o)
	}
	return out, rows.Err()
}

func (r *outboxRepo) MarkPublished(ctx context.Context, ids []string) error {
	_, err := r.q.Exec(ctx, `UPDATE outbox_events SET published_at = now() WHERE id = ANY($1::uuid[])`, ids)
	return err
}
