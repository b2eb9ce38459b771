package store

import (
	"context"

	"github.com/google/uuid"
	"github.com/jmoiron/sqlx"

	"github.com/vowhall/venues/internal/domain"
	"github.com/vowhall/venues/internal/platform/dbx"
)

const (
	claimIdempotencyKeySQL = `
INSERT INTO idempotency_keys (scope, key, request_hash, resource_id, created_at)
VALUES ($1, $2, $3, $4, now())
ON CONFLICT (scope, key) DO NOTHING`

	getIdempotencyKeySQL = `
SELECT scope, key, request_hash, resource_id, response_status, response_body, created_at
FROM idempotency_keys WHERE scope = $1 AND key = $2`

	saveIdempotencyKeySQL = `
INSERT INTO idempotency_keys (scope, key, request_hash, resource_id, response_status, response_body, created_at)
VALUES (:scope, :key, :request_hash, :resource_id, :response_status, :response_body, now())
ON CONFLICT (scope, key) DO UPDATE
SET response_status = EXCLUDED.response_status, response_body = EXCLUDED.response_body`
)

type Idempotency struct{ db *sqlx.DB }

func NewIdempotency(db *sqlx.DB) *Idempotency { return &Idempotency{db: db} }

// Claim records (scope, key) for resourceID. When the key was already
// claimed it returns the existing record and false.
func (r *Idempotency) Claim(ctx context.Context, scope, key, requestHash string, resourceID uuid.UUID) (domain.IdempotencyRecord, bool, error) {
	q := dbx.Conn(ctx, r.db)
	n, err := dbx.Exec(ctx, q, claimIdempotencyKeySQL, scope, key, requestHash, resourceID)
	if err != nil {
		return domain.IdempotencyRecord{}, false, err
	}
	rec, err := dbx.Get[domain.IdempotencyRecord](ctx, q, getIdempotencyKeySQL, scope, key)
	return rec, n == 1, err
}

func (r *Idempotency) Find(ctx context.Context, scope, key string) (domain.IdempotencyRecord, error) {
	return dbx.Get[domain.IdempotencyRecord](ctx, dbx.Conn(ctx, r.db), getIdempotencyKeySQL, scope, key)
}

// Save stores the response for (scope, key).
func (r *Idempotency) Save(ctx context.Context, rec domain.IdempotencyRecord) error {
	_, err := dbx.Conn(ctx, r.db).NamedExecContext(ctx, saveIdempotencyKeySQL, rec)
	return err
}

const (
	claimMessageSQL = `
INSERT INTO processed_messages (consumer, message_id, processed_at)
VALUES ($1, $2, now())
ON CONFLICT (consumer, message_id) DO NOTHING`

	messageSeenSQL = `SELECT EXISTS (SELECT 1 FROM processed_messages WHERE consumer = $1 AND message_id = $2)`
)

// Inbox records which messages each consumer has handled.
type Inbox struct{ db *sqlx.DB }

func NewInbox(db *sqlx.DB) *Inbox { return &Inbox{db: db} }

// Claim marks the message as handled and reports whether this call was the
// first to do so. Call it inside the handler's transaction.
func (r *Inbox) Claim(ctx context.Context, consumer, messageID string) (bool, error) {
	n, err := dbx.Exec(ctx, dbx.Conn(ctx, r.db), claimMessageSQL, consumer, messageID)
	return n == 1, err
}

func (r *Inbox) Seen(ctx context.Context, consumer, messageID string) (bool, error) {
	return dbx.Get[bool](ctx, dbx.Conn(ctx, r.db), messageSeenSQL, consumer, messageID)
}

func (r *Inbox) MarkProcessed(ctx context.Context, consumer, messageID string) error {
	_, err := dbx.Exec(ctx, dbx.Conn(ctx, r.db), claimMessageSQL, consumer, messageID)
	return err
}
