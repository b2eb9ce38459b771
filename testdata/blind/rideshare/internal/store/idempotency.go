package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"

	"github.com/wayfare/ridepay/internal/db"
)

// IdempotencyRecord is a stored response for a caller-supplied key.
type IdempotencyRecord struct {
	Scope        string
	Key          string
	RequestHash  string
	ResponseCode int
	ResponseBody json.RawMessage
}

// Completed reports whether a response has been stored for the key.
func (r *IdempotencyRecord) Completed() bool { return r != nil && r.ResponseCode != 0 }

// IdempotencyRepo stores caller-supplied idempotency keys.
type IdempotencyRepo interface {
	// Lookup returns the record for (scope, key) or nil if none exists.
	Lookup(ctx context.Context, scope, key string) (*IdempotencyRecord, error)
	// Save records the response for (scope, key).
	Save(ctx context.Context, rec IdempotencyRecord) error
	// Claim inserts (scope, key) through q, which is expected to be bound to
	// the caller's transaction. It returns false when the key already exists.
	Claim(ctx context.Context, q *db.Queries, scope, key, requestHash string) (bool, error)
	// Complete stores the response through q.
	Complete(ctx context.Context, q *db.Queries, rec IdempotencyRecord) error
}

type idempotencyRepo struct {
	q *db.Queries
}

// NewIdempotencyRepo returns an IdempotencyRepo over the pool.
func NewIdempotencyRepo(sqldb *sql.DB) IdempotencyRepo {
	return &idempotencyRepo{q: db.New(sqldb)}
}

func (r *idempotencyRepo) Lookup(ctx context.Context, scope, key string) (*IdempotencyRecord, error) {
	row, err := r.q.GetIdempotencyKey(ctx, db.GetIdempotencyKeyParams{Scope: scope, Key: key})
	if IsNotFound(err) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("lookup idempotency key: %w", err)
	}
	return toRecord(row), nil
}

func (r *idempotencyRepo) Save(ctx context.Context, rec IdempotencyRecord) error {
	return r.Complete(ctx, r.q, rec)
}

func (r *idempotencyRepo) Claim(ctx context.Context, q *db.Queries, scope, key, requestHash string) (bool, error) {
	n, err := q.ClaimIdempotencyKey(ctx, db.ClaimIdempotencyKeyParams{Scope: scope, Key: key, RequestHash: requestHash})
	if err != nil {
		return false, fmt.Errorf("claim idempotency key: %w", err)
	}
	return n == 1, nil
}

func (r *idempotencyRepo) Complete(ctx context.Context, q *db.Queries, rec IdempotencyRecord) error {
	err := q.SaveIdempotencyResponse(ctx, db.SaveIdempotencyResponseParams{
		Scope:        rec.Scope,
		Key:          rec.Key,
		RequestHash:  rec.RequestHash,
		ResponseCode: sql.NullInt32{Int32: int32(rec.ResponseCode), Valid: rec.ResponseCode != 0},
		ResponseBody: rec.ResponseBody,
	})
	if err != nil {
		return fmt.Errorf("save idempotency response: %w", err)
	}
	return nil
}

func toRecord(row db.IdempotencyKey) *IdempotencyRecord {
	return &IdempotencyRecord{
		Scope:        row.Scope,
		Key:          row.Key,
		RequestHash:  row.RequestHash,
		ResponseCode: int(row.ResponseCode.Int32),
		ResponseBody: row.ResponseBody,
	}
}
