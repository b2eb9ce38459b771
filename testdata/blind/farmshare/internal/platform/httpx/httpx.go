// Package httpx has the echo helpers shared by feature handlers.
package httpx

import (
	"errors"
	"fmt"
	"net/http"
	"strings"
	"time"

	"github.com/labstack/echo/v4"

	"github.com/harvestloop/farmshare/internal/platform/database"
)

// HeaderIdempotencyKey is the request header clients use for POST retries.
const HeaderIdempotencyKey = "Idempotency-Key"

// Error is a domain error with an HTTP status.
type Error struct {
	Status  int
	Code    string
	Message string
}

func (e *Error) Error() string { return e.Code + ": " + e.Message }

// NewError builds an *Error.
func NewError(status int, code, format string, args ...any) *Error {
	return &Error{Status: status, Code: code, Message: fmt.Sprintf(format, args...)}
}

// Common errors.
var (
	ErrConflict = NewError(http.StatusConflict, "conflict", "the resource changed; reload and try again")
)

// ErrorHandler renders errors as JSON and maps well-known errors to statuses.
func ErrorHandler(err error, c echo.Context) {
	if c.Response().Committed {
		return
	}
	status := http.StatusInternalServerError
	body := map[string]string{"code": "internal", "message": "internal error"}

	var de *Error
	var he *echo.HTTPError
	switch {
	case errors.As(err, &de):
		status = de.Status
		body = map[string]string{"code": de.Code, "message": de.Message}
	case errors.As(err, &he):
		status = he.Code
		body = map[string]string{"code": "http", "message": fmt.Sprint(he.Message)}
	case errors.Is(err, database.ErrNotFound):
		status = http.StatusNotFound
		body = map[string]string{"code": "not_found", "message": "not found"}
	default:
		c.Logger().Error(err)
	}
	_ = c.JSON(status, body)
}

// Bind decodes the request body into v and runs its Validate method if any.
func Bind(c echo.Context, v any) error {
	if err := c.Bind(v); err != nil {
		return NewError(http.StatusBadRequest, "bad_request", "invalid body: %v", err)
	}
	if val, ok := v.(interface{ Validate() error }); ok {
		if err := val.Validate(); err != nil {
			return NewError(http.StatusUnprocessableEntity, "invalid", "%v", err)
		}
	}
	return nil
}

// IdempotencyKey returns the trimmed Idempotency-Key header, requiring it
// when required is set.
func IdempotencyKey(c echo.Context, required bool) (string, error) {
	key := strings.TrimSpace(c.Request().Header.Get(HeaderIdempotencyKey))
	if key == "" && required {
		return "", NewError(http.StatusBadRequest, "idempotency_key_required", "%s header is required", HeaderIdempotencyKey)
	}
	if len(key) > 128 {
		return "", NewError(http.StatusBadRequest, "idempotency_key_invalid", "%s is too long", HeaderIdempotencyKey)
	}
	return key, nil
}

// WeekParam parses a YYYY-MM-DD path parameter and normalises it to the
// Monday of that week.
func WeekParam(c echo.Context, name string) (time.Time, error) {
	raw := c.Param(name)
	d, err := time.Parse("2006-01-02", raw)
	if err != nil {
		return time.Time{}, NewError(http.StatusBadRequest, "bad_week", "%s must be YYYY-MM-DD", name)
	}
	return WeekStart(d), nil
}

// WeekStart returns the Monday (UTC midnight) of the week containing t.
func WeekStart(t time.Time) time.Time {
	t = t.UTC().Truncate(24 * time.Hour)
	offset := (int(t.Weekday()) + 6) % 7
	return t.AddDate(0, 0, -offset)
}
