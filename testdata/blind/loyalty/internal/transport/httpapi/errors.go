package httpapi

import (
	"errors"
	"net/http"

	"github.com/google/uuid"
	"github.com/labstack/echo/v4"

	"github.com/tidewater/loyalty/internal/domain"
)

// ErrorHandler maps domain errors onto HTTP responses.
func ErrorHandler(err error, c echo.Context) {
	if c.Response().Committed {
		return
	}
	var he *echo.HTTPError
	status := http.StatusInternalServerError
	msg := "internal error"
	switch {
	case errors.As(err, &he):
		status, msg = he.Code, http.StatusText(he.Code)
		if s, ok := he.Message.(string); ok {
			msg = s
		}
	case errors.Is(err, domain.ErrNotFound):
		status, msg = http.StatusNotFound, err.Error()
	case errors.Is(err, domain.ErrValidation):
		status, msg = http.StatusUnprocessableEntity, err.Error()
	case errors.Is(err, domain.ErrInsufficientPoints):
		status, msg = http.StatusConflict, err.Error()
	case errors.Is(err, domain.ErrIdempotencyMismatch):
		status, msg = http.StatusUnprocessableEntity, err.Error()
	case errors.Is(err, domain.ErrInvalidState):
		status, msg = http.StatusConflict, err.Error()
	}
	_ = c.JSON(status, map[string]string{"error": msg})
}

func memberIDParam(c echo.Context) (uuid.UUID, error) {
	id, err := uuid.Parse(c.Param("memberID"))
	if err != nil {
		return uuid.Nil, echo.NewHTTPError(http.StatusBadRequest, "invalid member id")
	}
	return id, nil
}

func bind[T any](c echo.Context) (T, error) {
	var v T
	if err := c.Bind(&v); err != nil {
		return v, echo.NewHTTPError(http.StatusBadRequest, "malformed body")
	}
	return v, nil
}
