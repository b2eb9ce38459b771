package api

import (
	"bytes"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"io"
	"log/slog"
	"net/http"

	"github.com/labstack/echo/v4"

	"github.com/ridgeline-fleet/fuelcards/internal/domain"
)

// errQuiet are business outcomes that are logged at info level.
var errQuiet = []error{
	domain.ErrNotFound, domain.ErrConflict, domain.ErrInvalid,
	domain.ErrHoldNotActive, domain.ErrCardNotUsable,
}

type errorBody struct {
	Error string `json:"error"`
	Field string `json:"field,omitempty"`
}

func errorHandler(log *slog.Logger) echo.HTTPErrorHandler {
	return func(err error, c echo.Context) {
		if c.Response().Committed {
			return
		}
		status, body := classify(err)
		if status >= 500 {
			log.Error("request failed", "path", c.Path(), "error", err)
		}
		if werr := c.JSON(status, body); werr != nil {
			log.Warn("write error response", "error", werr)
		}
	}
}

func classify(err error) (int, errorBody) {
	var he *echo.HTTPError
	if errors.As(err, &he) {
		msg, _ := he.Message.(string)
		if msg == "" {
			msg = http.StatusText(he.Code)
		}
		return he.Code, errorBody{Error: msg}
	}
	var ve *domain.ValidationError
	switch {
	case errors.As(err, &ve):
		return http.StatusUnprocessableEntity, errorBody{Error: ve.Message, Field: ve.Field}
	case errors.Is(err, domain.ErrNotFound):
		return http.StatusNotFound, errorBody{Error: err.Error()}
	case errors.Is(err, domain.ErrConflict), errors.Is(err, domain.ErrHoldNotActive),
		errors.Is(err, domain.ErrCardNotUsable):
		return http.StatusConflict, errorBody{Error: err.Error()}
	}
	return http.StatusInternalServerError, errorBody{Error: "internal error"}
}

// RequireSignature checks the partner's HMAC-SHA256 signature of the raw
// body and leaves the body readable for the handler.
func RequireSignature(secret, header string) echo.MiddlewareFunc {
	key := []byte(secret)
	return func(next echo.HandlerFunc) echo.HandlerFunc {
		return func(c echo.Context) error {
			body, err := io.ReadAll(c.Request().Body)
			if err != nil {
				return echo.NewHTTPError(http.StatusBadRequest, "unreadable body")
			}
			c.Request().Body = io.NopCloser(bytes.NewReader(body))
			got, err := hex.DecodeString(c.Request().Header.Get(header))
			if err != nil {
				return echo.NewHTTPError(http.StatusUnauthorized, "bad signature")
			}
			mac := hmac.New(sha256.New, key)
			mac.Write(body)
			if !hmac.Equal(got, mac.Sum(nil)) {
				return echo.NewHTTPError(http.StatusUnauthorized, "bad signature")
			}
			return next(c)
		}
	}
}

// RequireToken checks a shared token passed as the "token" query parameter,
// which is how the SMS gateway authenticates its callbacks.
func RequireToken(token string) echo.MiddlewareFunc {
	return func(next echo.HandlerFunc) echo.HandlerFunc {
		return func(c echo.Context) error {
			if token == "" || !hmac.Equal([]byte(c.QueryParam("token")), []byte(token)) {
				return echo.NewHTTPError(http.StatusUnauthorized, "bad token")
			}
			return next(c)
		}
	}
}

// operatorKey is the echo context key for the authenticated operator.
const operatorKey = "operator"

// RequireOperator reads the operator identity the internal gateway sets
// after SSO and rejects requests without one.
func RequireOperator() echo.MiddlewareFunc {
	return func(next echo.HandlerFunc) echo.HandlerFunc {
		return func(c echo.Context) error {
			op := c.Request().Header.Get("X-Operator-Email")
			if op == "" {
				return echo.NewHTTPError(http.StatusUnauthorized, "operator identity required")
			}
			c.Set(operatorKey, op)
			return next(c)
		}
	}
}
