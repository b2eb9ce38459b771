package service

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/google/uuid"
	"github.com/hibiken/asynq"
	"github.com/jmoiron/sqlx"

	"github.com/brightbay/washclub/internal/domain"
	"github.com/brightbay/washclub/internal/gateway/cardprocessor"
	"github.com/brightbay/washclub/internal/platform"
	"github.com/brightbay/washclub/internal/tasks"
)

// BillingRunStats summarises a billing cron run.
type BillingRunStats struct {
	Scanned  int
	Enqueued int
}

// BillingService renews memberships.
type BillingService interface {
	// RunSubscriptionBilling opens a charge for every subscription whose
	// period has ended and queues it.
	RunSubscriptionBilling(ctx context.Context, asOf time.Time) (BillingRunStats, error)
	// ChargeSubscription collects one subscription charge.
	ChargeSubscription(ctx context.Context, chargeID uuid.UUID) error
}

type billingService struct {
	db        *sqlx.DB
	subs      SubscriptionRepository
	charges   ChargeRepository
	customers CustomerRepository
	cards     CardProcessor
	queue     tasks.Enqueuer
	log       *slog.Logger
	batchSize int
}

// NewBillingService returns the BillingService.
func NewBillingService(db *sqlx.DB, subs SubscriptionRepository, charges ChargeRepository, customers CustomerRepository,
	cards CardProcessor, queue tasks.Enqueuer, log *slog.Logger,
) BillingService {
	return &billingService{db: db, subs: subs, charges: charges, customers: customers, cards: cards,
		queue: queue, log: log, batchSize: 500}
}

func (s *billingService) RunSubscriptionBilling(ctx context.Context, asOf time.Time) (BillingRunStats, error) {
	var stats BillingRunStats
	after := uuid.Nil
	for {
		due, err := s.subs.ListDue(ctx, s.db, asOf, after, s.batchSize)
		if err != nil {
			return stats, fmt.Errorf("list due subscriptions: %w", err)
		}
		if len(due) == 0 {
			return stats, nil
		}
		for _, sub := range due {
			stats.Scanned++
			after = sub.ID
			charge := &domain.SubscriptionCharge{
				ID:             uuid.New(),
				SubscriptionID: sub.ID,
				PeriodStart:    sub.CurrentPeriodEnd,
				PeriodEnd:      platform.AddMonth(sub.CurrentPeriodEnd),
				AmountCents:    sub.PriceCents,
				Status:         domain.ChargePending,
			}
			if err := s.charges.Insert(ctx, s.db, charge); err != nil {
				return stats, fmt.Errorf("open charge for %s: %w", sub.ID, err)
			}
			err := tasks.Enqueue(ctx, s.queue, tasks.TypeSubscriptionCharge,
				tasks.SubscriptionChargePayload{ChargeID: charge.ID},
				asynq.TaskID("sub-charge:"+charge.ID.String()),
				asynq.Queue(tasks.QueueBilling),
				asynq.MaxRetry(8),
			)
			if err != nil {
				return stats, err
			}
			stats.Enqueued++
		}
	}
}

func (s *billingService) ChargeSubscription(ctx context.Context, chargeID uuid.UUID) error {
	charge, err := s.charges.Get(ctx, s.db, chargeID)
	if err != nil {
		return err
	}
	switch charge.Status {
	case domain.ChargeSucceeded, domain.ChargeFailed, domain.ChargeVoid:
		return nil
	}
	sub, err := s.subs.Get(ctx, s.db, charge.SubscriptionID)
	if err != nil {
		return err
	}
	if sub.Status == domain.SubscriptionCancelled {
		return s.charges.MarkVoid(ctx, s.db, charge.ID)
	}
	cust, err := s.customers.Get(ctx, s.db, sub.CustomerID)
	if err != nil {
		return err
	}

	res, err := s.cards.Charge(ctx, cardprocessor.ChargeRequest{
		IdempotencyKey: "subscription-charge:" + charge.ID.String(),
		CardToken:      cust.CardToken.String,
		AmountCents:    charge.AmountCents,
		Description:    domain.Plans[sub.PlanCode].Name + " renewal",
		Metadata:       map[string]string{"subscription_id": sub.ID.String(), "charge_id": charge.ID.String()},
	})
	var declined *cardprocessor.DeclineError
	switch {
	case errors.As(err, &declined):
		return s.declined(ctx, sub, cust, charge, declined.Code)
	case err != nil:
		return fmt.Errorf("charge subscription %s: %w", sub.ID, err)
	case res.Status == cardprocessor.StatusPending:
		// Settled by the charge.succeeded / charge.failed webhook.
		return s.charges.MarkProcessing(ctx, s.db, charge.ID, res.ID)
	}

	if err := s.charges.MarkSucceeded(ctx, s.db, charge.ID, res.ID); err != nil {
		return fmt.Errorf("record renewal: %w", err)
	}
	if err := s.subs.AdvancePeriod(ctx, s.db, sub.ID, charge.PeriodStart, charge.PeriodEnd); err != nil {
		return fmt.Errorf("advance period: %w", err)
	}
	s.log.InfoContext(ctx, "subscription renewed", "subscription_id", sub.ID, "period_end", charge.PeriodEnd)
	return nil
}

func (s *billingService) declined(ctx context.Context, sub *domain.Subscription, cust *domain.Customer,
	charge *domain.SubscriptionCharge, code string,
) error {
	// Notify first: the charge stays pending until the decline is recorded,
	// so a failed enqueue is retried with the same charge key.
	if cust.Phone.Valid {
		err := tasks.Enqueue(ctx, s.queue, tasks.TypeSendSMS, tasks.SendSMSPayload{
			To:        cust.Phone.String,
			Body:      "We couldn't renew your BrightBay membership for " + sub.VehiclePlate + ". Update your card in the app to keep washing.",
			Reference: "dunning:" + charge.ID.String(),
		})
		if err != nil {
			return err
		}
	}
	return platform.WithTx(ctx, s.db, func(tx *sqlx.Tx) error {
		if err := s.charges.MarkFailed(ctx, tx, charge.ID, code); err != nil {
			return err
		}
		_, err := s.subs.MarkPastDue(ctx, tx, sub.ID)
		return err
	})
}
