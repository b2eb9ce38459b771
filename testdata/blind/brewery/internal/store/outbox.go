package store

import (
	"context"
	"encoding/json"
	"fmt"
	"time"
)

// OutboxRepo is the transactional outbox: events are written in the same
// transaction as the state change and relayed to NATS afterwards.
type OutboxRepo struct{}

// NewOutboxRepo constructs an OutboxRepo.
func NewOutboxRepo() *OutboxRepo { return &OutboxRepo{} }

// OutboxMessage is one pending event.
type OutboxMessage struct {
	ID        string
	Subject   string
	Payload   json.RawMessage
	CreatedAt time.Time
}

// Append stages an event. id doubles as the JetStream Nats-Msg-Id, so a
// caller that derives it from the operation gets at most one event per
// operation. It reports whether a new row was written.
func (r *OutboxRepo) Append(ctx context.Context, q Querier, id, subject string, payload any) (bool, error) {
	b, err := json.Marshal(payload)
	if err != nil {
		return false, fmt.Errorf("marshal outbox payload: %w", err)
	}
	tag, err := q.Exec(ctx, `INSERT INTO outbox (id, subject, payload) VALUES ($1, $2, $3)
		ON CONFLICT (id) DO NOTHING`, id, subject, b)
	if err != nil {
		return false, fmt.Errorf("append outbox %s: %w", subject, err)
	}
	return tag.RowsAffected() == 1, nil
}

// ClaimBatch locks up to limit unpublished rows; q must be a tx.
func (r *OutboxRepo) ClaimBatch(ctx context.Context, q Querier, limit int) ([]OutboxMessage, error) {
	rows, err := q.Query(ctx, `
		SELECT id, subject, payload, created_at FROM outbox
		 WHERE published_at IS NULL
		 ORDER BY created_at
		 LIMIT $1 FOR UPDATE SKIP LOCKED`, limit)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []OutboxMessage
	for rows.Next() {
		var m OutboxMessage
		if err := rows.Scan(&m.ID, &m.Subject, &m.Payload, &m.CreatedAt); err != nil {
			return nil, err
		}
		out = append(out, m)
	}
	return out, rows.Err()
}

// MarkPublished stamps a relayed row.
func (r *OutboxRepo) MarkPublished(ctx context.Context, q Querier, id string, at time.Time) error {
	_, err := q.Exec(ctx, `UPDATE outbox SET published_at = $2 WHERE id = $1`, id, at)
	return err
}
