package repository

import (
	"context"
	"encoding/json"
	"errors"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/driftline-services/snowplow/internal/db"
	"github.com/driftline-services/snowplow/internal/domain"
)

// Outbox persists messages to be relayed to JetStream.
type Outbox struct {
	db.Repo[domain.OutboxMessage]
}

// NewOutbox returns an outbox repository.
func NewOutbox(pool *pgxpool.Pool) *Outbox {
	return &Outbox{Repo: db.NewRepo[domain.OutboxMessage](pool)}
}

// Add enqueues a message on the caller's transaction.
func (r *Outbox) Add(ctx context.Context, subject string, payload any) error {
	b, err := json.Marshal(payload)
	if err != nil {
		return err
	}
	_, err = r.Exec(ctx, `INSERT INTO outbox (id, subject, payload) VALUES ($1, $2, $3)`,
		uuid.New(), subject, b)
	return err
}

// Pending returns the oldest unpublished messages.
func (r *Outbox) Pending(ctx context.Context, limit int) ([]domain.OutboxMessage, error) {
	return r.Many(ctx, `
		SELECT id, subject, payload FROM outbox
		WHERE published_at IS NULL
		ORDER BY created_at
		LIMIT $1`, limit)
}

// MarkPublished stamps messages as relayed.
func (r *Outbox) MarkPublished(ctx context.Context, ids []uuid.UUID) error {
	_, err := r.Exec(ctx, `
		UPDATE outbox SET published_at = now()
		WHERE id = ANY($1) AND published_at IS NULL`, ids)
	return err
}

// Notifications persists outbound text messages.
type Notifications struct {
	db.Repo[domain.Notification]
}

// NewNotifications returns a notification repository.
func NewNotifications(pool *pgxpool.Pool) *Notifications {
	return &Notifications{Repo: db.NewRepo[domain.Notification](pool)}
}

// Add stores a notification to be sent and returns its ID.
func (r *Notifications) Add(ctx context.Context, phone, body, ref string) (uuid.UUID, error) {
	id := uuid.New()
	_, err := r.Exec(ctx, `
		INSERT INTO notifications (id, phone, body, ref) VALUES ($1, $2, $3, $4)`,
		id, phone, body, ref)
	return id, err
}

// Get loads a notification.
func (r *Notifications) Get(ctx context.Context, id uuid.UUID) (domain.Notification, error) {
	n, err := r.One(ctx, `SELECT id, phone, body, ref, sent_at FROM notifications WHERE id = $1`, id)
	return n, notFound(err)
}

// MarkSent stamps a notification with the gateway's message ID.
func (r *Notifications) MarkSent(ctx context.Context, id uuid.UUID, providerID string) error {
	_, err := r.Exec(ctx, `
		UPDATE notifications SET sent_at = now(), provider_message_id = $2
		WHERE id = $1 AND sent_at IS NULL`, id, providerID)
	return err
}

// Inbox records which stream messages a consumer has processed.
type Inbox struct {
	pool *pgxpool.Pool
}

// NewInbox returns an inbox repository.
func NewInbox(pool *pgxpool.Pool) *Inbox { return &Inbox{pool: pool} }

// Seen reports whether consumer already processed messageID.
func (r *Inbox) Seen(ctx context.Context, consumer, messageID string) (bool, error) {
	var one int
	err := r.pool.QueryRow(ctx, `
		SELECT 1 FROM consumer_inbox WHERE consumer = $1 AND message_id = $2`,
		consumer, messageID).Scan(&one)
	if errors.Is(err, pgx.ErrNoRows) {
		return false, nil
	}
	return err == nil, err
}

// Mark records that consumer processed messageID.
func (r *Inbox) Mark(ctx context.Context, consumer, messageID string) error {
	_, err := r.pool.Exec(ctx, `
		INSERT INTO consumer_inbox (consumer, message_id) VALUES ($1, $2)
		ON CONFLICT DO NOTHING`, consumer, messageID)
	return err
}

// StoredResponse is a response saved against a client idempotency key.
type StoredResponse struct {
	Status int             `db:"status"`
	Body   json.RawMessage `db:"response"`
}

// IdempotencyKeys stores API responses by client-supplied key.
type IdempotencyKeys struct {
	pool *pgxpool.Pool
	repo db.Repo[StoredResponse]
}

// NewIdempotencyKeys returns a key store.
func NewIdempotencyKeys(pool *pgxpool.Pool) *IdempotencyKeys {
	return &IdempotencyKeys{pool: pool, repo: db.NewRepo[StoredResponse](pool)}
}

// Lookup returns the stored response for (scope, key), if any.
func (r *IdempotencyKeys) Lookup(ctx context.Context, scope, key string) (StoredResponse, bool, error) {
	return r.repo.Maybe(ctx, `
		SELECT status, response FROM api_idempotency_keys WHERE scope = $1 AND key = $2`, scope, key)
}

// Save stores a response for (scope, key). The first response saved wins.
func (r *IdempotencyKeys) Save(ctx context.Context, scope, key string, status int, body any) error {
	b, err := json.Marshal(body)
	if err != nil {
		return err
	}
	_, err = r.pool.Exec(ctx, `
		INSERT INTO api_idempotency_keys (scope, key, status, response)
		VALUES ($1, $2, $3, $4)
		ON CONFLICT (scope, key) DO NOTHING`, scope, key, status, b)
	return err
}
