package api

import (
	"context"
	"database/sql"
	"errors"

	"github.com/meridianlabs/labs/internal/platform/httpx"
	"github.com/meridianlabs/labs/internal/store"
)

// responseStore adapts store.IdempotencyKeys to httpx.ResponseStore.
type responseStore struct {
	keys *store.IdempotencyKeys
}

func (r responseStore) Lookup(ctx context.Context, scope, key string) (httpx.StoredResponse, error) {
	s, err := r.keys.Lookup(ctx, scope, key)
	if errors.Is(err, sql.ErrNoRows) {
		return httpx.StoredResponse{}, httpx.ErrNoStoredResponse
	}
	if err != nil {
		return httpx.StoredResponse{}, err
	}
	return httpx.StoredResponse{RequestHash: s.RequestHash, StatusCode: s.StatusCode, Body: s.Body}, nil
}

func (r responseStore) Save(ctx context.Context, scope, key string, resp httpx.StoredResponse) error {
	return r.keys.Save(ctx, scope, key, store.StoredResponse{
		RequestHash: resp.RequestHash,
		StatusCode:  resp.StatusCode,
		Body:        resp.Body,
	})
}
