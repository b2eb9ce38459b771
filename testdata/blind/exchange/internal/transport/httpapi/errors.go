package httpapi

import (
	"errors"
	"net/http"

	"github.com/gin-gonic/gin"

	"github.com/halyard/funding/internal/service/addresses"
	"github.com/halyard/funding/internal/service/topups"
	"github.com/halyard/funding/internal/service/withdrawals"
	"github.com/halyard/funding/internal/store"
)

func writeError(c *gin.Context, err error) {
	status := http.StatusInternalServerError
	switch {
	case errors.Is(err, store.ErrNotFound):
		status = http.StatusNotFound
	case errors.Is(err, store.ErrInsufficientFunds):
		status = http.StatusUnprocessableEntity
	case errors.Is(err, withdrawals.ErrLimitExceeded):
		status = http.StatusUnprocessableEntity
	case errors.Is(err, withdrawals.ErrInvalidState), errors.Is(err, topups.ErrNotRefundable):
		status = http.StatusConflict
	case errors.Is(err, withdrawals.ErrForbidden):
		status = http.StatusForbidden
	case errors.Is(err, withdrawals.ErrIdempotencyKeyRequired), errors.Is(err, topups.ErrKeyRequired),
		errors.Is(err, addresses.ErrUnsupported):
		status = http.StatusBadRequest
	}
	body := gin.H{"error": http.StatusText(status), "request_id": c.GetString(ctxRequestID)}
	if status < 500 {
		body["detail"] = err.Error()
	}
	c.AbortWithStatusJSON(status, body)
}
