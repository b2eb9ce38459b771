package api

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"io"
	"log/slog"
	"net/http"
	"time"

	"github.com/gin-gonic/gin"
	"github.com/stripe/stripe-go/v82/webhook"

	"github.com/brightsmile-dental/practiceops/internal/billing"
	"github.com/brightsmile-dental/practiceops/internal/lab"
)

const maxWebhookBody = 1 << 20

// WebhookHandler receives provider callbacks. Each provider redelivers
// until it gets a 2xx.
type WebhookHandler struct {
	stripeSecret string
	labSecret    string
	chSecret     string
	stripeEvents billing.StripeEventProcessor
	remittances  billing.RemittancePoster
	lab          lab.Service
	log          *slog.Logger
}

// WebhookConfig holds the signing secrets.
type WebhookConfig struct {
	StripeSecret        string
	LabSecret           string
	ClearinghouseSecret string
}

// NewWebhookHandler returns the handler.
func NewWebhookHandler(cfg WebhookConfig, stripeEvents billing.StripeEventProcessor, remittances billing.RemittancePoster, labSvc lab.Service, log *slog.Logger) *WebhookHandler {
	return &WebhookHandler{
		stripeSecret: cfg.StripeSecret,
		labSecret:    cfg.LabSecret,
		chSecret:     cfg.ClearinghouseSecret,
		stripeEvents: stripeEvents,
		remittances:  remittances,
		lab:          labSvc,
		log:          log,
	}
}

func readBody(c *gin.Context) ([]byte, bool) {
	body, err := io.ReadAll(io.LimitReader(c.Request.Body, maxWebhookBody))
	if err != nil {
		c.AbortWithStatus(http.StatusBadRequest)
		return nil, false
	}
	return body, true
}

// Stripe handles POST /webhooks/stripe.
func (h *WebhookHandler) Stripe(c *gin.Context) {
	body, ok := readBody(c)
	if !ok {
		return
	}
	ev, err := webhook.ConstructEventWithOptions(body, c.GetHeader("Stripe-Signature"), h.stripeSecret,
		webhook.ConstructEventOptions{IgnoreAPIVersionMismatch: true})
	if err != nil {
		c.AbortWithStatus(http.StatusBadRequest)
		return
	}
	if err := h.stripeEvents.Process(c.Request.Context(), ev); err != nil {
		h.log.Error("stripe event", "event_id", ev.ID, "type", ev.Type, "err", err)
		c.AbortWithStatus(http.StatusInternalServerError)
		return
	}
	c.Status(http.StatusOK)
}

func validSignature(secret string, body []byte, sig string) bool {
	mac := hmac.New(sha256.New, []byte(secret))
	mac.Write(body)
	want := hex.EncodeToString(mac.Sum(nil))
	return hmac.Equal([]byte(want), []byte(sig))
}

type labEvent struct {
	ID             string    `json:"id"`
	Type           string    `json:"type"`
	OrderNumber    string    `json:"order_number"`
	TrackingNumber string    `json:"tracking_number"`
	OccurredAt     time.Time `json:"occurred_at"`
}

// Lab handles POST /webhooks/keystone.
func (h *WebhookHandler) Lab(c *gin.Context) {
	body, ok := readBody(c)
	if !ok {
		return
	}
	if !validSignature(h.labSecret, body, c.GetHeader("X-Keystone-Signature")) {
		c.AbortWithStatus(http.StatusUnauthorized)
		return
	}
	var ev labEvent
	if err := json.Unmarshal(body, &ev); err != nil || ev.ID == "" {
		c.AbortWithStatus(http.StatusBadRequest)
		return
	}
	_, err := h.lab.RecordEvent(c.Request.Context(), lab.RecordEventInput{
		EventID:        ev.ID,
		Type:           ev.Type,
		OrderNumber:    ev.OrderNumber,
		TrackingNumber: ev.TrackingNumber,
		OccurredAt:     ev.OccurredAt,
		Raw:            body,
	})
	if errors.Is(err, lab.ErrUnknownOrder) {
		// Orders placed by phone are not in our system; acknowledge them.
		h.log.Warn("lab event for unknown order", "order_number", ev.OrderNumber, "event_id", ev.ID)
		c.Status(http.StatusOK)
		return
	}
	if err != nil {
		h.log.Error("lab event", "event_id", ev.ID, "err", err)
		c.AbortWithStatus(http.StatusInternalServerError)
		return
	}
	c.Status(http.StatusOK)
}

// Remittance handles POST /webhooks/claimbridge/remittance (one 835).
func (h *WebhookHandler) Remittance(c *gin.Context) {
	body, ok := readBody(c)
	if !ok {
		return
	}
	if !validSignature(h.chSecret, body, c.GetHeader("X-ClaimBridge-Signature")) {
		c.AbortWithStatus(http.StatusUnauthorized)
		return
	}
	var in billing.RemittanceInput
	if err := json.Unmarshal(body, &in); err != nil || in.TraceNumber == "" {
		c.AbortWithStatus(http.StatusBadRequest)
		return
	}
	out, err := h.remittances.Post(c.Request.Context(), in)
	if err != nil {
		h.log.Error("post remittance", "trace", in.TraceNumber, "err", err)
		c.AbortWithStatus(http.StatusInternalServerError)
		return
	}
	if len(out.Unmatched) > 0 {
		h.log.Warn("remittance has unmatched claims", "trace", in.TraceNumber, "refs", out.Unmatched)
	}
	c.JSON(http.StatusOK, gin.H{"posted": out.Posted, "already_posted": out.AlreadyPosted})
}
