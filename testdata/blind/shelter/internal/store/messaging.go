package store

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"github.com/brindlewood-labs/shelternet/internal/domain"
	"github.com/brindlewood-labs/shelternet/internal/platform/ids"
)

// OutboxRepo queues domain events in the caller's transaction. The relay
// publishes them to the bus afterwards.
type OutboxRepo struct {
	q   DBTX
	now func() time.Time
}

func (r *OutboxRepo) Enqueue(ctx context.Context, topic string, payload any) error {
	body, err := json.Marshal(payload)
	if err != nil {
		return fmt.Errorf("outbox: marshal %s: %w", topic, err)
	}
	_, err = r.q.ExecContext(ctx, `
		INSERT INTO outbox (id, topic, payload, created_at) VALUES ($1, $2, $3, $4)`,
		ids.New(), topic, body, r.now())
	return err
}

// ClaimBatch locks up to limit unpublished messages. Must run inside a unit
// of work so the lock lasts until MarkPublished commits.
func (r *OutboxRepo) ClaimBatch(ctx context.Context, limit int) ([]domain.OutboxMessage, error) {
	var msgs []domain.OutboxMessage
	err := r.q.SelectContext(ctx, &msgs, `
		SELECT id, topic, payload, created_at, published_at
		FROM outbox
		WHERE published_at IS NULL
		ORDER BY created_at
		LIMIT $1
		FOR UPDATE SKIP LOCKED`, limit)
	return msgs, err
}

func (r *OutboxRepo) MarkPublished(ctx context.Context, id string) error {
	_, err := r.q.ExecContext(ctx, `UPDATE outbox SET published_at = $2 WHERE id = $1`, id, r.now())
	return err
}

// InboxRepo remembers which bus messages a consumer has handled.
type InboxRepo struct {
	q   DBTX
	now func() time.Time
}

// Claim records (consumer, messageID). It returns false when the message
// was already claimed, in which case the caller should skip it.
func (r *InboxRepo) Claim(ctx context.Context, consumer, messageID string) (bool, error) {
	res, err := r.q.ExecContext(ctx, `
		INSERT INTO inbox (consumer, message_id, processed_at) VALUES ($1, $2, $3)
		ON CONFLICT (consumer, message_id) DO NOTHING`, consumer, messageID, r.now())
	if err != nil {
		return false, err
	}
	n, err := affected(res)
	return n == 1, err
}

// Seen reports whether the consumer already processed the message.
func (r *InboxRepo) Seen(ctx context.Context, consumer, messageID string) (bool, error) {
	var exists bool
	err := r.q.GetContext(ctx, &exists, `
		SELECT EXISTS (SELECT 1 FROM inbox WHERE consumer = $1 AND message_id = $2)`, consumer, messageID)
	return exists, err
}

func (r *InboxRepo) MarkProcessed(ctx context.Context, consumer, messageID string) error {
	_, err := r.Claim(ctx, consumer, messageID)
	return err
}

// IdempotencyKeys stores replayable HTTP responses keyed by the client's
// Idempotency-Key header.
type IdempotencyKeys struct{ q DBTX }

func NewIdempotencyKeys(db DBTX) *IdempotencyKeys { return &IdempotencyKeys{q: db} }

type StoredResponse struct {
	Key          string    `db:"key"`
	Route        string    `db:"route"`
	StatusCode   int       `db:"status_code"`
	ResponseBody []byte    `db:"response_body"`
	CreatedAt    time.Time `db:"created_at"`
}

func (k *IdempotencyKeys) Lookup(ctx context.Context, key string) (StoredResponse, bool, error) {
	var r StoredResponse
	err := k.q.GetContext(ctx, &r, `SELECT * FROM http_idempotency_keys WHERE key = $1`, key)
	if err != nil {
		if err := notFound(err); err == domain.ErrNotFound {
			return r, false, nil
		}
		return r, false, err
	}
	return r, true, nil
}

func (k *IdempotencyKeys) Save(ctx context.Context, r StoredResponse) error {
	_, err := k.q.ExecContext(ctx, `
		INSERT INTO http_idempotency_keys (key, route, status_code, response_body, created_at)
		VALUES ($1, $2, $3, $4, $5)
		ON CONFLICT (key) DO NOTHING`, r.Key, r.Route, r.StatusCode, r.ResponseBody, r.CreatedAt)
	return err
}
