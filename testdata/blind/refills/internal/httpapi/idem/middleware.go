// Package idem provides an echo middleware that replays responses for
// repeated Idempotency-Key headers.
package idem

import (
	"bytes"
	"context"
	"errors"
	"io"
	"net/http"

	"github.com/labstack/echo/v4"

	"github.com/scriptline/refills/internal/domain"
	"github.com/scriptline/refills/internal/ids"
)

const HeaderKey = "Idempotency-Key"

// Store is satisfied by *store.IdempotencyRepo.
type Store interface {
	Lookup(ctx context.Context, scope, key string) (*domain.IdempotencyKey, error)
	SaveResponse(ctx context.Context, rec *domain.IdempotencyKey) error
}

type Middleware struct {
	store Store
}

func New(s Store) *Middleware { return &Middleware{store: s} }

// recorder tees the response body so it can be stored for replay.
type recorder struct {
	http.ResponseWriter
	buf bytes.Buffer
}

func (r *recorder) Write(b []byte) (int, error) {
	r.buf.Write(b)
	return r.ResponseWriter.Write(b)
}

// Require rejects requests without an Idempotency-Key and replays the
// stored response for a key that has been seen before.
func (m *Middleware) Require(scope string) echo.MiddlewareFunc {
	return func(next echo.HandlerFunc) echo.HandlerFunc {
		return func(c echo.Context) error {
			key := c.Request().Header.Get(HeaderKey)
			if key == "" || len(key) > 255 {
				return echo.NewHTTPError(http.StatusBadRequest, "Idempotency-Key header is required")
			}
			ctx := c.Request().Context()
			body, err := io.ReadAll(io.LimitReader(c.Request().Body, 1<<20))
			if err != nil {
				return echo.NewHTTPError(http.StatusBadRequest, "could not read body")
			}
			c.Request().Body = io.NopCloser(bytes.NewReader(body))
			hash := ids.Fingerprint(body)

			prev, err := m.store.Lookup(ctx, scope, key)
			switch {
			case err == nil:
				if prev.RequestHash != hash {
					return echo.NewHTTPError(http.StatusUnprocessableEntity, "Idempotency-Key reused with a different body")
				}
				if prev.StatusCode != nil {
					c.Response().Header().Set("Idempotent-Replayed", "true")
					return c.Blob(*prev.StatusCode, echo.MIMEApplicationJSON, prev.ResponseBody)
				}
			case !errors.Is(err, domain.ErrNotFound):
				return err
			}

			rec := &recorder{ResponseWriter: c.Response().Writer}
			c.Response().Writer = rec
			if err := next(c); err != nil {
				return err
			}
			status := c.Response().Status
			if status >= 500 {
				return nil
			}
			if err := m.store.SaveResponse(ctx, &domain.IdempotencyKey{
				Scope:        scope,
				Key:          key,
				RequestHash:  hash,
				StatusCode:   &status,
				ResponseBody: rec.buf.Bytes(),
			}); err != nil {
				c.Logger().Errorf("idempotency: store response for %s/%s: %v", scope, key, err)
			}
			return nil
		}
	}
}
