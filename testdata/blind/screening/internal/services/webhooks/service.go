// Package webhooks manages landlord webhook subscriptions, queues event
// notifications for them and dispatches queued deliveries.
package webhooks

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"log/slog"
	"net/url"
	"slices"
	"time"

	"github.com/tenantlens/screening/internal/domain"
	"github.com/tenantlens/screening/internal/platform/dbtx"
	"github.com/tenantlens/screening/internal/providers/landlordhook"
)

// Event types landlords can subscribe to.
const (
	EventReportCompleted     = "report.completed"
	EventReportDisputed      = "report.disputed"
	EventApplicationReady    = "application.reports_ready"
	EventApplicationDecided  = "application.decided"
	EventIdentityVerified    = "identity.completed"
	EventAdverseActionMailed = "adverse_action.mailed"
)

var knownEvents = []string{
	EventReportCompleted, EventReportDisputed, EventApplicationReady,
	EventApplicationDecided, EventIdentityVerified, EventAdverseActionMailed,
}

// Store is the persistence the service needs.
type Store interface {
	UpsertSubscription(ctx context.Context, sub domain.WebhookSubscription) (domain.WebhookSubscription, bool, error)
	DeactivateSubscription(ctx context.Context, managerID, id string) (bool, error)
	SubscriptionsFor(ctx context.Context, q Queryer, managerID, eventType string) ([]domain.WebhookSubscription, error)
	EnqueueDelivery(ctx context.Context, q Queryer, id, subscriptionID, eventType string, payload []byte) error
	ClaimDueDeliveries(ctx context.Context, limit int, lease time.Duration) ([]domain.WebhookDelivery, error)
	LogWebhookAttempt(ctx context.Context, deliveryID string, statusCode int, errMsg string, dur time.Duration) error
	MarkDelivered(ctx context.Context, id string, at time.Time) error
	RescheduleDelivery(ctx context.Context, id, reason string, next time.Time, maxAttempts int) error
}

// Queryer is a *sql.DB or the caller's *sql.Tx.
type Queryer = dbtx.Queryer

// Sender posts one webhook.
type Sender interface {
	Send(ctx context.Context, m landlordhook.Message) (landlordhook.Result, error)
}

type Service struct {
	store  Store
	sender Sender
	newID  func() string
	now    func() time.Time

	maxAttempts int
	batchSize   int
}

func NewService(store Store, sender Sender, newID func() string) *Service {
	return &Service{store: store, sender: sender, newID: newID, now: time.Now, maxAttempts: 12, batchSize: 50}
}

// SubscribeInput is a registration request.
type SubscribeInput struct {
	URL        string   `json:"url"`
	EventTypes []string `json:"event_types"`
}

// Subscribe registers (or refreshes) an endpoint for a manager.
func (s *Service) Subscribe(ctx context.Context, managerID string, in SubscribeInput) (domain.WebhookSubscription, bool, error) {
	u, err := url.Parse(in.URL)
	if err != nil || u.Scheme != "https" || u.Host == "" {
		return domain.WebhookSubscription{}, false, domain.Invalid("url", "must be an absolute https URL")
	}
	if len(in.EventTypes) == 0 {
		return domain.WebhookSubscription{}, false, domain.Invalid("event_types", "at least one is required")
	}
	for _, t := range in.EventTypes {
		if !slices.Contains(knownEvents, t) {
			return domain.WebhookSubscription{}, false, domain.Invalid("event_types", "unknown event type "+t)
		}
	}
	secret, err := newSecret()
	if err != nil {
		return domain.WebhookSubscription{}, false, err
	}
	return s.store.UpsertSubscription(ctx, domain.WebhookSubscription{
		ID:         "whs_" + s.newID(),
		ManagerID:  managerID,
		URL:        u.String(),
		Secret:     secret,
		EventTypes: in.EventTypes,
	})
}

