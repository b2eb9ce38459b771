package store

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/jackc/pgx/v5"
)

type idempotencyRepo struct{ db DBTX }

func (r *idempotencyRepo) Claim(ctx context.Context, scope, key string) (bool, error) {
	tag, err := r.db.Exec(ctx, `
		INSERT INTO idempotency_keys (scope, key) VALUES ($1, $2)
		ON CONFLICT (scope, key) DO NOTHING`, scope, key)
	if err != nil {
		return false, fmt.Errorf("claim key: %w", err)
	}
	return tag.RowsAffected() == 1, nil
}

func (r *idempotencyRepo) Response(ctx context.Context, scope, key string) (json.RawMessage, error) {
	var raw []byte
	err := r.db.QueryRow(ctx, `SELECT response FROM idempotency_keys WHERE scope = $1 AND key = $2`, scope, key).Scan(&raw)
	if err != nil {
		return nil, notFound(err)
	}
	return raw, nil
}

func (r *idempotencyRepo) SaveResponse(ctx context.Context, scope, key string, resp any) error {
	body, err := json.Marshal(resp)
	if err != nil {
		return err
	}
	_, err = r.db.Exec(ctx, `UPDATE idempotency_keys SET response = $3 WHERE scope = $1 AND key = $2`, scope, key, body)
	return err
}

func (r *idempotencyRepo) Lookup(ctx context.Context, scope, key string) (json.RawMessage, bool, error) {
	var raw []byte
	err := r.db.QueryRow(ctx, `SELECT response FROM idempotency_keys WHERE scope = $1 AND key = $2`, scope, key).Scan(&raw)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, false, nil
	}
	if err != nil {
		return nil, false, err
	}
	return raw, true, nil
}

func (r *idempotencyRepo) Remember(ctx context.Context, scope, key string, resp any) error {
	body, err := json.Marshal(resp)
	if err != nil {
		return err
	}
	_, err = r.db.Exec(ctx, `
		INSERT INTO idempotency_keys (scope, key, response) VALUES ($1, $2, $3)
		ON CONFLICT (scope, key) DO UPDATE SET response = EXCLUDED.response`, scope, key, body)
	return err
}

func (r *idempotencyRepo) AdminLookup(ctx context.Context, key string) (AdminResponse, bool, error) {
	var out AdminResponse
	err := r.db.QueryRow(ctx, `SELECT route, status_code, body FROM admin_requests WHERE key = $1`, key).
		Scan(&out.Route, &out.StatusCode, &out.Body)
	if errors.Is(err, pgx.ErrNoRows) {
		return AdminResponse{}, false, nil
	}
	if err != nil {
		return AdminResponse{}, false, err
	}
	return out, true, nil
}

func (r *idempotencyRepo) AdminSave(ctx context.Context, key string, resp AdminResponse) error {
	_, err := r.db.Exec(ctx, `
		INSERT INTO admin_requests (key, route, status_code, body) VALUES ($1, $2, $3, $4)
		ON CONFLICT (key) DO NOTHING`, key, resp.Route, resp.StatusCode, resp.Body)
	return err
}
