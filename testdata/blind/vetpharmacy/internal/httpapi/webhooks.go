package httpapi

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"io"
	"net/http"

	"github.com/gin-gonic/gin"
	"github.com/stripe/stripe-go/v82"
	"github.com/stripe/stripe-go/v82/webhook"

	"github.com/kestrelvet/refillrx/internal/apperr"
	"github.com/kestrelvet/refillrx/internal/courier"
	"github.com/kestrelvet/refillrx/internal/shipping"
	"github.com/kestrelvet/refillrx/internal/webhooks"
)

type StripeEventService interface {
	Handle(ctx context.Context, evt stripe.Event) error
}

type CourierEventService interface {
	ApplyTracking(ctx context.Context, ev shipping.TrackingEvent) error
	ReportException(ctx context.Context, ev shipping.ExceptionEvent) error
}

type ClinicFeedService interface {
	Secret(ctx context.Context, clinicID string) (string, error)
	Apply(ctx context.Context, clinicID string, ev webhooks.ClinicPrescriptionEvent) error
}

type WebhookSecrets struct {
	Stripe  string
	Courier string
}

type WebhookHandler struct {
	stripeEvents StripeEventService
	courier      CourierEventService
	clinics      ClinicFeedService
	secrets      WebhookSecrets
}

func NewWebhookHandler(s StripeEventService, c CourierEventService, cf ClinicFeedService, secrets WebhookSecrets) *WebhookHandler {
	return &WebhookHandler{stripeEvents: s, courier: c, clinics: cf, secrets: secrets}
}

const maxWebhookBody = 256 << 10

func readBody(c *gin.Context) ([]byte, bool) {
	payload, err := io.ReadAll(io.LimitReader(c.Request.Body, maxWebhookBody))
	if err != nil {
		c.AbortWithStatus(http.StatusBadRequest)
		return nil, false
	}
	return payload, true
}

// Stripe handles POST /webhooks/stripe.
func (h *WebhookHandler) Stripe(c *gin.Context) {
	payload, okBody := readBody(c)
	if !okBody {
		return
	}
	evt, err := webhook.ConstructEvent(payload, c.GetHeader("Stripe-Signature"), h.secrets.Stripe)
	if err != nil {
		c.AbortWithStatus(http.StatusBadRequest)
		return
	}
	if err := h.stripeEvents.Handle(c.Request.Context(), evt); err != nil {
		_ = c.Error(err)
		return
	}
	c.Status(http.StatusNoContent)
}

func (h *WebhookHandler) verifiedCourierBody(c *gin.Context) ([]byte, bool) {
	payload, okBody := readBody(c)
	if !okBody {
		return nil, false
	}
	if !courier.VerifySignature(h.secrets.Courier, payload, c.GetHeader("X-ParcelWing-Signature")) {
		c.AbortWithStatus(http.StatusUnauthorized)
		return nil, false
	}
	return payload, true
}

// CourierTracking handles POST /webhooks/courier/tracking.
func (h *WebhookHandler) CourierTracking(c *gin.Context) {
	payload, valid := h.verifiedCourierBody(c)
	if !valid {
		return
	}
	var ev shipping.TrackingEvent
	if err := json.Unmarshal(payload, &ev); err != nil {
		_ = c.Error(apperr.Invalid("bad_payload", err.Error()))
		return
	}
	if err := h.courier.ApplyTracking(c.Request.Context(), ev); err != nil {
		_ = c.Error(err)
		return
	}
	c.Status(http.StatusNoContent)
}

// CourierException handles POST /webhooks/courier/exceptions.
func (h *WebhookHandler) CourierException(c *gin.Context) {
	payload, valid := h.verifiedCourierBody(c)
	if !valid {
		return
	}
	var ev shipping.ExceptionEvent
	if err := json.Unmarshal(payload, &ev); err != nil {
		_ = c.Error(apperr.Invalid("bad_payload", err.Error()))
		return
	}
	if err := h.courier.ReportException(c.Request.Context(), ev); err != nil {
		_ = c.Error(err)
		return
	}
	c.Status(http.StatusAccepted)
}

// ClinicPrescription handles POST /webhooks/clinics/:clinic/prescriptions.
func (h *WebhookHandler) ClinicPrescription(c *gin.Context) {
	clinicID := c.Param("clinic")
	payload, okBody := readBody(c)
	if !okBody {
		return
	}
	secret, err := h.clinics.Secret(c.Request.Context(), clinicID)
	if err != nil {
		_ = c.Error(err)
		return
	}
	mac := hmac.New(sha256.New, []byte(secret))
	mac.Write(payload)
	if !hmac.Equal([]byte(hex.EncodeToString(mac.Sum(nil))), []byte(c.GetHeader("X-Clinic-Signature"))) {
		c.AbortWithStatus(http.StatusUnauthorized)
		return
	}
	var ev webhooks.ClinicPrescriptionEvent
	if err := json.Unmarshal(payload, &ev); err != nil {
		_ = c.Error(apperr.Invalid("bad_payload", err.Error()))
		return
	}
	if err := h.clinics.Apply(c.Request.Context(), clinicID, ev); err != nil {
		_ = c.Error(err)
		return
	}
	c.Status(http.StatusNoContent)
}
