package store

import (
	"context"
	"database/sql"
	"errors"
	"time"

	"github.com/cobaltmesa/titleworks/internal/platform/txm"
)

// KeyRepo stores client idempotency keys and the responses sent for them.
type KeyRepo struct {
	tx  *txm.Manager
	now func() time.Time
}

// NewKeyRepo returns a KeyRepo.
func NewKeyRepo(tx *txm.Manager) *KeyRepo { return &KeyRepo{tx: tx, now: time.Now} }

// Claim inserts the key and reports whether this call inserted it. Inside
// a transaction the row lock is held until commit, so a concurrent claim
// of the same key waits and then sees it taken.
func (r *KeyRepo) Claim(ctx context.Context, scope, key string) (bool, error) {
	return affected(r.tx.Q(ctx).ExecContext(ctx,
		`INSERT IGNORE INTO idempotency_keys (scope, idem_key, created_at) VALUES (?, ?, ?)`,
		scope, key, r.now().UTC()))
}

// SavedResponse is a response recorded against a key.
type SavedResponse struct {
	Status int
	Body   []byte
}

// Lookup returns the saved response for a key, if any.
func (r *KeyRepo) Lookup(ctx context.Context, scope, key string) (*SavedResponse, bool, error) {
	var row struct {
		Status sql.NullInt64 `db:"response_status"`
		Body   []byte        `db:"response_body"`
	}
	err := r.tx.Q(ctx).GetContext(ctx, &row,
		`SELECT response_status, response_body FROM idempotency_keys WHERE scope = ? AND idem_key = ?`, scope, key)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, false, nil
	}
	if err != nil {
		return nil, false, err
	}
	if !row.Status.Valid {
		return nil, false, nil
	}
	return &SavedResponse{Status: int(row.Status.Int64), Body: row.Body}, true, nil
}

// Save records the response for a key.
func (r *KeyRepo) Save(ctx context.Context, scope, key string, resp SavedResponse) error {
	_, err := r.tx.Q(ctx).ExecContext(ctx, `
		INSERT INTO idempotency_keys (scope, idem_key, response_status, response_body, created_at)
		VALUES (?, ?, ?, ?, ?)
		ON DUPLICATE KEY UPDATE response_status = VALUES(response_status), response_body = VALUES(response_body)`,
		scope, key, resp.Status, resp.Body, r.now().UTC())
	return err
}
