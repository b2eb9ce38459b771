package store

import (
	"context"
	"errors"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgtype"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/tidewater/loyalty/internal/db"
)

// StoredResponse is a response remembered under an Idempotency-Key.
type StoredResponse struct {
	RequestHash string
	ResourceID  string
	Body        []byte
	StatusCode  int
}

// IdempotencyStore is a standalone key/response store for HTTP handlers that
// manage their own transactions.
type IdempotencyStore struct {
	q db.Querier
}

func NewIdempotencyStore(pool *pgxpool.Pool) *IdempotencyStore {
	return &IdempotencyStore{q: db.New(pool)}
}

func (s *IdempotencyStore) Lookup(ctx context.Context, scope, key string) (StoredResponse, bool, error) {
	rec, err := s.q.GetIdempotencyKey(ctx, db.GetIdempotencyKeyParams{Scope: scope, Key: key})
	if errors.Is(err, pgx.ErrNoRows) {
		return StoredResponse{}, false, nil
	}
	if err != nil {
		return StoredResponse{}, false, err
	}
	return StoredResponse{
		RequestHash: rec.RequestHash,
		ResourceID:  rec.ResourceID.String,
		Body:        rec.ResponseBody,
		StatusCode:  int(rec.StatusCode),
	}, true, nil
}

func (s *IdempotencyStore) Save(ctx context.Context, scope, key string, r StoredResponse) error {
	_, err := s.q.InsertIdempotencyKey(ctx, db.InsertIdempotencyKeyParams{
		Scope:        scope,
		Key:          key,
		RequestHash:  r.RequestHash,
		ResourceID:   pgtype.Text{String: r.ResourceID, Valid: r.ResourceID != ""},
		ResponseBody: r.Body,
		StatusCode:   int32(r.StatusCode),
	})
	return err
}
