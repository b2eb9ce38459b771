// Package middleware holds echo middleware shared by the HTTP servers.
package middleware

import (
	"bytes"
	"context"
	"errors"
	"net/http"

	"github.com/labstack/echo/v4"
	"github.com/uptrace/bun"

	"github.com/summitline/skipass/internal/model"
	"github.com/summitline/skipass/internal/store"
)

// HeaderIdempotencyKey is the request header clients use to make a POST repeatable.
const HeaderIdempotencyKey = "Idempotency-Key"

// SavedResponse is a stored response for an idempotency key.
type SavedResponse struct {
	Status int
	Body   []byte
}

// ResponseStore persists responses by (scope, key).
type ResponseStore interface {
	Lookup(ctx context.Context, scope, key string) (*SavedResponse, bool, error)
	Save(ctx context.Context, scope, key string, resp SavedResponse) error
}

type dbResponseStore struct {
	db   *bun.DB
	keys store.Keys
}

// NewResponseStore adapts the idempotency_keys table to ResponseStore.
func NewResponseStore(db *bun.DB, keys store.Keys) ResponseStore {
	return &dbResponseStore{db: db, keys: keys}
}

func (s *dbResponseStore) Lookup(ctx context.Context, scope, key string) (*SavedResponse, bool, error) {
	k, err := s.keys.Find(ctx, s.db, scope, key)
	if errors.Is(err, store.ErrNotFound) {
		return nil, false, nil
	}
	if err != nil {
		return nil, false, err
	}
	return &SavedResponse{Status: k.ResponseCode, Body: k.ResponseBody}, true, nil
}

func (s *dbResponseStore) Save(ctx context.Context, scope, key string, resp SavedResponse) error {
	return s.keys.Record(ctx, s.db, &model.IdempotencyKey{
		Scope:        scope,
		Key:          key,
		ResponseCode: resp.Status,
		ResponseBody: resp.Body,
	})
}

type capture struct {
	http.ResponseWriter
	buf bytes.Buffer
}

func (c *capture) Write(b []byte) (int, error) {
	c.buf.Write(b)
	return c.ResponseWriter.Write(b)
}

// Idempotent replays the stored response when a request repeats an
// Idempotency-Key, and stores successful responses for later replay.
func Idempotent(rs ResponseStore, scope string) echo.MiddlewareFunc {
	return func(next echo.HandlerFunc) echo.HandlerFunc {
		return func(c echo.Context) error {
			key := c.Request().Header.Get(HeaderIdempotencyKey)
			if key == "" {
				return next(c)
			}
			ctx := c.Request().Context()
			saved, ok, err := rs.Lookup(ctx, scope, key)
			if err != nil {
				return err
			}
			if ok {
				c.Response().Header().Set("Idempotent-Replayed", "true")
				return c.JSONBlob(saved.Status, saved.Body)
			}

			rec := &capture{ResponseWriter: c.Response().Writer}
			c.Response().Writer = rec
			if err := next(c); err != nil {
				return err
			}
			status := c.Response().Status
			if status >= 300 {
				return nil
			}
			return rs.Save(ctx, scope, key, SavedResponse{Status: status, Body: rec.buf.Bytes()})
		}
	}
}
