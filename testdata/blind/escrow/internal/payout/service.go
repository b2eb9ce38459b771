// Package payout pays sellers: instant payouts on request, the daily payout
// batch, and the per-seller payout jobs the batch fans out to.
package payout

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/acme/escrow/internal/db"
	"github.com/acme/escrow/internal/platform/ids"
	"github.com/acme/escrow/internal/platform/retry"
	"github.com/acme/escrow/internal/platform/txn"
	"github.com/acme/escrow/internal/provider/payments"
)

// Payout statuses.
const (
	StatusPending = "pending"
	StatusPaid    = "paid"
)

// Errors.
var (
	ErrValidation = errors.New("invalid request")
	ErrKeyReused  = errors.New("idempotency key reused with a different request")
	ErrDisabled   = errors.New("payouts are disabled for this seller")
)

// Payouts creates payouts on connected accounts.
type Payouts interface {
	Payout(ctx context.Context, r payments.PayoutRequest) (string, error)
}

// Notifier sends a text message and returns the vendor's reference.
type Notifier interface {
	SendSMS(ctx context.Context, to, text string) (string, error)
}

// Ledger books payouts in the general ledger.
type Ledger interface {
	RecordSellerPayout(ctx context.Context, reference string, amountCents int64, currency string) error
}

// Enqueuer schedules payout jobs.
type Enqueuer interface {
	EnqueueSellerPayouts(ctx context.Context, itemIDs []int64) error
}

// Publisher publishes domain events.
type Publisher interface {
	Publish(ctx context.Context, subject string, payload any, msgID string) error
}

// Service implements the payout use cases.
type Service struct {
	q        db.Querier
	uow      txn.UnitOfWork
	payouts  Payouts
	notifier Notifier
	ledger   Ledger
	jobs     Enqueuer
	pub      Publisher
	log      *slog.Logger

	ids   ids.Generator
	retry retry.Policy
	now   func() time.Time
}

// NewService wires a Service.
func NewService(q db.Querier, uow txn.UnitOfWork, p Payouts, n Notifier, l Ledger, jobs Enqueuer, pub Publisher, log *slog.Logger) *Service {
	return &Service{
		q:        q,
		uow:      uow,
		payouts:  p,
		notifier: n,
		ledger:   l,
		jobs:     jobs,
		pub:      pub,
		log:      log.With("service", "payout"),
		ids:      ids.NewULIDs(),
		retry:    retry.Default,
		now:      time.Now,
	}
}

// InstantInput is a seller's request for an instant payout.
type InstantInput struct {
	SellerID       string
	AmountCents    int64
	Currency       string
	IdempotencyKey string
}

// RequestInstant pays out part of a seller's available balance immediately.
//
// The request is first recorded under an ID derived from the seller and the
// client's Idempotency-Key; that ID is then used as the Stripe idempotency
// key, so a repeated request resolves to the same Stripe payout.
func (s *Service) RequestInstant(ctx context.Context, in InstantInput) (db.PayoutRequest, error) {
	if in.IdempotencyKey == "" || in.AmountCents <= 0 || in.Currency == "" {
		return db.PayoutRequest{}, fmt.Errorf("%w: Idempotency-Key, amount and currency are required", ErrValidation)
	}
	opID := ids.Derive(ids.NamespacePayoutRequest, in.SellerID, in.IdempotencyKey)

	req, err := txn.Run(ctx, s.uow, func(ctx context.Context, q db.Querier) (db.PayoutRequest, error) {
		if err := q.InsertPayoutRequest(ctx, db.InsertPayoutRequestParams{
			ID:          opID,
			SellerID:    in.SellerID,
			AmountCents: in.AmountCents,
			Currency:    in.Currency,
		}); err != nil {
			return db.PayoutRequest{}, err
		}
		return q.GetPayoutRequest(ctx, opID)
	})
	if err != nil {
		return db.PayoutRequest{}, err
	}
	if req.AmountCents != in.AmountCents || req.Currency != in.Currency {
		return db.PayoutRequest{}, ErrKeyReused
	}
	if req.Status == StatusPaid {
		return req, nil
	}

	acct, err := s.q.GetSellerAccount(ctx, in.SellerID)
	if err != nil {
		return db.PayoutRequest{}, fmt.Errorf("seller account: %w", err)
	}
	if !acct.PayoutsEnabled {
		return db.PayoutRequest{}, ErrDisabled
	}
	payoutID, err := s.payouts.Payout(ctx, payments.PayoutRequest{
		ConnectedAccount: acct.StripeAccountID,
		AmountCents:      req.AmountCents,
		Currency:         req.Currency,
		Instant:          true,
		Description:      "Instant payout",
		IdempotencyKey:   opID.String(),
	})
	if err != nil {
		return db.PayoutRequest{}, err
	}
	if err := s.q.CompletePayoutRequest(ctx, db.CompletePayoutRequestParams{ID: opID, StripePayoutID: payoutID}); err != nil {
		return db.PayoutRequest{}, err
	}
	return s.q.GetPayoutRequest(ctx, opID)
}
