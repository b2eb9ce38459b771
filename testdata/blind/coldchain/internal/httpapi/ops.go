package httpapi

import (
	"io"
	"net/http"

	"github.com/gin-gonic/gin"
	"github.com/stripe/stripe-go/v82"
	"github.com/stripe/stripe-go/v82/webhook"

	"github.com/frostline/coldchain/internal/customs"
	"github.com/frostline/coldchain/internal/payouts"
)

type amendFilingRequest struct {
	Changes map[string]string `json:"changes" binding:"required"`
	Reason  string            `json:"reason" binding:"required"`
}

func (h *Handlers) amendFiling(c *gin.Context) {
	var req amendFilingRequest
	if err := c.ShouldBindJSON(&req); err != nil {
		badRequest(c, err)
		return
	}
	ack, err := h.Customs.Amend(c.Request.Context(), customs.AmendInput{
		FilingID:       c.Param("id"),
		IdempotencyKey: idempotencyKey(c),
		Changes:        req.Changes,
		Reason:         req.Reason,
	})
	if err != nil {
		h.fail(c, err)
		return
	}
	c.JSON(http.StatusAccepted, gin.H{"entry_number": ack.EntryNumber, "status": ack.Status})
}

type fuelAdvanceRequest struct {
	ShipmentID  string `json:"shipment_id"`
	AmountCents int64  `json:"amount_cents" binding:"required"`
	Note        string `json:"note"`
}

func (h *Handlers) issueFuelAdvance(c *gin.Context) {
	var req fuelAdvanceRequest
	if err := c.ShouldBindJSON(&req); err != nil {
		badRequest(c, err)
		return
	}
	adv, err := h.Drivers.IssueFuelAdvance(c.Request.Context(), payouts.FuelAdvanceInput{
		DriverID:    c.Param("id"),
		ShipmentID:  req.ShipmentID,
		AmountCents: req.AmountCents,
		Note:        req.Note,
	})
	if err != nil {
		h.fail(c, err)
		return
	}
	c.JSON(http.StatusCreated, gin.H{
		"id":           adv.ID,
		"driver_id":    adv.DriverID,
		"amount_cents": adv.AmountCents,
		"provider_ref": adv.ProviderRef,
	})
}

const maxWebhookBody = 1 << 16

// stripeWebhook verifies and dispatches a Stripe event. A non-2xx answer
// makes Stripe redeliver the event with backoff for up to three days.
func (h *Handlers) stripeWebhook(c *gin.Context) {
	payload, err := io.ReadAll(io.LimitReader(c.Request.Body, maxWebhookBody))
	if err != nil {
		c.Status(http.StatusServiceUnavailable)
		return
	}
	ev, err := h.Verifier.Verify(payload, c.GetHeader("Stripe-Signature"))
	if err != nil {
		c.JSON(http.StatusBadRequest, errorBody{Error: "invalid signature"})
		return
	}
	if err := h.Events.Dispatch(c.Request.Context(), ev); err != nil {
		h.Log.Error("stripe event failed", "event_id", ev.ID, "type", ev.Type, "err", err)
		c.Status(http.StatusInternalServerError)
		return
	}
	c.Status(http.StatusOK)
}

// StripeVerifier checks the Stripe-Signature header of webhook payloads.
type StripeVerifier struct {
	secret string
}

func NewStripeVerifier(secret string) *StripeVerifier {
	return &StripeVerifier{secret: secret}
}

// Verify parses payload into an Event if the signature is valid.
func (v *StripeVerifier) Verify(payload []byte, signature string) (stripe.Event, error) {
	return webhook.ConstructEvent(payload, signature, v.secret)
}
