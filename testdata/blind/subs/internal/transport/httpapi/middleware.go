package httpapi

import (
	"errors"
	"log/slog"
	"net/http"
	"strings"
	"time"

	"github.com/google/uuid"
	"github.com/labstack/echo/v4"

	"github.com/meterly/subs/internal/billing"
	"github.com/meterly/subs/internal/platform/ids"
)

const (
	headerRequestID = "X-Request-Id"
	ctxRequestRef   = "request_ref"
	ctxCustomerID   = "api_customer_id"
)

// RequestRef tags every request with an id for logs and support. An
// incoming X-Request-Id is honoured; otherwise a fresh one is generated.
func RequestRef() echo.MiddlewareFunc {
	return func(next echo.HandlerFunc) echo.HandlerFunc {
		return func(c echo.Context) error {
			rid := c.Request().Header.Get(headerRequestID)
			if rid == "" {
				rid = uuid.NewString()
			}
			c.Set(ctxRequestRef, rid)
			c.Response().Header().Set(headerRequestID, rid)
			return next(c)
		}
	}
}

func AccessLog(log *slog.Logger) echo.MiddlewareFunc {
	return func(next echo.HandlerFunc) echo.HandlerFunc {
		return func(c echo.Context) error {
			start := time.Now()
			err := next(c)
			log.InfoContext(c.Request().Context(), "http",
				"method", c.Request().Method,
				"path", c.Path(),
				"status", c.Response().Status,
				"dur_ms", time.Since(start).Milliseconds(),
				"request_id", c.Get(ctxRequestRef),
			)
			return err
		}
	}
}

// APIKeyAuth resolves the bearer key to the calling account. Key lookup is
// done by the gateway in front of us; it forwards the account id.
func APIKeyAuth() echo.MiddlewareFunc {
	return func(next echo.HandlerFunc) echo.HandlerFunc {
		return func(c echo.Context) error {
			auth := c.Request().Header.Get(echo.HeaderAuthorization)
			if !strings.HasPrefix(auth, "Bearer ") {
				return echo.NewHTTPError(http.StatusUnauthorized, "missing API key")
			}
			c.Set(ctxCustomerID, c.Request().Header.Get("X-Meterly-Account"))
			return next(c)
		}
	}
}

type apiError struct {
	Error     string `json:"error"`
	Reference string `json:"reference"`
}

func errorHandler(log *slog.Logger) echo.HTTPErrorHandler {
	return func(err error, c echo.Context) {
		if c.Response().Committed {
			return
		}
		code := http.StatusInternalServerError
		msg := "internal error"
		var he *echo.HTTPError
		switch {
		case errors.As(err, &he):
			code = he.Code
			msg = http.StatusText(code)
			if s, ok := he.Message.(string); ok {
				msg = s
			}
		case errors.Is(err, billing.ErrNotFound):
			code, msg = http.StatusNotFound, "not found"
		case errors.Is(err, billing.ErrIdempotencyReuse):
			code, msg = http.StatusUnprocessableEntity, err.Error()
		case errors.Is(err, billing.ErrConflict), errors.Is(err, billing.ErrInvalidState):
			code, msg = http.StatusConflict, err.Error()
		case errors.Is(err, billing.ErrCouponExhausted), errors.Is(err, billing.ErrInsufficientFunds):
			code, msg = http.StatusUnprocessableEntity, err.Error()
		}
		ref := ids.TraceRef()
		if code >= 500 {
			log.ErrorContext(c.Request().Context(), "request failed", "err", err, "ref", ref, "path", c.Path())
		}
		_ = c.JSON(code, apiError{Error: msg, Reference: ref})
	}
}
