package httpapi

import (
	"errors"
	"log/slog"
	"net/http"

	"github.com/labstack/echo/v4"

	"github.com/amberfield-labs/honeycoop/internal/service/apperr"
	"github.com/amberfield-labs/honeycoop/internal/store"
)

type errorBody struct {
	Error string `json:"error"`
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
			if s, ok := he.Message.(string); ok {
				msg = s
			} else {
				msg = http.StatusText(code)
			}
		case errors.Is(err, apperr.ErrInvalid):
			code, msg = http.StatusBadRequest, err.Error()
		case errors.Is(err, apperr.ErrNotFound), errors.Is(err, store.ErrNotFound):
			code, msg = http.StatusNotFound, err.Error()
		case errors.Is(err, apperr.ErrConflict):
			code, msg = http.StatusConflict, err.Error()
		default:
			log.ErrorContext(c.Request().Context(), "request failed", "path", c.Path(), "err", err)
		}
		if jerr := c.JSON(code, errorBody{Error: msg}); jerr != nil {
			log.WarnContext(c.Request().Context(), "write error response", "err", jerr)
		}
	}
}

func bindJSON(c echo.Context, v any) error {
	if err := c.Bind(v); err != nil {
		return echo.NewHTTPError(http.StatusBadRequest, "malformed body")
	}
	return nil
}
