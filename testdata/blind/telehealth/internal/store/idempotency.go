package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"

	"github.com/jmoiron/sqlx"
)

// IdemRecord is a claimed client request key.
type IdemRecord struct {
	Scope       string  `db:"scope"`
	Key         string  `db:"key"`
	RequestHash string  `db:"request_hash"`
	ResourceID  *string `db:"resource_id"`
}

// IdempotencyRepo stores client-supplied request keys for gRPC mutations.
type IdempotencyRepo struct{}

func NewIdempotencyRepo() *IdempotencyRepo { return &IdempotencyRepo{} }

// Claim records (scope, key) inside tx. If the key was already claimed it
// returns claimed=false and the earlier record.
func (IdempotencyRepo) Claim(ctx context.Context, tx *sqlx.Tx, scope, key, hash string) (bool, *IdemRecord, error) {
	res, err := tx.ExecContext(ctx, `
		INSERT INTO idempotency_keys (scope, key, request_hash)
		VALUES ($1, $2, $3)
		ON CONFLICT (scope, key) DO NOTHING`, scope, key, hash)
	if err != nil {
		return false, nil, err
	}
	if n, _ := res.RowsAffected(); n == 1 {
		return true, nil, nil
	}
	var rec IdemRecord
	if err := tx.GetContext(ctx, &rec, `
		SELECT scope, key, request_hash, resource_id FROM idempotency_keys
		WHERE scope = $1 AND key = $2`, scope, key); err != nil {
		return false, nil, err
	}
	return false, &rec, nil
}

// Attach links a claimed key to the resource it created.
func (IdempotencyRepo) Attach(ctx context.Context, tx *sqlx.Tx, scope, key, resourceID string) error {
	_, err := tx.ExecContext(ctx, `
		UPDATE idempotency_keys SET resource_id = $3 WHERE scope = $1 AND key = $2`,
		scope, key, resourceID)
	return err
}

// AdminRequestRepo remembers responses to admin API calls by their
// Idempotency-Key header.
type AdminRequestRepo struct {
	db *sqlx.DB
}

func NewAdminRequestRepo(d *sqlx.DB) *AdminRequestRepo { return &AdminRequestRepo{db: d} }

// Lookup returns the stored response for key, if any.
func (r *AdminRequestRepo) Lookup(ctx context.Context, key string) (json.RawMessage, bool, error) {
	var body []byte
	err := r.db.GetContext(ctx, &body, `SELECT response FROM admin_requests WHERE key = $1`, key)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, false, nil
	}
	if err != nil {
		return nil, false, err
	}
	return json.RawMessage(body), true, nil
}

// Save stores the response for key.
func (r *AdminRequestRepo) Save(ctx context.Context, key, route string, response any) error {
	body, err := json.Marshal(response)
	if err != nil {
		return err
	}
	_, err = r.db.ExecContext(ctx, `
		INSERT INTO admin_requests (key, route, response) VALUES ($1, $2, $3)
		ON CONFLICT (key) DO NOTHING`, key, route, body)
	return err
}
