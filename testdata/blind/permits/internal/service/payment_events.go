package service

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/stripe/stripe-go/v82"

	"github.com/civicworks/permits/internal/jobargs"
	"github.com/civicworks/permits/internal/permits"
	"github.com/civicworks/permits/internal/platform/queue"
	"github.com/civicworks/permits/internal/shared/dbx"
	"github.com/civicworks/permits/internal/store"
)

// PaymentEvents applies Stripe webhook events.
type PaymentEvents interface {
	Apply(ctx context.Context, evt stripe.Event) error
}

type paymentEventService struct {
	pool     *pgxpool.Pool
	events   store.StripeEventRepo
	apps     store.ApplicationRepo
	payments store.PaymentRepo
	renewals store.RenewalRepo
	jobs     queue.Enqueuer
	log      *slog.Logger
}

// NewPaymentEvents builds the PaymentEvents service.
func NewPaymentEvents(
	pool *pgxpool.Pool,
	events store.StripeEventRepo,
	apps store.ApplicationRepo,
	payments store.PaymentRepo,
	renewals store.RenewalRepo,
	jobs queue.Enqueuer,
	log *slog.Logger,
) PaymentEvents {
	return &paymentEventService{
		pool: pool, events: events, apps: apps, payments: payments,
		renewals: renewals, jobs: jobs, log: log.With("service", "payment-events"),
	}
}

type intentHandler func(ctx context.Context, tx pgx.Tx, pi *stripe.PaymentIntent) error

func (s *paymentEventService) Apply(ctx context.Context, evt stripe.Event) error {
	switch evt.Type {
	case stripe.EventTypePaymentIntentSucceeded:
	case stripe.EventTypePaymentIntentPaymentFailed:
		s.log.InfoContext(ctx, "payment failed", "event_id", evt.ID)
		return nil
	default:
		return nil
	}

	var pi stripe.PaymentIntent
	if err := json.Unmarshal(evt.Data.Raw, &pi); err != nil {
		return fmt.Errorf("decode payment intent: %w", err)
	}
	handlers := map[string]intentHandler{
		"application_fee": s.applicationFeePaid,
		"parking_renewal": s.renewalPaid,
	}
	handle, ok := handlers[pi.Metadata["purpose"]]
	if !ok {
		s.log.WarnContext(ctx, "payment intent without known purpose", "intent_id", pi.ID)
		return nil
	}

	return dbx.Exec(ctx, s.pool, func(tx pgx.Tx) error {
		fresh, err := s.events.Claim(ctx, tx, evt.ID, string(evt.Type))
		if err != nil {
			return err
		}
		if !fresh {
			return nil
		}
		return handle(ctx, tx, &pi)
	})
}

func (s *paymentEventService) applicationFeePaid(ctx context.Context, tx pgx.Tx, pi *stripe.PaymentIntent) error {
	payment, err := s.payments.MarkPaidByIntent(ctx, tx, pi.ID)
	if errors.Is(err, dbx.ErrNotFound) {
		s.log.WarnContext(ctx, "no fee payment for intent", "intent_id", pi.ID)
		return nil
	}
	if err != nil {
		return err
	}
	_, err = s.apps.Transition(ctx, tx, payment.ApplicationID,
		[]permits.Status{permits.StatusAwaitingPayment}, permits.StatusUnderReview)
	return err
}

func (s *paymentEventService) renewalPaid(ctx context.Context, tx pgx.Tx, pi *stripe.PaymentIntent) error {
	renewal, err := s.renewals.MarkPaidByIntent(ctx, tx, pi.ID)
	if errors.Is(err, dbx.ErrNotFound) {
		s.log.WarnContext(ctx, "no parking renewal for intent", "intent_id", pi.ID)
		return nil
	}
	if err != nil {
		return err
	}
	_, err = s.jobs.EnqueueTx(ctx, tx, jobargs.ApplyParkingRenewal{RenewalID: renewal.ID}, nil)
	return err
}
