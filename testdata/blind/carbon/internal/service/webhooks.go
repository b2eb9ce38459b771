package service

import (
	"context"
	"log/slog"

	"github.com/terravault/carbonreg/internal/notify"
	"github.com/terravault/carbonreg/internal/repo"
	"github.com/terravault/carbonreg/internal/tasks"
)

// WebhookService delivers buyer webhooks.
type WebhookService interface {
	Deliver(ctx context.Context, deliveryID string, p tasks.WebhookPayload) error
}

type webhookService struct {
	endpoints repo.WebhookEndpoints
	deliverer notify.Deliverer
	attempts  repo.Attempts
	log       *slog.Logger
}

// NewWebhookService returns the WebhookService.
func NewWebhookService(e repo.WebhookEndpoints, d notify.Deliverer, a repo.Attempts, log *slog.Logger) WebhookService {
	return &webhookService{endpoints: e, deliverer: d, attempts: a, log: log}
}

// Deliver posts one event to one endpoint. deliveryID must be the same on
// every attempt so the receiver can drop repeats.
func (s *webhookService) Deliver(ctx context.Context, deliveryID string, p tasks.WebhookPayload) error {
	ep, err := s.endpoints.Get(ctx, p.EndpointID)
	if err != nil {
		return notFound(err, "webhook endpoint")
	}
	if !ep.Active {
		return nil
	}
	err = s.deliverer.Deliver(ctx, notify.Endpoint{URL: ep.URL, Secret: ep.Secret}, notify.Delivery{
		ID:        deliveryID,
		EventType: p.EventType,
		Data:      p.Data,
	})
	s.attempts.Record(ctx, "webhook", p.EventType, deliveryID, outcome(err), errDetail(err))
	return err
}
