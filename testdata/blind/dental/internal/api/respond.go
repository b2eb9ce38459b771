package api

import (
	"errors"
	"net/http"

	"github.com/gin-gonic/gin"

	"github.com/brightsmile-dental/practiceops/internal/billing"
	"github.com/brightsmile-dental/practiceops/internal/booking"
	"github.com/brightsmile-dental/practiceops/internal/claims"
	"github.com/brightsmile-dental/practiceops/internal/lab"
	"github.com/brightsmile-dental/practiceops/internal/platform/database"
)

type errorBody struct {
	Error     string `json:"error"`
	RequestID string `json:"request_id,omitempty"`
}

var errorStatus = []struct {
	err    error
	status int
}{
	{database.ErrNotFound, http.StatusNotFound},
	{booking.ErrSlotTaken, http.StatusConflict},
	{booking.ErrNoCardOnFile, http.StatusUnprocessableEntity},
	{booking.ErrCardDeclined, http.StatusPaymentRequired},
	{booking.ErrNotCancellable, http.StatusConflict},
	{booking.ErrInvalidSchedule, http.StatusUnprocessableEntity},
	{billing.ErrStatementClosed, http.StatusConflict},
	{billing.ErrInvalidAmount, http.StatusUnprocessableEntity},
	{billing.ErrNoCardOnFile, http.StatusUnprocessableEntity},
	{billing.ErrUnknownReason, http.StatusUnprocessableEntity},
	{claims.ErrNoLines, http.StatusUnprocessableEntity},
	{claims.ErrBadPayerSequence, http.StatusUnprocessableEntity},
	{claims.ErrNotSubmittable, http.StatusConflict},
	{lab.ErrCaseClosed, http.StatusConflict},
	{lab.ErrNoOriginal, http.StatusUnprocessableEntity},
	{lab.ErrNoLabAccount, http.StatusUnprocessableEntity},
}

func fail(c *gin.Context, err error) {
	status := http.StatusInternalServerError
	for _, m := range errorStatus {
		if errors.Is(err, m.err) {
			status = m.status
			break
		}
	}
	msg := err.Error()
	if status == http.StatusInternalServerError {
		_ = c.Error(err)
		msg = "internal error"
	}
	c.AbortWithStatusJSON(status, errorBody{Error: msg, RequestID: c.GetString(requestIDKey)})
}

func badRequest(c *gin.Context, err error) {
	c.AbortWithStatusJSON(http.StatusBadRequest, errorBody{Error: err.Error(), RequestID: c.GetString(requestIDKey)})
}
