// Package httpapi is the gin HTTP API used by the patron website, the
// phone-sales desk and the orchestra's back office.
package httpapi

import (
	"errors"
	"log/slog"
	"net/http"

	"github.com/gin-gonic/gin"

	"github.com/harborlight-symphony/encore/internal/domain"
)

type errorBody struct {
	Error string `json:"error"`
	Field string `json:"field,omitempty"`
}

// errorStatus maps domain errors onto HTTP statuses.
var errorStatus = []struct {
	target error
	status int
}{
	{domain.ErrNotFound, http.StatusNotFound},
	{domain.ErrInvalid, http.StatusUnprocessableEntity},
	{domain.ErrConflict, http.StatusConflict},
	{domain.ErrSeatUnavailable, http.StatusConflict},
	{domain.ErrInsufficientFunds, http.StatusConflict},
	{domain.ErrPaymentDeclined, http.StatusPaymentRequired},
}

func fail(c *gin.Context, err error) {
	for _, m := range errorStatus {
		if errors.Is(err, m.target) {
			body := errorBody{Error: err.Error()}
			var ve *domain.ValidationError
			if errors.As(err, &ve) {
				body.Field = ve.Field
			}
			c.AbortWithStatusJSON(m.status, body)
			return
		}
	}
	slog.ErrorContext(c.Request.Context(), "request failed",
		"path", c.FullPath(), "request_id", c.GetString(requestIDKey), "err", err)
	c.AbortWithStatusJSON(http.StatusInternalServerError, errorBody{Error: "internal error"})
}

// bind decodes the JSON body into T, answering 400 on failure.
func bind[T any](c *gin.Context) (T, bool) {
	var v T
	if err := c.ShouldBindJSON(&v); err != nil {
		c.AbortWithStatusJSON(http.StatusBadRequest, errorBody{Error: err.Error()})
		return v, false
	}
	return v, true
}
