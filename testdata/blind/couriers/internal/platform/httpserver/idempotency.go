package httpserver

import (
	"bytes"
	"context"
	"log/slog"
	"net/http"

	"github.com/labstack/echo/v4"

	"github.com/spokechain/courierpay/internal/db"
	"github.com/spokechain/courierpay/internal/platform/postgres"
)

// IdempotencyStore remembers responses to requests that carried an
// Idempotency-Key so a repeated request gets the first response back.
type IdempotencyStore interface {
	Lookup(ctx context.Context, scope, key string) (status int, body []byte, ok bool, err error)
	Save(ctx context.Context, scope, key string, status int, body []byte) error
}

type pgIdempotencyStore struct {
	q *db.Queries
}

// NewIdempotencyStore returns a store backed by http_idempotency_keys.
func NewIdempotencyStore(q *db.Queries) IdempotencyStore {
	return &pgIdempotencyStore{q: q}
}

func (s *pgIdempotencyStore) Lookup(ctx context.Context, scope, key string) (int, []byte, bool, error) {
	row, err := s.q.GetIdempotencyKey(ctx, db.GetIdempotencyKeyParams{Scope: scope, Key: key})
	if postgres.IsNoRows(err) {
		return 0, nil, false, nil
	}
	if err != nil {
		return 0, nil, false, err
	}
	return int(row.StatusCode), row.ResponseBody, true, nil
}

func (s *pgIdempotencyStore) Save(ctx context.Context, scope, key string, status int, body []byte) error {
	return s.q.SaveIdempotencyKey(ctx, db.SaveIdempotencyKeyParams{
		Scope:        scope,
		Key:          key,
		StatusCode:   int32(status),
		ResponseBody: body,
	})
}

// recorder tees the response body so it can be stored after the handler.
type recorder struct {
	http.ResponseWriter
	buf    bytes.Buffer
	status int
}

func (r *recorder) WriteHeader(code int) {
	r.status = code
	r.ResponseWriter.WriteHeader(code)
}

func (r *recorder) Write(b []byte) (int, error) {
	r.buf.Write(b)
	return r.ResponseWriter.Write(b)
}

// Idempotent replays the stored response for a repeated Idempotency-Key and
// stores successful responses for later replays. Requests without the header
// pass straight through.
func Idempotent(store IdempotencyStore, scope string, log *slog.Logger) echo.MiddlewareFunc {
	return func(next echo.HandlerFunc) echo.HandlerFunc {
		return func(c echo.Context) error {
			key := c.Request().Header.Get(IdempotencyHeader)
			if key == "" {
				return next(c)
			}
			ctx := c.Request().Context()
			fullKey := c.Param("id") + ":" + key
			if status, body, ok, err := store.Lookup(ctx, scope, fullKey); err != nil {
				return err
			} else if ok {
				c.Response().Header().Set("Idempotent-Replayed", "true")
				return c.Blob(status, echo.MIMEApplicationJSONCharsetUTF8, body)
			}

			rec := &recorder{ResponseWriter: c.Response().Writer, status: http.StatusOK}
			c.Response().Writer = rec
			if err := next(c); err != nil {
				return err
			}
			if rec.status >= 200 && rec.status < 300 {
				if err := store.Save(ctx, scope, fullKey, rec.status, rec.buf.Bytes()); err != nil {
					// The response is already on the wire; do not turn a
					// bookkeeping failure into a 5xx.
					log.Warn("idempotency: save failed", "scope", scope, "err", err)
				}
			}
			return nil
		}
	}
}
