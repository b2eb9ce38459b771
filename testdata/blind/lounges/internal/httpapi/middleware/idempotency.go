package middleware

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"io"
	"log/slog"
	"net/http"

	"github.com/labstack/echo/v4"

	"github.com/aerolounge/loungepass/internal/repository"
)

const HeaderIdempotencyKey = "Idempotency-Key"

// IdempotencyStore persists responses for replay.
type IdempotencyStore interface {
	Lookup(ctx context.Context, scope, key string) (repository.StoredResponse, bool, error)
	Save(ctx context.Context, s repository.StoredResponse) error
}

// Idempotency replays the stored response for a repeated Idempotency-Key.
// Only completed non-5xx responses are stored; errors are left to be retried.
func Idempotency(store IdempotencyStore, scope string, log *slog.Logger) echo.MiddlewareFunc {
	return func(next echo.HandlerFunc) echo.HandlerFunc {
		return func(c echo.Context) error {
			req := c.Request()
			key := req.Header.Get(HeaderIdempotencyKey)
			if key == "" {
				return echo.NewHTTPError(http.StatusBadRequest, "Idempotency-Key header is required")
			}
			body, err := io.ReadAll(io.LimitReader(req.Body, 1<<20))
			if err != nil {
				return echo.NewHTTPError(http.StatusBadRequest, "unreadable body")
			}
			req.Body = io.NopCloser(bytes.NewReader(body))
			sum := sha256.Sum256(body)
			hash := hex.EncodeToString(sum[:])
			principal := scope + ":" + MemberID(c).String()

			prev, found, err := store.Lookup(req.Context(), principal, key)
			if err != nil {
				return err
			}
			if found {
				if prev.RequestHash != hash {
					return echo.NewHTTPError(http.StatusUnprocessableEntity, "Idempotency-Key reused with a different request")
				}
				c.Response().Header().Set("Idempotent-Replayed", "true")
				return c.Blob(prev.Status, echo.MIMEApplicationJSONCharsetUTF8, prev.Body)
			}

			rec := &bodyRecorder{ResponseWriter: c.Response().Writer}
			c.Response().Writer = rec
			if err := next(c); err != nil {
				return err
			}
			status := c.Response().Status
			if status >= http.StatusInternalServerError {
				return nil
			}
			if err := store.Save(req.Context(), repository.StoredResponse{
				Scope:       principal,
				Key:         key,
				RequestHash: hash,
				Status:      status,
				Body:        rec.buf.Bytes(),
			}); err != nil {
				log.WarnContext(req.Context(), "idempotency record not saved", "scope", principal, "err", err)
			}
			return nil
		}
	}
}

type bodyRecorder struct {
	http.ResponseWriter
	buf bytes.Buffer
}

func (r *bodyRecorder) Write(b []byte) (int, error) {
	r.buf.Write(b)
	return r.ResponseWriter.Write(b)
}
