// Package idem stores request keys for RPCs and processed-event markers for
// Kafka consumers.
package idem

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/jmoiron/sqlx"
)

// ErrInFlight is returned when a key was claimed by a request that has not
// recorded its response yet.
var ErrInFlight = errors.New("idem: request with this key is still in flight")

// Keys is the idempotency_keys table.
type Keys struct{}

// NewKeys returns a Keys store.
func NewKeys() *Keys { return &Keys{} }

// Claim inserts (scope, key) in tx. When the key already exists it returns
// claimed=false together with the stored response of the earlier request.
func (k *Keys) Claim(ctx context.Context, tx *sqlx.Tx, scope, key, playerID string) (claimed bool, prior json.RawMessage, err error) {
	res, err := tx.ExecContext(ctx, `
INSERT INTO idempotency_keys (scope, key, player_id)
VALUES ($1, $2, $3)
ON CONFLICT (scope, key) DO NOTHING`, scope, key, playerID)
	if err != nil {
		return false, nil, fmt.Errorf("idem: claim %s/%s: %w", scope, key, err)
	}
	n, err := res.RowsAffected()
	if err != nil {
		return false, nil, err
	}
	if n == 1 {
		return true, nil, nil
	}
	var row struct {
		PlayerID string          `db:"player_id"`
		Response json.RawMessage `db:"response"`
	}
	if err := tx.GetContext(ctx, &row, `
SELECT player_id, response FROM idempotency_keys WHERE scope = $1 AND key = $2`, scope, key); err != nil {
		return false, nil, fmt.Errorf("idem: load %s/%s: %w", scope, key, err)
	}
	if row.PlayerID != playerID {
		return false, nil, fmt.Errorf("idem: key %s reused by another player", key)
	}
	if len(row.Response) == 0 {
		return false, nil, ErrInFlight
	}
	return false, row.Response, nil
}

// Complete stores the response for a claimed key.
func (k *Keys) Complete(ctx context.Context, tx sqlx.ExecerContext, scope, key string, response any) error {
	b, err := json.Marshal(response)
	if err != nil {
		return err
	}
	_, err = tx.ExecContext(ctx, `
UPDATE idempotency_keys SET response = $3 WHERE scope = $1 AND key = $2`, scope, key, b)
	if err != nil {
		return fmt.Errorf("idem: complete %s/%s: %w", scope, key, err)
	}
	return nil
}

// Lookup returns the stored response for (scope, key), if any.
func (k *Keys) Lookup(ctx context.Context, q sqlx.QueryerContext, scope, key string) (json.RawMessage, bool, error) {
	var resp json.RawMessage
	err := sqlx.GetContext(ctx, q, &resp, `
SELECT response FROM idempotency_keys WHERE scope = $1 AND key = $2 AND response IS NOT NULL`, scope, key)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, false, nil
	}
	if err != nil {
		return nil, false, fmt.Errorf("idem: lookup %s/%s: %w", scope, key, err)
	}
	return resp, true, nil
}

// Save records (scope, key) with its response.
func (k *Keys) Save(ctx context.Context, q sqlx.ExecerContext, scope, key, playerID string, response any) error {
	b, err := json.Marshal(response)
	if err != nil {
		return err
	}
	_, err = q.ExecContext(ctx, `
INSERT INTO idempotency_keys (scope, key, player_id, response)
VALUES ($1, $2, $3, $4)
ON CONFLICT (scope, key) DO UPDATE SET response = EXCLUDED.response`, scope, key, playerID, b)
	if err != nil {
		return fmt.Errorf("idem: save %s/%s: %w", scope, key, err)
	}
	return nil
}
