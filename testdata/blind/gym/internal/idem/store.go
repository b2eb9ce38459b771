// Package idem stores responses keyed by client-supplied Idempotency-Key
// headers so a repeated request can be answered from the stored response.
package idem

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/pulsefit/memberships/internal/db"
)

type Record struct {
	Status      int
	Body        []byte
	ResourceID  string
	RequestHash string
}

type Store struct {
	q *db.Queries
}

func NewStore(pool *pgxpool.Pool) *Store {
	return &Store{q: db.New(pool)}
}

// Lookup returns the stored record for key, or nil if none.
func (s *Store) Lookup(ctx context.Context, scope, key string) (*Record, error) {
	row, err := s.q.GetIdempotencyKey(ctx, db.GetIdempotencyKeyParams{Scope: scope, Key: key})
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	if row.ResponseStatus == 0 {
		return nil, nil
	}
	return &Record{
		Status:      int(row.ResponseStatus),
		Body:        row.ResponseBody,
		ResourceID:  row.ResourceID,
		RequestHash: row.RequestHash,
	}, nil
}

// Save stores the response for key.
func (s *Store) Save(ctx context.Context, scope, key string, rec Record) error {
	return s.q.SaveIdempotencyResponse(ctx, db.SaveIdempotencyResponseParams{
		Scope:          scope,
		Key:            key,
		RequestHash:    rec.RequestHash,
		ResourceID:     rec.ResourceID,
		ResponseStatus: int32(rec.Status),
		ResponseBody:   rec.Body,
	})
}

// Hash returns a stable fingerprint of a request body.
func Hash(parts ...[]byte) string {
	h := sha256.New()
	for _, p := range parts {
		h.Write(p)
		h.Write([]byte{0})
	}
	return hex.EncodeToString(h.Sum(nil))
}
