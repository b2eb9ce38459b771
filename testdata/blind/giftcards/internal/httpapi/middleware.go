package httpapi

import (
	"bytes"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/hex"
	"io"
	"log/slog"
	"net/http"
	"strings"
	"time"

	"github.com/labstack/echo/v4"
	"github.com/segmentio/ksuid"

	"github.com/lumen-gift/giftcards/internal/db"
	"github.com/lumen-gift/giftcards/internal/repo"
	"github.com/lumen-gift/giftcards/internal/service"
)

const (
	ctxRequestID = "request_id"
	ctxTerminal  = "terminal"
)

// requestID tags each request with an id for logs and error bodies. An
// upstream X-Request-Id is honoured so traces join up across services.
func requestID() echo.MiddlewareFunc {
	return func(next echo.HandlerFunc) echo.HandlerFunc {
		return func(c echo.Context) error {
			id := c.Request().Header.Get(echo.HeaderXRequestID)
			if id == "" {
				id = ksuid.New().String()
			}
			c.Set(ctxRequestID, id)
			c.Response().Header().Set(echo.HeaderXRequestID, id)
			return next(c)
		}
	}
}

func requestIDFrom(c echo.Context) string {
	id, _ := c.Get(ctxRequestID).(string)
	return id
}

func accessLog(log *slog.Logger) echo.MiddlewareFunc {
	return func(next echo.HandlerFunc) echo.HandlerFunc {
		return func(c echo.Context) error {
			start := time.Now()
			err := next(c)
			if err != nil {
				c.Error(err)
			}
			log.Info("http",
				"method", c.Request().Method,
				"path", c.Path(),
				"status", c.Response().Status,
				"dur_ms", time.Since(start).Milliseconds(),
				"request_id", requestIDFrom(c),
			)
			return nil
		}
	}
}

// bearer authenticates callers holding a static API key.
func bearer(expected string) echo.MiddlewareFunc {
	return func(next echo.HandlerFunc) echo.HandlerFunc {
		return func(c echo.Context) error {
			got := strings.TrimPrefix(c.Request().Header.Get(echo.HeaderAuthorization), "Bearer ")
			if expected == "" || subtle.ConstantTimeCompare([]byte(got), []byte(expected)) != 1 {
				return echo.NewHTTPError(http.StatusUnauthorized, "invalid credentials")
			}
			return next(c)
		}
	}
}

// terminalAuth authenticates a POS terminal by id and API key and stores the
// terminal on the context.
func terminalAuth(merchants service.Merchants) echo.MiddlewareFunc {
	return func(next echo.HandlerFunc) echo.HandlerFunc {
		return func(c echo.Context) error {
			id := c.Request().Header.Get("X-Terminal-Id")
			key := strings.TrimPrefix(c.Request().Header.Get(echo.HeaderAuthorization), "Bearer ")
			if id == "" || key == "" {
				return echo.NewHTTPError(http.StatusUnauthorized, "terminal credentials required")
			}
			t, err := merchants.AuthenticateTerminal(c.Request().Context(), id, key)
			if err != nil {
				return echo.NewHTTPError(http.StatusUnauthorized, "invalid terminal credentials")
			}
			c.Set(ctxTerminal, t)
			return next(c)
		}
	}
}

func terminalFrom(c echo.Context) db.Terminal {
	t, _ := c.Get(ctxTerminal).(db.Terminal)
	return t
}

// idempotent replays the stored response for a repeated Idempotency-Key from
// the same terminal, and stores the response of the first request.
func idempotent(scope string, records repo.Idempotency) echo.MiddlewareFunc {
	return func(next echo.HandlerFunc) echo.HandlerFunc {
		return func(c echo.Context) error {
			key := c.Request().Header.Get("Idempotency-Key")
			if key == "" {
				return echo.NewHTTPError(http.StatusBadRequest, "Idempotency-Key header required")
			}
			body, err := io.ReadAll(io.LimitReader(c.Request().Body, 1<<20))
			if err != nil {
				return err
			}
			c.Request().Body = io.NopCloser(bytes.NewReader(body))
			sum := sha256.Sum256(body)
			hash := hex.EncodeToString(sum[:])
			scoped := terminalFrom(c).ID + ":" + key

			ctx := c.Request().Context()
			prev, err := records.Lookup(ctx, scope, scoped)
			if err != nil {
				return err
			}
			if prev != nil && prev.Completed {
				if prev.RequestHash != hash {
					return service.ErrIdempotencyReuse
				}
				c.Response().Header().Set("Idempotent-Replayed", "true")
				return c.JSONBlob(prev.StatusCode, prev.Body)
			}

			rec := &bodyRecorder{ResponseWriter: c.Response().Writer}
			c.Response().Writer = rec
			if err := next(c); err != nil {
				return err
			}
			if status := c.Response().Status; status < 500 {
				if err := records.Store(ctx, scope, scoped, hash, status, rec.buf.Bytes()); err != nil {
					c.Logger().Warnf("store idempotency record %s: %v", scoped, err)
				}
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
