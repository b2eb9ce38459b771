package httpapi

import (
	"bytes"
	"context"
	"net/http"

	"github.com/labstack/echo/v4"

	"github.com/loopgate/festival-cashless/internal/db"
)

const headerIdempotencyKey = "Idempotency-Key"

// ResponseStore persists responses by idempotency key.
type ResponseStore interface {
	GetIdempotencyKey(ctx context.Context, arg db.GetIdempotencyKeyParams) (db.IdempotencyKey, error)
	SaveIdempotentResponse(ctx context.Context, arg db.SaveIdempotentResponseParams) error
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

// Idempotent replays the stored response when a request arrives again
// with an Idempotency-Key it has already answered, and stores successful
// responses for later replay.
func Idempotent(scope string, rs ResponseStore) echo.MiddlewareFunc {
	return func(next echo.HandlerFunc) echo.HandlerFunc {
		return func(c echo.Context) error {
			key := c.Request().Header.Get(headerIdempotencyKey)
			if key == "" {
				return next(c)
			}
			ctx := c.Request().Context()
			attendee := c.Request().Header.Get(headerAttendee)
			scoped := db.GetIdempotencyKeyParams{Scope: scope + ":" + attendee, Key: key}

			prior, err := rs.GetIdempotencyKey(ctx, scoped)
			if err == nil && prior.StatusCode != 0 {
				c.Response().Header().Set("Idempotent-Replayed", "true")
				return c.Blob(int(prior.StatusCode), echo.MIMEApplicationJSONCharsetUTF8, prior.Response)
			}

			rec := &recorder{ResponseWriter: c.Response().Writer, status: http.StatusOK}
			c.Response().Writer = rec
			if err := next(c); err != nil {
				return err
			}
			if rec.status >= 300 {
				return nil
			}
			err = rs.SaveIdempotentResponse(ctx, db.SaveIdempotentResponseParams{
				Scope:      scoped.Scope,
				Key:        key,
				StatusCode: int32(rec.status),
				Response:   rec.buf.Bytes(),
			})
			if err != nil {
				c.Logger().Errorf("store idempotent response %s/%s: %v", scope, key, err)
			}
			return nil
		}
	}
}
