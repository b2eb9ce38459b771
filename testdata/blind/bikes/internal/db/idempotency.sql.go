package db

import (
	"context"

	"github.com/jackc/pgx/v5/pgtype"
)

const claimIdempotencyKey = `-- name: ClaimIdempotencyKey :execrows
INSERT INTO idempotency_keys (scope, key, request_hash)
VALUES ($1, $2, $3)
ON CONFLICT (scope, key) DO NOTHING`

type ClaimIdempotencyKeyParams struct {
	Scope       string
	Key         string
	RequestHash string
}

func (q *Queries) ClaimIdempotencyKey(ctx context.Context, arg ClaimIdempotencyKeyParams) (int64, error) {
	result, err := q.db.Exec(ctx, claimIdempotencyKey, arg.Scope, arg.Key, arg.RequestHash)
	if err != nil {
		return 0, err
	}
	return result.RowsAffected(), nil
}

const getIdempotencyKey = `-- name: GetIdempotencyKey :one
SELECT scope, key, request_hash, status_code, response, created_at
FROM idempotency_keys
WHERE scope = $1 AND key = $2`

type GetIdempotencyKeyParams struct {
	Scope string
	Key   string
}

func (q *Queries) GetIdempotencyKey(ctx context.Context, arg GetIdempotencyKeyParams) (IdempotencyKey, error) {
	row := q.db.QueryRow(ctx, getIdempotencyKey, arg.Scope, arg.Key)
	var i IdempotencyKey
	err := row.Scan(
		&i.Scope,
		&i.Key,
		&i.RequestHash,
		&i.StatusCode,
		&i.Response,
		&i.CreatedAt,
	)
	return i, err
}

const saveIdempotencyResponse = `-- name: SaveIdempotencyResponse :exec
UPDATE idempotency_keys
SET status_code = $3, response = $4
WHERE scope = $1 AND key = $2`

type SaveIdempotencyResponseParams struct {
	Scope      string
	Key        string
	StatusCode pgtype.Int4
	Response   []byte
}

func (q *Queries) SaveIdempotencyResponse(ctx context.Context, arg SaveIdempotencyResponseParams) error {
	_, err := q.db.Exec(ctx, saveIdempotencyResponse, arg.Scope, arg.Key, arg.StatusCode, arg.Response)
	return err
}

const recordIdempotencyKey = `-- name: RecordIdempotencyKey :exec
INSERT INTO idempotency_keys (scope, key, request_hash, status_code, response)
VALUES ($1, $2, $3, $4, $5)
ON CONFLICT (scope, key) DO NOTHING`

type RecordIdempotencyKeyParams struct {
	Scope       string
	Key         string
	RequestHash string
	StatusCode  pgtype.Int4
	Response    []byte
}

func (q *Queries) RecordIdempotencyKey(ctx context.Context, arg RecordIdempotencyKeyParams) error {
	_, err := q.db.Exec(ctx, recordIdempotencyKey,
		arg.Scope,
		arg.Key,
		arg.RequestHash,
		arg.StatusCode,
		arg.Response,
	)
	return err
}
