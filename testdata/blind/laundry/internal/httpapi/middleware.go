package httpapi

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"io"
	"log/slog"
	"net/http"

	"github.com/google/uuid"
	"github.com/labstack/echo/v4"

	"github.com/freshpress/laundry/internal/store"
)

const ctxCustomer = "customer_id"

// customerAuth reads the customer id that the API gateway puts on every
// request after validating the app's session token.
func customerAuth(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		id, err := uuid.Parse(c.Request().Header.Get("X-Customer-ID"))
		if err != nil {
			return echo.NewHTTPError(http.StatusUnauthorized, "missing customer")
		}
		c.Set(ctxCustomer, id)
		return next(c)
	}
}

func customer(c echo.Context) uuid.UUID {
	id, _ := c.Get(ctxCustomer).(uuid.UUID)
	return id
}

func idempotencyKey(c echo.Context) (string, error) {
	key := c.Request().Header.Get("Idempotency-Key")
	if key == "" || len(key) > 200 {
		return "", echo.NewHTTPError(http.StatusBadRequest, "Idempotency-Key header required")
	}
	return key, nil
}

type bodyRecorder struct {
	http.ResponseWriter
	buf bytes.Buffer
}

func (r *bodyRecorder) Write(b []byte) (int, error) {
	r.buf.Write(b)
	return r.ResponseWriter.Write(b)
}

// Idempotent replays the stored response for a repeated Idempotency-Key and
// stores successful responses for later repeats.
func Idempotent(scope string, keys store.IdempotencyStore, log *slog.Logger) echo.MiddlewareFunc {
	return func(next echo.HandlerFunc) echo.HandlerFunc {
		return func(c echo.Context) error {
			key, err := idempotencyKey(c)
			if err != nil {
				return err
			}
			ctx := c.Request().Context()
			cust := customer(c)

			body, err := io.ReadAll(c.Request().Body)
			if err != nil {
				return echo.NewHTTPError(http.StatusBadRequest, "unreadable body")
			}
			c.Request().Body = io.NopCloser(bytes.NewReader(body))
			sum := sha256.Sum256(body)
			hash := hex.EncodeToString(sum[:])

			prev, err := keys.Lookup(ctx, cust, scope, key)
			switch {
			case err == nil:
				if prev.RequestHash != hash {
					return echo.NewHTTPError(http.StatusUnprocessableEntity, "Idempotency-Key reused with a different body")
				}
				if prev.StatusCode != nil {
					c.Response().Header().Set("Idempotent-Replayed", "true")
					return c.JSONBlob(*prev.StatusCode, prev.ResponseBody)
				}
			case !errors.Is(err, store.ErrNotFound):
				return err
			}

			rec := &bodyRecorder{ResponseWriter: c.Response().Writer}
			c.Response().Writer = rec
			if err := next(c); err != nil {
				return err
			}
			status := c.Response().Status
			if status >= 300 {
				return nil
			}
			if err := keys.Save(ctx, &store.IdempotencyKey{
				CustomerID:   cust,
				Scope:        scope,
				Key:          key,
				RequestHash:  hash,
				StatusCode:   &status,
				ResponseBody: rec.buf.Bytes(),
			}); err != nil {
				log.Error("storing idempotent response", "scope", scope, "err", err)
			}
			return nil
		}
	}
}
