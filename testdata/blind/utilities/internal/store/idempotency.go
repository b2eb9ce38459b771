package store

import (
	"context"
	"time"
)

type idempotencyRepo struct{ q Querier }

func (r *idempotencyRepo) Claim(ctx context.Context, scope, key, requestHash, resourceID string) (*IdempotencyRecord, bool, error) {
	res, err := r.q.ExecContext(ctx, `
		INSERT IGNORE INTO idempotency_keys (scope, idem_key, request_hash, resource_id, created_at)
		VALUES (?, ?, ?, NULLIF(?, ''), ?)`, scope, key, requestHash, resourceID, time.Now().UTC())
	if err != nil {
		return nil, false, err
	}
	if n, _ := res.RowsAffected(); n == 1 {
		return nil, true, nil
	}
	rec, err := r.get(ctx, scope, key, true)
	if err != nil {
		return nil, false, err
	}
	return rec, false, nil
}

func (r *idempotencyRepo) Get(ctx context.Context, scope, key string) (*IdempotencyRecord, error) {
	return r.get(ctx, scope, key, false)
}

func (r *idempotencyRepo) get(ctx context.Context, scope, key string, lock bool) (*IdempotencyRecord, error) {
	q := `SELECT scope, idem_key, request_hash, resource_id, response_status, response_body, created_at
		FROM idempotency_keys WHERE scope = ? AND idem_key = ?`
	if lock {
		q += ` FOR UPDATE`
	}
	var rec IdempotencyRecord
	if err := r.q.GetContext(ctx, &rec, q, scope, key); err != nil {
		return nil, notFound(err)
	}
	return &rec, nil
}

func (r *idempotencyRepo) SaveResponse(ctx context.Context, scope, key string, status int, body []byte) error {
	_, err := r.q.ExecContext(ctx, `
		INSERT INTO idempotency_keys (scope, idem_key, request_hash, response_status, response_body, created_at)
		VALUES (?, ?, '', ?, ?, ?)
		ON DUPLICATE KEY UPDATE response_status = VALUES(response_status), response_body = VALUES(response_body)`,
		scope, key, status, body, time.Now().UTC())
	return err
}

type inboxRepo struct{ q Querier }

func (r *inboxRepo) Claim(ctx context.Context, source, eventID string) (bool, error) {
	res, err := r.q.ExecContext(ctx, `
		INSERT IGNORE INTO inbox_events (source, event_id, received_at) VALUES (?, ?, ?)`,
		source, eventID, time.Now().UTC())
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

func (r *inboxRepo) Seen(ctx context.Context, source, eventID string) (bool, error) {
	var n int
	err := r.q.GetContext(ctx, &n, `SELECT COUNT(*) FROM inbox_events WHERE source = ? AND event_id = ?`, source, eventID)
	return n > 0, err
}

func (r *inboxRepo) Mark(ctx context.Context, source, eventID string) error {
	_, err := r.q.ExecContext(ctx, `
		INSERT IGNORE INTO inbox_events (source, event_id, received_at) VALUES (?, ?, ?)`,
		source, eventID, time.Now().UTC())
	return err
}
