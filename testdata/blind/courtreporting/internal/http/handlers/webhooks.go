package handlers

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"net/http"

	"github.com/gin-gonic/gin"
	"github.com/stripe/stripe-go/v82"
	"github.com/stripe/stripe-go/v82/webhook"
	"go.uber.org/zap"

	"github.com/stenoline-legal/depobook/internal/config"
	"github.com/stenoline-legal/depobook/internal/domain"
	"github.com/stenoline-legal/depobook/internal/provider/portal"
	"github.com/stenoline-legal/depobook/internal/provider/sms"
	"github.com/stenoline-legal/depobook/internal/service"
)

const maxWebhookBody = 1 << 20

// Webhooks receives partner callbacks. Each partner retries until it
// sees a 2xx, so handlers answer 5xx only when the event should come back.
type Webhooks struct {
	stripeSecret string
	billing      service.Billing
	transcripts  service.Transcripts
	bookings     service.Bookings
	portal       *portal.Client
	sms          *sms.Client
	log          *zap.Logger
}

func NewWebhooks(cfg config.Config, billing service.Billing, transcripts service.Transcripts,
	bookings service.Bookings, pc *portal.Client, sc *sms.Client, log *zap.Logger) *Webhooks {
	return &Webhooks{
		stripeSecret: cfg.StripeWebhookKey,
		billing:      billing,
		transcripts:  transcripts,
		bookings:     bookings,
		portal:       pc,
		sms:          sc,
		log:          log.Named("webhooks"),
	}
}

func (h *Webhooks) Register(_, _, hooks *gin.RouterGroup) {
	hooks.POST("/stripe", callback(h.log, "stripe", h.decodeStripe, h.billing.HandleStripeEvent))
	hooks.POST("/lexvault", callback(h.log, "lexvault",
		signedJSON[portal.Event](h.portal.Verify, "X-LexVault-Signature"),
		h.transcripts.HandlePortalEvent))
	hooks.POST("/relaytext", callback(h.log, "relaytext",
		signedJSON[sms.Inbound](h.sms.Verify, "X-Relaytext-Signature"),
		h.bookings.HandleInboundSMS))
}

// decoder authenticates and parses a callback body.
type decoder[T any] func(body []byte, header http.Header) (T, error)

var errBadSignature = errors.New("bad signature")

func signedJSON[T any](verify func([]byte, string) bool, sigHeader string) decoder[T] {
	return func(body []byte, header http.Header) (T, error) {
		var v T
		if !verify(body, header.Get(sigHeader)) {
			return v, errBadSignature
		}
		return v, json.Unmarshal(body, &v)
	}
}

func (h *Webhooks) decodeStripe(body []byte, header http.Header) (stripe.Event, error) {
	evt, err := webhook.ConstructEventWithOptions(body, header.Get("Stripe-Signature"), h.stripeSecret,
		webhook.ConstructEventOptions{IgnoreAPIVersionMismatch: true})
	if err != nil {
		return evt, errBadSignature
	}
	return evt, nil
}

// callback reads the body, decodes it and hands it to apply. Events we
// can never apply get a 422 so the partner stops retrying; anything else
// that fails gets a 500 and comes back.
func callback[T any](log *zap.Logger, partner string, decode decoder[T], apply func(context.Context, T) error) gin.HandlerFunc {
	return func(c *gin.Context) {
		body, err := io.ReadAll(io.LimitReader(c.Request.Body, maxWebhookBody))
		if err != nil {
			c.AbortWithStatus(http.StatusBadRequest)
			return
		}
		evt, err := decode(body, c.Request.Header)
		if errors.Is(err, errBadSignature) {
			c.AbortWithStatus(http.StatusUnauthorized)
			return
		}
		if err != nil {
			c.AbortWithStatus(http.StatusBadRequest)
			return
		}
		if err := apply(c.Request.Context(), evt); err != nil {
			status := http.StatusInternalServerError
			if errors.Is(err, domain.ErrValidation) || errors.Is(err, domain.ErrNotFound) {
				status = http.StatusUnprocessableEntity
			}
			log.Error("webhook failed", zap.String("partner", partner), zap.Int("status", status), zap.Error(err))
			c.AbortWithStatus(status)
			return
		}
		c.Status(http.StatusOK)
	}
}
