package service

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/stripe/stripe-go/v76"
	"github.com/stripe/stripe-go/v76/webhook"

	"github.com/example/topup/internal/domain"
	"github.com/example/topup/internal/jobs"
)

// pointsPerDollar is the loyalty accrual rate for paid top-ups.
const pointsPerDollar = 10

type StripeEventService struct {
	pool      *pgxpool.Pool
	events    StripeEventRepository
	topups    TopUpRepository
	customers CustomerRepository
	jobs      JobQueue
	secret    string
	log       *slog.Logger
}

func NewStripeEventService(pool *pgxpool.Pool, events StripeEventRepository, topups TopUpRepository,
	customers CustomerRepository, jobs JobQueue, secret string, log *slog.Logger) *StripeEventService {
	return &StripeEventService{pool: pool, events: events, topups: topups, customers: customers,
		jobs: jobs, secret: secret, log: log.With("svc", "stripe-events")}
}

// Handle verifies and applies a Stripe webhook delivery.
func (s *StripeEventService) Handle(ctx context.Context, payload []byte, signature string) error {
	evt, err := webhook.ConstructEvent(payload, signature, s.secret)
	if err != nil {
		return fmt.Errorf("%w: %v", domain.ErrUnauthenticated, err)
	}
	seen, err := s.events.Seen(ctx, s.pool, evt.ID)
	if err != nil {
		return err
	}
	if seen {
		s.log.Debug("duplicate stripe event", "id", evt.ID)
		return nil
	}

	switch evt.Type {
	case "payment_intent.succeeded":
		if err := s.paymentSucceeded(ctx, evt); err != nil {
			return err
		}
	case "payment_intent.payment_failed":
		if err := s.paymentFailed(ctx, evt); err != nil {
			return err
		}
	default:
		s.log.Debug("ignoring stripe event", "type", evt.Type)
	}

	return s.events.Record(ctx, s.pool, evt.ID, string(evt.Type))
}

func topUpFromIntent(evt stripe.Event) (*stripe.PaymentIntent, uuid.UUID, bool) {
	var pi stripe.PaymentIntent
	if err := json.Unmarshal(evt.Data.Raw, &pi); err != nil {
		return nil, uuid.Nil, false
	}
	id, err := uuid.Parse(pi.Metadata["topup_id"])
	if err != nil {
		return &pi, uuid.Nil, false
	}
	return &pi, id, true
}

func (s *StripeEventService) paymentSucceeded(ctx context.Context, evt stripe.Event) error {
	pi, topUpID, ok := topUpFromIntent(evt)
	if !ok {
		return nil // bundle orders and wallet fundings are confirmed synchronously
	}
	var t *domain.TopUp
	err := pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		var err error
		t, err = s.topups.GetForUpdate(ctx, tx, topUpID)
		if err != nil {
			return err
		}
		if _, err := s.topups.MarkPaid(ctx, tx, t.ID, pi.ID); err != nil {
			return err
		}
		if t.CustomerID != nil {
			points := (pi.AmountReceived / 100) * pointsPerDollar
			if err := s.customers.AddLoyaltyPoints(ctx, tx, *t.CustomerID, points); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return fmt.Errorf("apply %s: %w", evt.ID, err)
	}
	return s.jobs.Enqueue(ctx, jobs.TypeDeliverTopUp, jobs.DeliverTopUp{TopUpID: topUpID}, jobs.DeliverTaskID(topUpID))
}

func (s *StripeEventService) paymentFailed(ctx context.Context, evt stripe.Event) error {
	pi, topUpID, ok := topUpFromIntent(evt)
	if !ok {
		return nil
	}
	reason := "payment failed"
	if pi.LastPaymentError != nil {
		reason = pi.LastPaymentError.Msg
	}
	return s.topups.MarkFailed(ctx, s.pool, topUpID, reason)
}
