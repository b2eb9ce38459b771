// Package api is the gin HTTP layer. Handlers decode requests, call the
// application services through their interfaces, and map errors to
// responses.
package api

import (
	"errors"
	"log/slog"
	"net/http"

	"github.com/gin-gonic/gin"

	"github.com/fieldday/leagues/internal/service"
)

type errorBody struct {
	Error   string `json:"error"`
	Message string `json:"message"`
	Field   string `json:"field,omitempty"`
}

// writeError maps a service error to an HTTP response.
func writeError(c *gin.Context, err error) {
	var verr *service.ValidationError
	switch {
	case errors.As(err, &verr):
		c.JSON(http.StatusUnprocessableEntity, errorBody{Error: "validation_failed", Message: verr.Message, Field: verr.Field})
	case errors.Is(err, service.ErrNotFound):
		c.JSON(http.StatusNotFound, errorBody{Error: "not_found", Message: err.Error()})
	case errors.Is(err, service.ErrDivisionFull):
		c.JSON(http.StatusConflict, errorBody{Error: "division_full", Message: "this division is full; join the waitlist instead"})
	case errors.Is(err, service.ErrConflict):
		c.JSON(http.StatusConflict, errorBody{Error: "conflict", Message: err.Error()})
	case errors.Is(err, service.ErrInvalidState):
		c.JSON(http.StatusConflict, errorBody{Error: "invalid_state", Message: err.Error()})
	case errors.Is(err, service.ErrPaymentDeclined):
		c.JSON(http.StatusPaymentRequired, errorBody{Error: "payment_declined", Message: err.Error()})
	default:
		slog.ErrorContext(c.Request.Context(), "request failed", "path", c.FullPath(), "err", err)
		c.JSON(http.StatusInternalServerError, errorBody{Error: "internal", Message: "something went wrong"})
	}
}

func badRequest(c *gin.Context, err error) {
	c.JSON(http.StatusBadRequest, errorBody{Error: "bad_request", Message: err.Error()})
}
