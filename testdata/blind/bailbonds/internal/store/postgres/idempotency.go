package postgres

import (
	"context"

	"github.com/jmoiron/sqlx"

	"github.com/keystonebail/bondline/internal/platform/database"
	"github.com/keystonebail/bondline/internal/platform/httpx"
)

// ResponseStore implements httpx.ResponseStore on the pool.
type ResponseStore struct {
	DB *sqlx.DB
}

// Lookup returns the stored response for a scoped key, or nil.
func (s ResponseStore) Lookup(ctx context.Context, scopeKey string) (*httpx.StoredResponse, error) {
	var row struct {
		StatusCode int    `db:"status_code"`
		Body       []byte `db:"body"`
	}
	err := s.DB.GetContext(ctx, &row, `SELECT status_code, body FROM http_idempotency WHERE scope_key = $1`, scopeKey)
	if database.NoRows(err) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	return &httpx.StoredResponse{StatusCode: row.StatusCode, Body: row.Body}, nil
}

// Save stores a response; the first one saved for a key wins.
func (s ResponseStore) Save(ctx context.Context, scopeKey string, resp httpx.StoredResponse) error {
	_, err := s.DB.ExecContext(ctx, `
		INSERT INTO http_idempotency (scope_key, status_code, body) VALUES ($1, $2, $3)
		ON CONFLICT (scope_key) DO NOTHING`, scopeKey, resp.StatusCode, resp.Body)
	return err
}
