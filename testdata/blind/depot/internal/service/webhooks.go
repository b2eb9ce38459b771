package service

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"net/url"

	"github.com/depotworks/depot/internal/domain"
	"github.com/depotworks/depot/internal/store"
	"github.com/depotworks/depot/internal/webhook"
)

// WebhookService manages merchant webhook endpoints.
type WebhookService struct {
	base
	webhooks *store.WebhookRepo
}

// NewWebhookService builds the service.
func NewWebhookService(r *store.Repos, opts ...Option) *WebhookService {
	return &WebhookService{base: newBase(opts), webhooks: r.Webhooks}
}

// EndpointInput registers a receiver URL for a set of event types.
type EndpointInput struct {
	URL        string   `json:"url"`
	EventTypes []string `json:"event_types"`
}

// Register creates the endpoint or refreshes its subscriptions. The
// signing secret is generated on first registration and kept after.
func (s *WebhookService) Register(ctx context.Context, merchantID string, in EndpointInput) (domain.WebhookEndpoint, error) {
	u, err := url.Parse(in.URL)
	if err != nil || u.Scheme != "https" || u.Host == "" {
		return domain.WebhookEndpoint{}, fmt.Errorf("%w: url must be an absolute https URL", domain.ErrValidation)
	}
	secret := make([]byte, 24)
	if _, err := rand.Read(secret); err != nil {
		return domain.WebhookEndpoint{}, err
	}
	return s.webhooks.UpsertEndpoint(ctx, domain.WebhookEndpoint{
		ID:         "whe_" + s.ids.New(),
		MerchantID: merchantID,
		URL:        u.String(),
		Secret:     "whsec_" + hex.EncodeToString(secret),
		EventTypes: in.EventTypes,
		CreatedAt:  s.clock.Now(),
	})
}

// Notifier sends merchant webhooks directly, for events that should not
// wait for the outbox relay.
type Notifier struct {
	base
	webhooks *store.WebhookRepo
	sender   *webhook.Sender
}

// NewNotifier builds a Notifier.
func NewNotifier(r *store.Repos, sender *webhook.Sender, opts ...Option) *Notifier {
	return &Notifier{base: newBase(opts), webhooks: r.Webhooks, sender: sender}
}

// Publish delivers an event of type typ to every subscribed endpoint of the
// merchant.
func (n *Notifier) Publish(ctx context.Context, merchantID, typ string, data any) error {
	raw, err := json.Marshal(data)
	if err != nil {
		return err
	}
	ev := webhook.Event{
		ID:         "evt_" + n.ids.New(),
		Type:       typ,
		MerchantID: merchantID,
		CreatedAt:  n.clock.Now(),
		Data:       raw,
	}
	eps, err := n.webhooks.ActiveEndpoints(ctx, merchantID)
	if err != nil {
		return err
	}
	var firstErr error
	for _, ep := range eps {
		if !ep.Subscribed(typ) {
			continue
		}
		res, err := n.sender.Send(ctx, webhook.Endpoint{ID: ep.ID, URL: ep.URL, Secret: ep.Secret}, ev)
		if rerr := n.webhooks.RecordDelivery(ctx, ev.ID, ep.ID, res.StatusCode, res.Took); rerr != nil {
			n.log.Warn("record webhook delivery", "event", ev.ID, "err", rerr)
		}
		if err != nil && firstErr == nil {
			firstErr = err
		}
	}
	return firstErr
}
