package idempotency

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"time"

	"github.com/jmoiron/sqlx"
	"github.com/labstack/echo/v4"

	"github.com/harvestloop/farmshare/internal/platform/httpx"
)

// ResponseCache remembers responses by key for replay.
type ResponseCache interface {
	Lookup(ctx context.Context, scope, key string) (*Stored, error)
	Save(ctx context.Context, scope, key string, status int, body []byte) error
}

// SQLCache is a ResponseCache over the idempotency_responses table.
type SQLCache struct {
	DB  *sqlx.DB
	TTL time.Duration
}

// Lookup returns the cached response, or nil when there is none.
func (c *SQLCache) Lookup(ctx context.Context, scope, key string) (*Stored, error) {
	var s Stored
	err := c.DB.GetContext(ctx, &s, `
		SELECT scope, idem_key, '' AS request_hash, response_status, response_body
		FROM idempotency_responses
		WHERE scope = $1 AND idem_key = $2 AND created_at > now() - $3::interval`,
		scope, key, c.TTL.String())
	if err != nil {
		if isNoRows(err) {
			return nil, nil
		}
		return nil, err
	}
	return &s, nil
}

// Save stores a response.
func (c *SQLCache) Save(ctx context.Context, scope, key string, status int, body []byte) error {
	_, err := c.DB.ExecContext(ctx, `
		INSERT INTO idempotency_responses (scope, idem_key, response_status, response_body, created_at)
		VALUES ($1, $2, $3, $4, now())
		ON CONFLICT (scope, idem_key) DO UPDATE
		SET response_status = EXCLUDED.response_status, response_body = EXCLUDED.response_body`,
		scope, key, status, body)
	return err
}

type recorder struct {
	http.ResponseWriter
	status int
	buf    bytes.Buffer
}

func (r *recorder) WriteHeader(code int) {
	r.status = code
	r.ResponseWriter.WriteHeader(code)
}

func (r *recorder) Write(b []byte) (int, error) {
	r.buf.Write(b)
	return r.ResponseWriter.Write(b)
}

// Middleware replays a stored response when the Idempotency-Key header was
// seen before for this scope, and stores successful responses otherwise.
func Middleware(cache ResponseCache, scope string) echo.MiddlewareFunc {
	return func(next echo.HandlerFunc) echo.HandlerFunc {
		return func(c echo.Context) error {
			key, err := httpx.IdempotencyKey(c, true)
			if err != nil {
				return err
			}
			ctx := c.Request().Context()
			prev, err := cache.Lookup(ctx, scope, key)
			if err != nil {
				return err
			}
			if prev != nil && prev.Status != nil {
				c.Response().Header().Set("Idempotent-Replayed", "true")
				return c.JSONBlob(*prev.Status, prev.Body)
			}

			rec := &recorder{ResponseWriter: c.Response().Writer, status: http.StatusOK}
			c.Response().Writer = rec
			if err := next(c); err != nil {
				return err
			}
			if rec.status >= 200 && rec.status < 300 && json.Valid(rec.buf.Bytes()) {
				if err := cache.Save(ctx, scope, key, rec.status, rec.buf.Bytes()); err != nil {
					c.Logger().Warnf("idempotency save %s/%s: %v", scope, key, err)
				}
			}
			return nil
		}
	}
}