// Unsubscribe deactivates an endpoint.
func (s *Service) Unsubscribe(ctx context.Context, managerID, id string) error {
	ok, err := s.store.DeactivateSubscription(ctx, managerID, id)
	if err != nil {
		return err
	}
	if !ok {
		return domain.ErrNotFound
	}
	return nil
}

// Envelope is the JSON body landlords receive.
type Envelope struct {
	ID        string    `json:"id"`
	Type      string    `json:"type"`
	CreatedAt time.Time `json:"created_at"`
	Data      any       `json:"data"`
}

// Enqueue queues an event for every matching subscription of the manager,
// inside the caller's transaction. eventKey must identify the business event
// (e.g. the bureau callback id); deliveries are keyed by (eventKey,
// subscription) so a repeated Enqueue for the same event adds nothing.
func (s *Service) Enqueue(ctx context.Context, q Queryer, managerID, eventType, eventKey string, data any) error {
	subs, err := s.store.SubscriptionsFor(ctx, q, managerID, eventType)
	if err != nil {
		return fmt.Errorf("webhooks: list subscriptions: %w", err)
	}
	if len(subs) == 0 {
		return nil
	}
	body, err := json.Marshal(Envelope{ID: "evt_" + eventKey, Type: eventType, CreatedAt: s.now().UTC(), Data: data})
	if err != nil {
		return err
	}
	for _, sub := range subs {
		if err := s.store.EnqueueDelivery(ctx, q, DeliveryID(eventKey, sub.ID), sub.ID, eventType, body); err != nil {
			return fmt.Errorf("webhooks: enqueue: %w", err)
		}
	}
	return nil
}

// DeliveryID derives the delivery row id from the event and endpoint.
func DeliveryID(eventKey, subscriptionID string) string {
	sum := sha256.Sum256([]byte(eventKey + "|" + subscriptionID))
	return "whd_" + hex.EncodeToString(sum[:13])
}

// DispatchDue sends one batch of due deliveries. It returns how many were
// attempted.
func (s *Service) DispatchDue(ctx context.Context) (int, error) {
	due, err := s.store.ClaimDueDeliveries(ctx, s.batchSize, 2*time.Minute)
	if err != nil {
		return 0, err
	}
	for _, d := range due {
		s.deliver(ctx, d)
	}
	return len(due), nil
}

func (s *Service) deliver(ctx context.Context, d domain.WebhookDelivery) {
	res, err := s.sender.Send(ctx, landlordhook.Message{
		URL:       d.URL,
		Secret:    d.Secret,
		EventType: d.EventType,
		Payload:   d.Payload,
	})
	errMsg := ""
	if err != nil {
		errMsg = err.Error()
	}
	if logErr := s.store.LogWebhookAttempt(ctx, d.ID, res.StatusCode, errMsg, res.Duration); logErr != nil {
		slog.WarnContext(ctx, "webhook attempt log failed", "delivery", d.ID, "err", logErr)
	}
	if err == nil {
		if err := s.store.MarkDelivered(ctx, d.ID, s.now()); err != nil {
			slog.ErrorContext(ctx, "mark delivered", "delivery", d.ID, "err", err)
		}
		return
	}
	next := s.now().Add(retryDelay(d.Attempts))
	if err := s.store.RescheduleDelivery(ctx, d.ID, errMsg, next, s.maxAttempts); err != nil {
		slog.ErrorContext(ctx, "reschedule delivery", "delivery", d.ID, "err", err)
	}
}

// retryDelay is 30s doubling per attempt, capped at six hours.
func retryDelay(attempts int) time.Duration {
	d := 30 * time.Second
	for i := 1; i < attempts && d < 6*time.Hour; i++ {
		d *= 2
	}
	return min(d, 6*time.Hour)
}

func newSecret() (string, error) {
	b := make([]byte, 24)
	if _, err := rand.Read(b); err != nil {
		return "", err
	}
	return "whsec_" + hex.EncodeToString(b), nil
}
