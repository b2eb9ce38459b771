package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/jmoiron/sqlx"
)

// ErrIdempotencyMismatch is returned when a key is reused with a different
// request body.
var ErrIdempotencyMismatch = errors.New("idempotency key reused with a different request")

// IdempotencyRecord is a claimed client idempotency key.
type IdempotencyRecord struct {
	Scope       string         `db:"scope"`
	Key         string         `db:"idem_key"`
	RequestHash string         `db:"request_hash"`
	ResourceID  sql.NullString `db:"resource_id"`
	CreatedAt   time.Time      `db:"created_at"`
}

// IdempotencyRepo claims client-supplied idempotency keys.
type IdempotencyRepo interface {
	// Claim records (scope, key) and reports whether this call claimed it.
	// When the key was already claimed the stored record is returned.
	Claim(ctx context.Context, scope, key, requestHash string) (bool, IdempotencyRecord, error)
	Complete(ctx context.Context, scope, key, resourceID string) error
}

type idempotencyRepo struct{ q sqlx.ExtContext }

func (r *idempotencyRepo) Claim(ctx context.Context, scope, key, requestHash string) (bool, IdempotencyRecord, error) {
	rec := IdempotencyRecord{Scope: scope, Key: key, RequestHash: requestHash, CreatedAt: time.Now().UTC()}
	res, err := sqlx.NamedExecContext(ctx, r.q, `
		INSERT IGNORE INTO idempotency_keys (scope, idem_key, request_hash, created_at)
		VALUES (:scope, :idem_key, :request_hash, :created_at)`, rec)
	if err != nil {
		return false, rec, fmt.Errorf("claim idempotency key: %w", err)
	}
	n, err := affected(res)
	if err != nil {
		return false, rec, err
	}
	if n == 1 {
		return true, rec, nil
	}
	stored, err := getOne[IdempotencyRecord](ctx, r.q,
		`SELECT * FROM idempotency_keys WHERE scope = ? AND idem_key = ? FOR UPDATE`, scope, key)
	if err != nil {
		return false, rec, err
	}
	if stored.RequestHash != requestHash {
		return false, stored, ErrIdempotencyMismatch
	}
	return false, stored, nil
}

func (r *idempotencyRepo) Complete(ctx context.Context, scope, key, resourceID string) error {
	_, err := r.q.ExecContext(ctx,
		`UPDATE idempotency_keys SET resource_id = ? WHERE scope = ? AND idem_key = ?`, resourceID, scope, key)
	return err
}
