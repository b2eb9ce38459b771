package httpapi

import (
	"bytes"
	"io"
	"net/http"
	"strings"
	"time"

	"github.com/labstack/echo/v4"
	"go.uber.org/zap"

	"github.com/trustwell/settlements/internal/idempotency"
)

const actorKey = "actor"

// requireActor reads the authenticated user set by the SSO proxy in front of
// the service. Every back-office write is attributed to a person.
func requireActor(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		who := strings.TrimSpace(c.Request().Header.Get("X-Forwarded-Email"))
		if who == "" {
			return echo.NewHTTPError(http.StatusUnauthorized, "missing authenticated user")
		}
		c.Set(actorKey, who)
		return next(c)
	}
}

func actor(c echo.Context) string {
	s, _ := c.Get(actorKey).(string)
	return s
}

func accessLog(log *zap.Logger) echo.MiddlewareFunc {
	return func(next echo.HandlerFunc) echo.HandlerFunc {
		return func(c echo.Context) error {
			start := time.Now()
			err := next(c)
			if err != nil {
				c.Error(err)
			}
			log.Info("http",
				zap.String("method", c.Request().Method),
				zap.String("path", c.Path()),
				zap.Int("status", c.Response().Status),
				zap.Duration("took", time.Since(start)),
				zap.String("request_id", c.Response().Header().Get(echo.HeaderXRequestID)))
			return nil
		}
	}
}

// bodyRecorder tees the response body so it can be stored for replay.
type bodyRecorder struct {
	http.ResponseWriter
	buf bytes.Buffer
}

func (r *bodyRecorder) Write(b []byte) (int, error) {
	r.buf.Write(b)
	return r.ResponseWriter.Write(b)
}

// Idempotent answers a repeated Idempotency-Key with the response recorded
// for the first request, for routes whose handlers do not manage keys
// themselves.
func Idempotent(store *idempotency.Store, scope string) echo.MiddlewareFunc {
	return func(next echo.HandlerFunc) echo.HandlerFunc {
		return func(c echo.Context) error {
			key := c.Request().Header.Get("Idempotency-Key")
			if key == "" {
				return echo.NewHTTPError(http.StatusBadRequest, "Idempotency-Key header is required")
			}
			body, err := io.ReadAll(c.Request().Body)
			if err != nil {
				return err
			}
			c.Request().Body = io.NopCloser(bytes.NewReader(body))
			hash := idempotency.HashRequest(c.Request().Method, c.Path(), body)

			ctx := c.Request().Context()
			rec, err := store.Lookup(ctx, scope, key)
			if err != nil {
				return err
			}
			if rec != nil {
				if rec.RequestHash != hash {
					return idempotency.ErrKeyReused
				}
				if rec.Completed() {
					c.Response().Header().Set("Idempotent-Replayed", "true")
					return c.JSONBlob(*rec.StatusCode, rec.ResponseBody)
				}
			}

			rw := &bodyRecorder{ResponseWriter: c.Response().Writer}
			c.Response().Writer = rw
			if err := next(c); err != nil {
				return err
			}
			status := c.Response().Status
			if status >= 200 && status < 300 {
				if err := store.Save(ctx, scope, key, hash, status, rw.buf.Bytes()); err != nil {
					c.Logger().Warnf("idempotency: could not store response for %s: %v", key, err)
				}
			}
			return nil
		}
	}
}

// bindJSON decodes the request body strictly.
func bindJSON(c echo.Context, dst any) error {
	if err := c.Bind(dst); err != nil {
		return echo.NewHTTPError(http.StatusBadRequest, "malformed JSON body")
	}
	return nil
}
