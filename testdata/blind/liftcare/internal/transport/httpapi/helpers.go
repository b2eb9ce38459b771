package httpapi

import (
	"bytes"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"net/http"

	"github.com/google/uuid"
	"github.com/labstack/echo/v4"

	"github.com/liftwell-systems/liftcare/internal/domain"
)

// validator is implemented by request bodies that check themselves.
type validator interface {
	Validate() error
}

// bind decodes the body into a T and validates it when T knows how.
func bind[T any](c echo.Context) (T, error) {
	var req T
	if err := c.Bind(&req); err != nil {
		return req, echo.NewHTTPError(http.StatusBadRequest, "malformed body").SetInternal(err)
	}
	if v, ok := any(&req).(validator); ok {
		if err := v.Validate(); err != nil {
			return req, echo.NewHTTPError(http.StatusUnprocessableEntity, err.Error())
		}
	}
	return req, nil
}

func pathUUID(c echo.Context, name string) (uuid.UUID, error) {
	id, err := uuid.Parse(c.Param(name))
	if err != nil {
		return uuid.Nil, echo.NewHTTPError(http.StatusBadRequest, fmt.Sprintf("bad %s", name))
	}
	return id, nil
}

func (h *Handlers) errorHandler(err error, c echo.Context) {
	var he *echo.HTTPError
	switch {
	case errors.As(err, &he):
	case errors.Is(err, domain.ErrNotFound):
		he = echo.NewHTTPError(http.StatusNotFound, err.Error())
	case errors.Is(err, domain.ErrConflict):
		he = echo.NewHTTPError(http.StatusConflict, err.Error())
	case errors.Is(err, domain.ErrInvalid):
		he = echo.NewHTTPError(http.StatusUnprocessableEntity, err.Error())
	default:
		h.Log.ErrorContext(c.Request().Context(), "unhandled error", "path", c.Path(), "err", err)
		he = echo.NewHTTPError(http.StatusInternalServerError, "internal error")
	}
	if c.Response().Committed {
		return
	}
	_ = c.JSON(he.Code, map[string]any{"error": he.Message})
}

// verifySignature checks an HMAC-SHA256 hex signature of the raw body.
func verifySignature(secret, header string) echo.MiddlewareFunc {
	return func(next echo.HandlerFunc) echo.HandlerFunc {
		return func(c echo.Context) error {
			body, err := io.ReadAll(io.LimitReader(c.Request().Body, 1<<20))
			if err != nil {
				return echo.NewHTTPError(http.StatusBadRequest, "unreadable body")
			}
			c.Request().Body = io.NopCloser(bytes.NewReader(body))
			mac := hmac.New(sha256.New, []byte(secret))
			mac.Write(body)
			want := mac.Sum(nil)
			got, err := hex.DecodeString(c.Request().Header.Get(header))
			if err != nil || !hmac.Equal(got, want) {
				return echo.NewHTTPError(http.StatusUnauthorized, "bad signature")
			}
			return next(c)
		}
	}
}
