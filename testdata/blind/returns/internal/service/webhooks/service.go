// Package webhooks owns merchant webhook endpoints, the transactional outbox
// and delivery.
package webhooks

import (
	"context"
	"crypto/rand"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net/url"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/northwind-retail/rma/internal/domain"
	"github.com/northwind-retail/rma/internal/jobs"
	"github.com/northwind-retail/rma/internal/platform/ids"
	"github.com/northwind-retail/rma/internal/provider/merchanthook"
	"github.com/northwind-retail/rma/internal/repo"
)

// Event is a merchant-facing event. ID must be stable for the business fact
// it describes; it becomes the outbox id and the webhook-id header.
type Event struct {
	ID         string
	MerchantID string
	Type       string
	Data       any
}

type Service struct {
	pool      *pgxpool.Pool
	outbox    repo.Outbox
	endpoints repo.Endpoints
	attempts  repo.Attempts
	refunds   repo.Refunds
	returns   repo.Returns
	jobs      jobs.Enqueuer
	sender    *merchanthook.Sender
	log       *slog.Logger
}

type Deps struct {
	Pool      *pgxpool.Pool
	Outbox    repo.Outbox
	Endpoints repo.Endpoints
	Attempts  repo.Attempts
	Refunds   repo.Refunds
	Returns   repo.Returns
	Jobs      jobs.Enqueuer
	Sender    *merchanthook.Sender
	Log       *slog.Logger
}

func New(d Deps) *Service {
	return &Service{
		pool: d.Pool, outbox: d.Outbox, endpoints: d.Endpoints, attempts: d.Attempts,
		refunds: d.Refunds, returns: d.Returns, jobs: d.Jobs, sender: d.Sender, log: d.Log,
	}
}

type envelope struct {
	ID        string    `json:"id"`
	Type      string    `json:"type"`
	CreatedAt time.Time `json:"created_at"`
	Data      any       `json:"data"`
}

func newEnvelope(eventType string, data any) envelope {
	return envelope{
		ID:        ids.New("evt"),
		Type:      eventType,
		CreatedAt: time.Now().UTC(),
		Data:      data,
	}
}

// PublishTx writes ev to the outbox and schedules delivery in the caller's
// transaction. Publishing the same event id twice is a no-op.
func (s *Service) PublishTx(ctx context.Context, tx pgx.Tx, ev Event) error {
	env := newEnvelope(ev.Type, ev.Data)
	env.ID = ev.ID
	payload, err := json.Marshal(env)
	if err != nil {
		return fmt.Errorf("encode event: %w", err)
	}
	inserted, err := s.outbox.Insert(ctx, tx, domain.OutboxMessage{
		ID: ev.ID, MerchantID: ev.MerchantID, EventType: ev.Type, Payload: payload,
	})
	if err != nil || !inserted {
		return err
	}
	return s.jobs.EnqueueTx(ctx, tx, jobs.DeliverWebhookArgs{OutboxID: ev.ID})
}

// RegisterEndpoint adds a webhook endpoint for a merchant. Re-registering
// the same URL returns the existing endpoint and secret.
func (s *Service) RegisterEndpoint(ctx context.Context, merchantID, rawURL string, eventTypes []string) (domain.WebhookEndpoint, error) {
	u, err := url.Parse(rawURL)
	if err != nil || u.Scheme != "https" || u.Host == "" {
		return domain.WebhookEndpoint{}, fmt.Errorf("%w: endpoint url must be https", domain.ErrValidation)
	}
	secret, err := newSecret()
	if err != nil {
		return domain.WebhookEndpoint{}, err
	}
	if eventTypes == nil {
		eventTypes = []string{}
	}
	return s.endpoints.Register(ctx, s.pool, domain.WebhookEndpoint{
		ID:         ids.New("whe"),
		MerchantID: merchantID,
		URL:        u.String(),
		Secret:     secret,
		EventTypes: eventTypes,
	})
}

func newSecret() (string, error) {
	b := make([]byte, 24)
	if _, err := rand.Read(b); err != nil {
		return "", err
	}
	return "whsec_" + base64.RawURLEncoding.EncodeToString(b), nil
}

// ErrPartialDelivery is returned when at least one endpoint failed; the job
// is retried and endpoints that already accepted receive the same webhook-id.
var ErrPartialDelivery = errors.New("webhook delivery failed for some endpoints")

// Deliver sends one outbox message to every active endpoint of the merchant.
func (s *Service) Deliver(ctx context.Context, outboxID string) error {
	msg, err := s.outbox.Get(ctx, s.pool, outboxID)
	if errors.Is(err, domain.ErrNotFound) {
		s.log.WarnContext(ctx, "outbox message vanished", "outbox_id", outboxID)
		return nil
	}
	if err != nil {
		return err
	}
	if msg.Status == "delivered" {
		return nil
	}
	eps, err := s.endpoints.ListActive(ctx, s.pool, msg.MerchantID, msg.EventType)
	if err != nil {
		return err
	}
	if err := s.outbox.IncrementAttempts(ctx, s.pool, msg.ID); err != nil {
		return err
	}

	failed := 0
	for _, ep := range eps {
		res, sendErr := s.sender.Send(ctx, ep.URL, ep.Secret, merchanthook.Delivery{
			ID:        msg.ID,
			EventType: msg.EventType,
			Payload:   msg.Payload,
		})
		attempt := domain.WebhookAttempt{
			ID:         ids.NewULID(),
			OutboxID:   msg.ID,
			EndpointID: ep.ID,
			StatusCode: res.StatusCode,
			DurationMS: int(res.Duration.Milliseconds()),
		}
		if sendErr != nil {
			failed++
			attempt.Error = sendErr.Error()
		}
		if err := s.attempts.Append(ctx, s.pool, attempt); err != nil {
			s.log.WarnContext(ctx, "record webhook attempt", "err", err, "outbox_id", msg.ID)
		}
	}
	if failed > 0 {
		return fmt.Errorf("%w: %d of %d", ErrPartialDelivery, failed, len(eps))
	}
	return s.outbox.MarkDelivered(ctx, s.pool, msg.ID)
}

type refundNotice struct {
	RefundID    string `json:"refund_id"`
	ReturnID    string `json:"return_id"`
	OrderID     string `json:"order_id"`
	AmountCents int64  `json:"amount_cents"`
	Currency    string `json:"currency"`
	Status      string `json:"status"`
}

// SendRefundNotice pushes refund.succeeded straight to the merchant's
// endpoints. Refund notices are time-sensitive for merchants' accounting so
// they bypass the outbox queue.
func (s *Service) SendRefundNotice(ctx context.Context, refundID string) error {
	ref, err := s.refunds.Get(ctx, s.pool, refundID)
	if err != nil {
		return err
	}
	ret, err := s.returns.Get(ctx, s.pool, ref.ReturnID)
	if err != nil {
		return err
	}
	env := newEnvelope("refund.succeeded", refundNotice{
		RefundID: ref.ID, ReturnID: ret.ID, OrderID: ret.OrderID,
		AmountCents: ref.AmountCents, Currency: ref.Currency, Status: string(ref.Status),
	})
	payload, err := json.Marshal(env)
	if err != nil {
		return err
	}
	eps, err := s.endpoints.ListActive(ctx, s.pool, ret.MerchantID, env.Type)
	if err != nil {
		return err
	}
	for _, ep := range eps {
		if _, err := s.sender.Send(ctx, ep.URL, ep.Secret, merchanthook.Delivery{
			ID:        env.ID,
			EventType: env.Type,
			Payload:   payload,
		}); err != nil {
			return err
		}
	}
	return nil
}
