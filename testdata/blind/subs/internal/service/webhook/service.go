// Package webhook manages customers' webhook endpoints and delivers
// events to them.
package webhook

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"log/slog"
	"net/url"
	"time"

	"github.com/google/uuid"
	"github.com/hibiken/asynq"

	"github.com/meterly/subs/internal/billing"
	"github.com/meterly/subs/internal/messaging/tasks"
	"github.com/meterly/subs/internal/platform/ids"
	"github.com/meterly/subs/internal/provider/webhooksender"
)

type Sender interface {
	Deliver(ctx context.Context, d webhooksender.Delivery) (webhooksender.Result, error)
}

type Service struct {
	repo   billing.WebhookRepository
	queue  tasks.Enqueuer
	sender Sender
	now    func() time.Time
	log    *slog.Logger
}

func NewService(repo billing.WebhookRepository, queue tasks.Enqueuer, sender Sender, log *slog.Logger) *Service {
	return &Service{repo: repo, queue: queue, sender: sender, now: time.Now, log: log.With("service", "webhook")}
}

func newSecret() (string, error) {
	b := make([]byte, 24)
	if _, err := rand.Read(b); err != nil {
		return "", err
	}
	return "whsec_" + hex.EncodeToString(b), nil
}

// RegisterEndpoint adds an endpoint for the customer. Registering the same
// URL again returns the existing endpoint (and its original secret).
func (s *Service) RegisterEndpoint(ctx context.Context, customerID, rawURL string, eventTypes []string) (billing.WebhookEndpoint, bool, error) {
	u, err := url.Parse(rawURL)
	if err != nil || u.Scheme != "https" || u.Host == "" {
		return billing.WebhookEndpoint{}, false, fmt.Errorf("webhook: endpoint must be an https URL")
	}
	secret, err := newSecret()
	if err != nil {
		return billing.WebhookEndpoint{}, false, err
	}
	if eventTypes == nil {
		eventTypes = []string{}
	}
	return s.repo.InsertEndpoint(ctx, billing.WebhookEndpoint{
		ID:         ids.New("we"),
		CustomerID: customerID,
		URL:        u.String(),
		Secret:     secret,
		EventTypes: eventTypes,
	})
}

type envelope struct {
	ID       string    `json:"id"`
	Type     string    `json:"type"`
	ObjectID string    `json:"object_id"`
	Created  time.Time `json:"created"`
	Data     any       `json:"data"`
}

// Publish records one event per subscribed endpoint and queues delivery.
// Event ids are derived from (type, object, endpoint), so publishing the
// same fact twice yields the same events and the same tasks.
func (s *Service) Publish(ctx context.Context, customerID, eventType, objectID string, data any) error {
	endpoints, err := s.repo.EndpointsFor(ctx, customerID, eventType)
	if err != nil {
		return err
	}
	for _, ep := range endpoints {
		eventID := ids.Derived("evt", eventType, objectID, ep.ID)
		body, err := json.Marshal(envelope{ID: eventID, Type: eventType, ObjectID: objectID, Created: s.now().UTC(), Data: data})
		if err != nil {
			return err
		}
		if _, err := s.repo.InsertEvent(ctx, billing.WebhookEvent{
			ID: eventID, EndpointID: ep.ID, EventType: eventType, Payload: body,
		}); err != nil {
			return err
		}
		if err := tasks.Enqueue(ctx, s.queue, tasks.TypeWebhookDeliver, tasks.WebhookDeliverPayload{EventID: eventID},
			asynq.Queue(tasks.QueueWebhooks), asynq.TaskID("whk:"+eventID), asynq.MaxRetry(15)); err != nil {
			return err
		}
	}
	return nil
}

// Deliver sends one stored event. The receiver deduplicates on the event
// id header, so a repeated delivery is harmless.
func (s *Service) Deliver(ctx context.Context, p tasks.WebhookDeliverPayload) error {
	evt, err := s.repo.GetEvent(ctx, p.EventID)
	if err != nil {
		return err
	}
	if evt.Status == "delivered" {
		return nil
	}
	ep, err := s.repo.GetEndpoint(ctx, evt.EndpointID)
	if err != nil {
		return err
	}
	if ep.Disabled {
		s.log.InfoContext(ctx, "endpoint disabled; dropping event", "event_id", evt.ID, "endpoint_id", ep.ID)
		return nil
	}

	res, sendErr := s.sender.Deliver(ctx, webhooksender.Delivery{
		EventID:   evt.ID,
		EventType: evt.EventType,
		URL:       ep.URL,
		Secret:    ep.Secret,
		Payload:   evt.Payload,
	})

	attempt := billing.WebhookAttempt{
		ID:          uuid.NewString(),
		EventID:     evt.ID,
		DurationMS:  int(res.Duration.Milliseconds()),
		AttemptedAt: s.now().UTC(),
	}
	if res.StatusCode != 0 {
		attempt.StatusCode = &res.StatusCode
	}
	if sendErr != nil {
		msg := sendErr.Error()
		attempt.Error = &msg
	}
	if err := s.repo.AppendAttempt(ctx, attempt); err != nil {
		s.log.WarnContext(ctx, "could not log webhook attempt", "event_id", evt.ID, "err", err)
	}

	if sendErr != nil {
		return fmt.Errorf("webhook %s: %w", evt.ID, sendErr)
	}
	return s.repo.MarkDelivered(ctx, evt.ID, s.now().UTC())
}
