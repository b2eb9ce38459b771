// Package idempotency stores client Idempotency-Key values together with
// the response (or the resource) they produced, so a replayed request can
// be answered from the stored result.
package idempotency

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/jmoiron/sqlx"

	"github.com/sealpoint-labs/notary/internal/dbx"
)

type Store struct {
	db *sqlx.DB
}

func NewStore(db *sqlx.DB) *Store {
	return &Store{db: db}
}

// Lookup returns the stored response for (scope, key), if one was saved.
func (s *Store) Lookup(ctx context.Context, scope, key string) (json.RawMessage, bool, error) {
	var resp []byte
	err := s.db.GetContext(ctx, &resp,
		`SELECT response FROM idempotency_keys WHERE scope = $1 AND key = $2 AND response IS NOT NULL`,
		scope, key)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, false, nil
	}
	if err != nil {
		return nil, false, fmt.Errorf("idempotency lookup: %w", err)
	}
	return resp, true, nil
}

// Save records the response for (scope, key).
func (s *Store) Save(ctx context.Context, scope, key string, response any) error {
	body, err := json.Marshal(response)
	if err != nil {
		return err
	}
	_, err = s.db.ExecContext(ctx, `
		INSERT INTO idempotency_keys (scope, owner, key, response)
		VALUES ($1, '', $2, $3)
		ON CONFLICT (scope, owner, key) DO UPDATE SET response = EXCLUDED.response`,
		scope, key, body)
	return err
}

// Claim reserves (scope, owner, key) for ref on the transaction carried by
// ctx. When the key was already claimed it returns the ref stored by the
// first claimant and claimed=false.
func (s *Store) Claim(ctx context.Context, scope, owner, key, ref string) (existing string, claimed bool, err error) {
	ext := dbx.Ext(ctx, s.db)
	err = sqlx.GetContext(ctx, ext, &existing, `
		INSERT INTO idempotency_keys (scope, owner, key, resource_ref)
		VALUES ($1, $2, $3, $4)
		ON CONFLICT (scope, owner, key) DO NOTHING
		RETURNING resource_ref`, scope, owner, key, ref)
	if err == nil {
		return existing, true, nil
	}
	if !errors.Is(err, sql.ErrNoRows) {
		return "", false, fmt.Errorf("idempotency claim: %w", err)
	}
	err = sqlx.GetContext(ctx, ext, &existing,
		`SELECT resource_ref FROM idempotency_keys WHERE scope = $1 AND owner = $2 AND key = $3`,
		scope, owner, key)
	if err != nil {
		return "", false, fmt.Errorf("idempotency claim lookup: %w", err)
	}
	return existing, false, nil
}
