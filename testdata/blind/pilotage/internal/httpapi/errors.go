package httpapi

import (
	"errors"
	"log/slog"
	"net/http"

	"github.com/labstack/echo/v4"

	"github.com/harbourline-systems/pilotage/internal/duty"
	"github.com/harbourline-systems/pilotage/internal/jobs"
	"github.com/harbourline-systems/pilotage/internal/tugs"
)

type errorBody struct {
	Error string `json:"error"`
}

// statusFor maps service errors to HTTP statuses. Anything not listed is a
// 500, which the agents' integrations and the pilot app retry.
var statusFor = []struct {
	err    error
	status int
}{
	{jobs.ErrNotFound, http.StatusNotFound},
	{jobs.ErrValidation, http.StatusUnprocessableEntity},
	{jobs.ErrInvalidState, http.StatusConflict},
	{tugs.ErrNotFound, http.StatusNotFound},
	{tugs.ErrValidation, http.StatusUnprocessableEntity},
	{tugs.ErrInvalidState, http.StatusConflict},
	{duty.ErrValidation, http.StatusUnprocessableEntity},
}

func errorHandler(log *slog.Logger) echo.HTTPErrorHandler {
	return func(err error, c echo.Context) {
		if c.Response().Committed {
			return
		}
		var he *echo.HTTPError
		if errors.As(err, &he) {
			_ = c.JSON(he.Code, errorBody{Error: http.StatusText(he.Code)})
			return
		}
		for _, m := range statusFor {
			if errors.Is(err, m.err) {
				_ = c.JSON(m.status, errorBody{Error: err.Error()})
				return
			}
		}
		log.Error("unhandled error", "path", c.Path(), "err", err)
		_ = c.JSON(http.StatusInternalServerError, errorBody{Error: "internal error"})
	}
}
