package httpx

import (
	"errors"
	"net/http"

	"github.com/labstack/echo/v4"

	"github.com/harbourline/hotels/internal/domain"
)

func toHTTPError(err error) error {
	var he *echo.HTTPError
	switch {
	case errors.As(err, &he):
		return he
	case errors.Is(err, domain.ErrNotFound):
		return echo.NewHTTPError(http.StatusNotFound, err.Error())
	case errors.Is(err, domain.ErrConflict), errors.Is(err, domain.ErrInProgress):
		return echo.NewHTTPError(http.StatusConflict, err.Error())
	case errors.Is(err, domain.ErrInvalid):
		return echo.NewHTTPError(http.StatusUnprocessableEntity, err.Error())
	case errors.Is(err, domain.ErrSoldOut):
		return echo.NewHTTPError(http.StatusConflict, err.Error())
	default:
		return echo.NewHTTPError(http.StatusInternalServerError, "internal error").SetInternal(err)
	}
}
