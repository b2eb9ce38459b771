package httpapi

import (
	"errors"
	"net/http"

	"github.com/gin-gonic/gin"

	"github.com/shedshare/toolsd/internal/domain"
)

type errorBody struct {
	Error   string `json:"error"`
	Field   string `json:"field,omitempty"`
	Message string `json:"message,omitempty"`
}

// statusFor maps domain errors to HTTP statuses.
var statusFor = []struct {
	err    error
	status int
	code   string
}{
	{domain.ErrValidation, http.StatusUnprocessableEntity, "validation_failed"},
	{domain.ErrNotFound, http.StatusNotFound, "not_found"},
	{domain.ErrForbidden, http.StatusForbidden, "forbidden"},
	{domain.ErrInvalidTransition, http.StatusConflict, "invalid_state"},
	{domain.ErrConflict, http.StatusConflict, "conflict"},
	{domain.ErrIdempotencyReuse, http.StatusUnprocessableEntity, "idempotency_key_reused"},
	{domain.ErrToolUnavailable, http.StatusConflict, "tool_unavailable"},
	{domain.ErrNoLockerAvailable, http.StatusConflict, "no_locker_available"},
	{domain.ErrPaymentDeclined, http.StatusPaymentRequired, "payment_declined"},
}

// abort writes err as a JSON error response.
func abort(c *gin.Context, err error) {
	var ve *domain.ValidationError
	if errors.As(err, &ve) {
		c.AbortWithStatusJSON(http.StatusUnprocessableEntity, errorBody{Error: "validation_failed", Field: ve.Field, Message: ve.Message})
		return
	}
	for _, m := range statusFor {
		if errors.Is(err, m.err) {
			c.AbortWithStatusJSON(m.status, errorBody{Error: m.code})
			return
		}
	}
	_ = c.Error(err)
	c.AbortWithStatusJSON(http.StatusInternalServerError, errorBody{Error: "internal"})
}

func badRequest(c *gin.Context, err error) {
	c.AbortWithStatusJSON(http.StatusBadRequest, errorBody{Error: "bad_request", Message: err.Error()})
}
