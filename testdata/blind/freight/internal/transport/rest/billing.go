package rest

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/url"
	"time"

	"github.com/go-chi/chi/v5"
	"github.com/stripe/stripe-go/v82"
	"github.com/stripe/stripe-go/v82/webhook"

	"github.com/acme/freight/internal/config"
	"github.com/acme/freight/internal/domain"
	"github.com/acme/freight/internal/idgen"
	"github.com/acme/freight/internal/store/bunstore"
)

type StripeEventHandler interface {
	HandleStripeEvent(ctx context.Context, ev stripe.Event) error
}

type EndpointRegistry interface {
	Register(ctx context.Context, ep *bunstore.WebhookEndpoint) (*bunstore.WebhookEndpoint, error)
}

type BillingHandlers struct {
	events        StripeEventHandler
	endpoints     EndpointRegistry
	webhookSecret string
}

func NewBillingHandlers(events StripeEventHandler, endpoints EndpointRegistry, cfg *config.Config) *BillingHandlers {
	return &BillingHandlers{events: events, endpoints: endpoints, webhookSecret: cfg.Stripe.WebhookSecret}
}

// StripeWebhook handles POST /webhooks/stripe. Stripe retries any delivery
// that does not get a 2xx.
func (h *BillingHandlers) StripeWebhook(w http.ResponseWriter, r *http.Request) {
	payload, err := io.ReadAll(io.LimitReader(r.Body, 256<<10))
	if err != nil {
		http.Error(w, "read body", http.StatusBadRequest)
		return
	}
	ev, err := webhook.ConstructEventWithOptions(payload, r.Header.Get("Stripe-Signature"), h.webhookSecret,
		webhook.ConstructEventOptions{IgnoreAPIVersionMismatch: true})
	if err != nil {
		http.Error(w, "bad signature", http.StatusBadRequest)
		return
	}
	if err := h.events.HandleStripeEvent(r.Context(), ev); err != nil {
		slog.ErrorContext(r.Context(), "stripe webhook", "event", ev.ID, "type", ev.Type, "err", err)
		http.Error(w, "retry later", http.StatusInternalServerError)
		return
	}
	w.WriteHeader(http.StatusOK)
}

type registerEndpointRequest struct {
	URL    string   `json:"url"`
	Events []string `json:"events"`
}

func (r registerEndpointRequest) Validate() error {
	u, err := url.Parse(r.URL)
	if err != nil || u.Scheme != "https" || u.Host == "" {
		return fmt.Errorf("%w: url must be an absolute https URL", domain.ErrInvalid)
	}
	return nil
}

// RegisterEndpoint handles POST /v1/customers/{customerID}/webhook-endpoints.
// Registering the same URL twice returns the existing endpoint.
func (h *BillingHandlers) RegisterEndpoint() http.HandlerFunc {
	return Handle(http.StatusCreated, func(r *http.Request, in registerEndpointRequest) (any, error) {
		ep, err := h.endpoints.Register(r.Context(), &bunstore.WebhookEndpoint{
			ID:         idgen.ULID(),
			CustomerID: chi.URLParam(r, "customerID"),
			URL:        in.URL,
			Secret:     newSigningSecret(),
			Events:     in.Events,
			CreatedAt:  time.Now().UTC(),
		})
		if err != nil {
			return nil, err
		}
		return ep, nil
	})
}

func newSigningSecret() string {
	b := make([]byte, 24)
	_, _ = rand.Read(b)
	return "whsec_" + hex.EncodeToString(b)
}
