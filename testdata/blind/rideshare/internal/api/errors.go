package api

import (
	"errors"
	"log/slog"
	"net/http"

	"github.com/gin-gonic/gin"

	"github.com/wayfare/ridepay/internal/ledger"
	"github.com/wayfare/ridepay/internal/payouts"
	"github.com/wayfare/ridepay/internal/refunds"
	"github.com/wayfare/ridepay/internal/store"
	"github.com/wayfare/ridepay/internal/tips"
	"github.com/wayfare/ridepay/internal/wallet"
)

type statusMapping struct {
	err    error
	status int
}

var errorStatuses = []statusMapping{
	{tips.ErrTripNotFound, http.StatusNotFound},
	{tips.ErrNotYourTrip, http.StatusForbidden},
	{tips.ErrWindowClosed, http.StatusConflict},
	{tips.ErrTipTooLarge, http.StatusUnprocessableEntity},
	{tips.ErrPaymentRefused, http.StatusPaymentRequired},
	{refunds.ErrNotRefundable, http.StatusConflict},
	{refunds.ErrOverRefund, http.StatusUnprocessableEntity},
	{ledger.ErrAdjustmentTooLarge, http.StatusUnprocessableEntity},
	{ledger.ErrIncomplete, http.StatusBadRequest},
	{payouts.ErrPayoutsFrozen, http.StatusForbidden},
	{payouts.ErrNoPayee, http.StatusConflict},
	{payouts.ErrInsufficientFunds, http.StatusUnprocessableEntity},
	{payouts.ErrBelowMinimum, http.StatusUnprocessableEntity},
	{payouts.ErrKeyReuse, http.StatusUnprocessableEntity},
	{wallet.ErrKeyReuse, http.StatusUnprocessableEntity},
	{wallet.ErrRefused, http.StatusPaymentRequired},
}

// writeError maps service errors to HTTP responses.
func writeError(c *gin.Context, log *slog.Logger, err error) {
	for _, m := range errorStatuses {
		if errors.Is(err, m.err) {
			c.JSON(m.status, gin.H{"error": err.Error()})
			return
		}
	}
	if store.IsNotFound(err) {
		c.JSON(http.StatusNotFound, gin.H{"error": "not found"})
		return
	}
	log.ErrorContext(c.Request.Context(), "request failed", "route", c.FullPath(), "request_id", c.GetString(requestIDKey), "err", err)
	c.JSON(http.StatusInternalServerError, gin.H{"error": "internal error"})
}

func badRequest(c *gin.Context, msg string) {
	c.JSON(http.StatusBadRequest, gin.H{"error": msg})
}

// idempotencyKey returns the caller's Idempotency-Key header, or writes a 400.
func idempotencyKey(c *gin.Context) (string, bool) {
	key := c.GetHeader("Idempotency-Key")
	if key == "" || len(key) > 255 {
		badRequest(c, "a valid Idempotency-Key header is required")
		return "", false
	}
	return key, true
}
