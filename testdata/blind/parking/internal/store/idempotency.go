package store

import (
	"context"
	"database/sql"
	"errors"

	"github.com/google/uuid"
	"github.com/jmoiron/sqlx"
)

// IdempotencyRecord is a client-supplied Idempotency-Key and what it produced.
type IdempotencyRecord struct {
	AccountID    uuid.UUID  `db:"account_id"`
	Scope        string     `db:"scope"`
	Key          string     `db:"key"`
	RequestHash  string     `db:"request_hash"`
	ResourceID   *uuid.UUID `db:"resource_id"`
	ResponseCode *int       `db:"response_code"`
}

type IdempotencyRepository interface {
	// Claim inserts the key inside tx. When the key already exists the stored
	// record is returned and claimed is false.
	Claim(ctx context.Context, tx *sqlx.Tx, rec IdempotencyRecord) (claimed bool, existing *IdempotencyRecord, err error)
	Complete(ctx context.Context, tx *sqlx.Tx, rec IdempotencyRecord, resourceID uuid.UUID, code int) error
}

type idempotencyRepo struct{ db *sqlx.DB }

func NewIdempotencyRepository(db *sqlx.DB) IdempotencyRepository { return &idempotencyRepo{db: db} }

func (r *idempotencyRepo) Claim(ctx context.Context, tx *sqlx.Tx, rec IdempotencyRecord) (bool, *IdempotencyRecord, error) {
	res, err := q(r.db, tx).ExecContext(ctx, `
		INSERT INTO idempotency_keys (account_id, scope, key, request_hash)
		VALUES ($1, $2, $3, $4)
		ON CONFLICT (account_id, scope, key) DO NOTHING`,
		rec.AccountID, rec.Scope, rec.Key, rec.RequestHash)
	if err != nil {
		return false, nil, err
	}
	if n, _ := res.RowsAffected(); n == 1 {
		return true, nil, nil
	}
	var existing IdempotencyRecord
	err = q(r.db, tx).GetContext(ctx, &existing, `
		SELECT account_id, scope, key, request_hash, resource_id, response_code
		FROM idempotency_keys WHERE account_id = $1 AND scope = $2 AND key = $3 FOR UPDATE`,
		rec.AccountID, rec.Scope, rec.Key)
	if errors.Is(err, sql.ErrNoRows) {
		return false, nil, errors.New("idempotency: key vanished during claim")
	}
	if err != nil {
		return false, nil, err
	}
	return false, &existing, nil
}

func (r *idempotencyRepo) Complete(ctx context.Context, tx *sqlx.Tx, rec IdempotencyRecord, resourceID uuid.UUID, code int) error {
	_, err := q(r.db, tx).ExecContext(ctx, `
		UPDATE idempotency_keys SET resource_id = $4, response_code = $5
		WHERE account_id = $1 AND scope = $2 AND key = $3`,
		rec.AccountID, rec.Scope, rec.Key, resourceID, code)
	return err
}
