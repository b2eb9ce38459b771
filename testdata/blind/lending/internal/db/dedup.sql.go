package db

import (
	"context"

	"github.com/jackc/pgx/v5/pgtype"
)

const claimIdempotencyKey = `-- name: ClaimIdempotencyKey :execrows
INSERT INTO idempotency_keys (scope, key) VALUES ($1, $2)
ON CONFLICT (scope, key) DO NOTHING
`

// ClaimIdempotencyKey reports 1 when the key was claimed by this call and 0
// when it had already been claimed.
func (q *Queries) ClaimIdempotencyKey(ctx context.Context, scope, key string) (int64, error) {
	tag, err := q.db.Exec(ctx, claimIdempotencyKey, scope, key)
	if err != nil {
		return 0, err
	}
	return tag.RowsAffected(), nil
}

const setIdempotencyResource = `-- name: SetIdempotencyResource :exec
UPDATE idempotency_keys SET resource_id = $3 WHERE scope = $1 AND key = $2
`

func (q *Queries) SetIdempotencyResource(ctx context.Context, scope, key, resourceID string) error {
	_, err := q.db.Exec(ctx, setIdempotencyResource, scope, key, resourceID)
	return err
}

const getIdempotencyKey = `-- name: GetIdempotencyKey :one
SELECT scope, key, resource_id, created_at FROM idempotency_keys WHERE scope = $1 AND key = $2
`

func (q *Queries) GetIdempotencyKey(ctx context.Context, scope, key string) (IdempotencyKey, error) {
	row := q.db.QueryRow(ctx, getIdempotencyKey, scope, key)
	var i IdempotencyKey
	err := row.Scan(&i.Scope, &i.Key, &i.ResourceID, &i.CreatedAt)
	return i, err
}

const insertInboxEvent = `-- name: InsertInboxEvent :execrows
INSERT INTO webhook_inbox (source, event_id, event_type) VALUES ($1, $2, $3)
ON CONFLICT (source, event_id) DO NOTHING
`

func (q *Queries) InsertInboxEvent(ctx context.Context, source, eventID, eventType string) (int64, error) {
	tag, err := q.db.Exec(ctx, insertInboxEvent, source, eventID, eventType)
	if err != nil {
		return 0, err
	}
	return tag.RowsAffected(), nil
}

const inboxEventExists = `-- name: InboxEventExists :one
SELECT EXISTS (SELECT 1 FROM webhook_inbox WHERE source = $1 AND event_id = $2)
`

func (q *Queries) InboxEventExists(ctx context.Context, source, eventID string) (bool, error) {
	row := q.db.QueryRow(ctx, inboxEventExists, source, eventID)
	var exists bool
	err := row.Scan(&exists)
	return exists, err
}

const claimMessage = `-- name: ClaimMessage :execrows
INSERT INTO processed_messages (consumer, message_key) VALUES ($1, $2)
ON CONFLICT (consumer, message_key) DO NOTHING
`

func (q *Queries) ClaimMessage(ctx context.Context, consumer, messageKey string) (int64, error) {
	tag, err := q.db.Exec(ctx, claimMessage, consumer, messageKey)
	if err != nil {
		return 0, err
	}
	return tag.RowsAffected(), nil
}

const insertOutbox = `-- name: InsertOutbox :exec
INSERT INTO outbox (id, topic, partition_key, payload) VALUES ($1, $2, $3, $4)
`

func (q *Queries) InsertOutbox(ctx context.Context, id, topic, partitionKey string, payload []byte) error {
	_, err := q.db.Exec(ctx, insertOutbox, id, topic, partitionKey, payload)
	return err
}

const claimUnpublishedOutbox = `-- name: ClaimUnpublishedOutbox :many
SELECT id, topic, partition_key, payload, created_at, published_at
FROM outbox
WHERE published_at IS NULL
ORDER BY created_at
LIMIT $1
FOR UPDATE SKIP LOCKED
`

func (q *Queries) ClaimUnpublishedOutbox(ctx context.Context, limit int32) ([]OutboxEvent, error) {
	rows, err := q.db.Query(ctx, claimUnpublishedOutbox, limit)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var items []OutboxEvent
	for rows.Next() {
		var i OutboxEvent
		if err := rows.Scan(&i.ID, &i.Topic, &i.PartitionKey, &i.Payload, &i.CreatedAt, &i.PublishedAt); err != nil {
			return nil, err
		}
		items = append(items, i)
	}
	return items, rows.Err()
}

const markOutboxPublished = `-- name: MarkOutboxPublished :exec
UPDATE outbox SET published_at = $2 WHERE id = ANY($1::text[])
`

func (q *Queries) MarkOutboxPublished(ctx context.Context, ids []string, at pgtype.Timestamptz) error {
	_, err := q.db.Exec(ctx, markOutboxPublished, ids, at)
	return err
}
