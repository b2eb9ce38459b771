// Package httpapi exposes the importer API, the admin API and inbound
// webhooks over gin.
package httpapi

import (
	"errors"
	"net/http"

	"github.com/gin-gonic/gin"

	"github.com/harborline/brokerage/internal/service/payments"
	"github.com/harborline/brokerage/internal/service/svcerr"
)

type errorBody struct {
	Error     string `json:"error"`
	RequestID string `json:"request_id,omitempty"`
}

// writeError maps service errors to HTTP responses.
func writeError(c *gin.Context, err error) {
	status := http.StatusInternalServerError
	switch {
	case errors.Is(err, svcerr.ErrNotFound):
		status = http.StatusNotFound
	case errors.Is(err, svcerr.ErrInvalid):
		status = http.StatusBadRequest
	case errors.Is(err, svcerr.ErrConflict), errors.Is(err, svcerr.ErrInProgress):
		status = http.StatusConflict
	case errors.Is(err, svcerr.ErrKeyReused):
		status = http.StatusUnprocessableEntity
	case errors.Is(err, payments.ErrPaymentDeclined):
		status = http.StatusPaymentRequired
	}
	msg := err.Error()
	if status == http.StatusInternalServerError {
		_ = c.Error(err)
		msg = "internal error"
	}
	c.AbortWithStatusJSON(status, errorBody{Error: msg, RequestID: c.GetString("request_id")})
}

func bindError(c *gin.Context, err error) {
	c.AbortWithStatusJSON(http.StatusBadRequest, errorBody{Error: err.Error(), RequestID: c.GetString("request_id")})
}
