package httpapi

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"time"

	"github.com/gin-gonic/gin"

	"github.com/halyard/funding/internal/provider/bank"
	"github.com/halyard/funding/internal/provider/cardproc"
	"github.com/halyard/funding/internal/provider/custody"
)

var errBadSignature = errors.New("bad signature")

// verifier authenticates a raw webhook body.
type verifier func(c *gin.Context, body []byte) error

// webhook reads, verifies and decodes a provider callback into T, then
// hands it to fn. A non-nil error from fn answers 500 so the provider
// redelivers.
func webhook[T any](verify verifier, fn func(ctx context.Context, evt T) error) gin.HandlerFunc {
	return func(c *gin.Context) {
		body, err := io.ReadAll(io.LimitReader(c.Request.Body, 1<<20))
		if err != nil {
			c.AbortWithStatus(http.StatusBadRequest)
			return
		}
		if err := verify(c, body); err != nil {
			c.AbortWithStatusJSON(http.StatusUnauthorized, gin.H{"error": err.Error()})
			return
		}
		var evt T
		if err := json.Unmarshal(body, &evt); err != nil {
			c.AbortWithStatusJSON(http.StatusBadRequest, gin.H{"error": "malformed payload"})
			return
		}
		if err := fn(c.Request.Context(), evt); err != nil {
			writeError(c, err)
			return
		}
		c.Status(http.StatusNoContent)
	}
}

func bankVerifier(secret string) verifier {
	return func(c *gin.Context, body []byte) error {
		if !bank.VerifySignature(secret, body, c.GetHeader("X-Bank-Signature")) {
			return errBadSignature
		}
		return nil
	}
}

func cardVerifier(secret string) verifier {
	return func(c *gin.Context, body []byte) error {
		return cardproc.VerifySignature(secret, body, c.GetHeader("Processor-Signature"), 5*time.Minute)
	}
}

func custodyVerifier(secret string) verifier {
	return func(c *gin.Context, body []byte) error {
		return custody.VerifyWebhook(secret, c.GetHeader("X-Custody-Signature"), body)
	}
}

type webhookRoute struct {
	path    string
	handler gin.HandlerFunc
}

func (h *Handlers) webhookRoutes() []webhookRoute {
	return []webhookRoute{
		{"/bank/deposits", webhook(bankVerifier(h.Secrets.Bank), h.onBankCredit)},
		{"/bank/payouts", webhook(bankVerifier(h.Secrets.Bank), h.Withdrawals.OnBankPayout)},
		{"/card", webhook(cardVerifier(h.Secrets.Card), h.Topups.HandleEvent)},
		{"/custody", webhook(custodyVerifier(h.Secrets.Custody), h.Withdrawals.OnCustodyTransaction)},
	}
}

func (h *Handlers) onBankCredit(ctx context.Context, n bank.CreditNotification) error {
	if n.Type != "credit" {
		return nil
	}
	res, err := h.Deposits.CreditBankTransfer(ctx, n)
	if err != nil {
		return err
	}
	if !res.Matched && !res.Duplicate {
		h.Log.WarnContext(ctx, "unmatched bank credit", "deposit_id", res.DepositID, "ref", n.Data.TransactionRef)
	}
	return nil
}
