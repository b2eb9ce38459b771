package admin

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"io"
	"log/slog"
	"net/http"
	"time"

	"github.com/labstack/echo/v4"

	"github.com/gridwise-energy/energysettle/internal/model"
)

// Idempotency replays the stored response for a repeated Idempotency-Key
// and records the response of a first request once the handler succeeds.
func Idempotency(scope string, records IdempotencyRecords, log *slog.Logger) echo.MiddlewareFunc {
	return func(next echo.HandlerFunc) echo.HandlerFunc {
		return func(c echo.Context) error {
			key := c.Request().Header.Get("Idempotency-Key")
			if key == "" {
				return echo.NewHTTPError(http.StatusBadRequest, "Idempotency-Key header is required")
			}
			body, err := io.ReadAll(c.Request().Body)
			if err != nil {
				return echo.NewHTTPError(http.StatusBadRequest, "unreadable body")
			}
			c.Request().Body = io.NopCloser(bytes.NewReader(body))
			sum := sha256.Sum256(body)
			hash := hex.EncodeToString(sum[:])

			ctx := c.Request().Context()
			prev, err := records.FindKey(ctx, scope, key)
			switch {
			case err == nil:
				if prev.RequestHash != hash {
					return echo.NewHTTPError(http.StatusUnprocessableEntity, "Idempotency-Key reused with a different body")
				}
				c.Response().Header().Set("Idempotent-Replayed", "true")
				return c.Blob(prev.StatusCode, echo.MIMEApplicationJSONCharsetUTF8, prev.ResponseBody)
			case !errors.Is(err, model.ErrNotFound):
				return err
			}

			rec := &recorder{ResponseWriter: c.Response().Writer}
			c.Response().Writer = rec
			if err := next(c); err != nil {
				return err
			}
			status := c.Response().Status
			if status < 200 || status >= 300 {
				return nil
			}
			if err := records.SaveKey(ctx, &model.IdempotencyKey{
				Scope:        scope,
				Key:          key,
				RequestHash:  hash,
				StatusCode:   status,
				ResponseBody: rec.buf.Bytes(),
				CreatedAt:    time.Now().UTC(),
			}); err != nil {
				// The request itself succeeded; don't fail it over the
				// replay record.
				log.Warn("could not store idempotency record", "scope", scope, "key", key, "err", err)
			}
			return nil
		}
	}
}

// recorder copies the response body while it is written.
type recorder struct {
	http.ResponseWriter
	buf bytes.Buffer
}

func (r *recorder) Write(b []byte) (int, error) {
	r.buf.Write(b)
	return r.ResponseWriter.Write(b)
}
