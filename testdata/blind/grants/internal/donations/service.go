// Package donations implements one-off gifts, refunds and the Stripe
// webhook state machine.
package donations

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strings"

	"github.com/jmoiron/sqlx"

	"github.com/civicfund/grants/internal/domain"
	"github.com/civicfund/grants/internal/platform/db"
	"github.com/civicfund/grants/internal/platform/ids"
	"github.com/civicfund/grants/internal/ports"
	"github.com/civicfund/grants/internal/repo"
	"github.com/civicfund/grants/internal/service"
)

const scopeCreateDonation = "donation.create"

// Deps are the collaborators of Service.
type Deps struct {
	DB        db.Beginner
	Keys      repo.IdempotencyKeys
	Donations repo.Donations
	Refunds   repo.Refunds
	Events    repo.ProcessedEvents
	Outbox    repo.Outbox
	Payments  ports.Payments
	Logger    *slog.Logger
}

// Service implements service.DonationService and service.PaymentEventService.
type Service struct {
	db        db.Beginner
	keys      repo.IdempotencyKeys
	donations repo.Donations
	refunds   repo.Refunds
	events    repo.ProcessedEvents
	outbox    repo.Outbox
	payments  ports.Payments
	log       *slog.Logger
}

var (
	_ service.DonationService     = (*Service)(nil)
	_ service.PaymentEventService = (*Service)(nil)
)

// New builds the service.
func New(d Deps) *Service {
	if d.Logger == nil {
		d.Logger = slog.Default()
	}
	return &Service{
		db:        d.DB,
		keys:      d.Keys,
		donations: d.Donations,
		refunds:   d.Refunds,
		events:    d.Events,
		outbox:    d.Outbox,
		payments:  d.Payments,
		log:       d.Logger.With("component", "donations"),
	}
}

func validateCreate(in service.CreateDonationInput) error {
	switch {
	case in.DonorID == "", in.CampaignID == "":
		return fmt.Errorf("%w: donor_id and campaign_id are required", service.ErrValidation)
	case in.AmountCents < 100:
		return fmt.Errorf("%w: minimum donation is 1.00", service.ErrValidation)
	case len(in.Currency) != 3:
		return fmt.Errorf("%w: currency must be an ISO code", service.ErrValidation)
	}
	return nil
}

// Create records the donation under the caller's Idempotency-Key and
// creates the Stripe PaymentIntent the checkout page confirms.
func (s *Service) Create(ctx context.Context, in service.CreateDonationInput) (*domain.Donation, error) {
	if strings.TrimSpace(in.IdempotencyKey) == "" {
		return nil, service.ErrIdempotencyKeyRequired
	}
	if err := validateCreate(in); err != nil {
		return nil, err
	}

	d, err := db.RunInTx(ctx, s.db, func(tx *sqlx.Tx) (*domain.Donation, error) {
		keys := s.keys.WithTx(tx)
		donations := s.donations.WithTx(tx)

		candidate := domain.Donation{
			ID:          ids.New(),
			DonorID:     in.DonorID,
			CampaignID:  in.CampaignID,
			AmountCents: in.AmountCents,
			Currency:    strings.ToLower(in.Currency),
			Status:      domain.DonationPending,
		}
		claimed, err := keys.Claim(ctx, scopeCreateDonation, in.IdempotencyKey, candidate.ID)
		if err != nil {
			return nil, err
		}
		if !claimed {
			existingID, err := keys.Lookup(ctx, scopeCreateDonation, in.IdempotencyKey)
			if err != nil {
				return nil, err
			}
			return donations.Get(ctx, existingID)
		}
		if err := donations.Insert(ctx, candidate); err != nil {
			return nil, err
		}
		return &candidate, nil
	})
	if err != nil {
		return nil, err
	}

	if d.StripePaymentIntentID != nil && d.ClientSecret != nil {
		return d, nil
	}

	intent, err := s.payments.CreateIntent(ctx, ports.IntentRequest{
		AmountCents:    d.AmountCents,
		Currency:       d.Currency,
		ReceiptEmail:   in.DonorEmail,
		Description:    "CivicFund donation",
		Metadata:       map[string]string{"donation_id": d.ID, "campaign_id": d.CampaignID},
		IdempotencyKey: "donation-intent:" + d.ID,
	})
	if err != nil {
		return nil, err
	}
	if err := s.donations.SetPaymentIntent(ctx, d.ID, intent.ID, intent.ClientSecret); err != nil {
		return nil, fmt.Errorf("attach payment intent: %w", err)
	}
	d.StripePaymentIntentID = &intent.ID
	d.ClientSecret = &intent.ClientSecret
	return d, nil
}

// Refund refunds (part of) a donation through Stripe.
func (s *Service) Refund(ctx context.Context, in service.RefundInput) (*domain.Refund, error) {
	d, err := s.donations.Get(ctx, in.DonationID)
	if err != nil {
		return nil, err
	}
	if d.Status != domain.DonationSucceeded && d.Status != domain.DonationPartiallyRefunded {
		return nil, service.ErrNotRefundable
	}
	if d.StripePaymentIntentID == nil {
		return nil, service.ErrNotRefundable
	}

	// One refund per donation: if we already have one on file this is a
	// replay of an earlier request.
	prev, err := s.refunds.LatestForDonation(ctx, d.ID)
	switch {
	case err == nil:
		return prev, nil
	case !errors.Is(err, db.ErrNotFound):
		return nil, err
	}

	amount := in.AmountCents
	if amount == 0 {
		amount = d.AmountCents - d.RefundedCents
	}
	if amount <= 0 || amount > d.AmountCents-d.RefundedCents {
		return nil, fmt.Errorf("%w: refund amount out of range", service.ErrValidation)
	}

	res, err := s.payments.Refund(ctx, ports.RefundRequest{
		PaymentIntentID: *d.StripePaymentIntentID,
		AmountCents:     amount,
		Reason:          in.Reason,
		Metadata:        map[string]string{"donation_id": d.ID, "requested_by": in.RequestedBy},
	})
	if err != nil {
		return nil, err
	}

	rf := domain.Refund{ID: res.ID, DonationID: d.ID, AmountCents: res.AmountCents, Reason: in.Reason}
	if err := s.refunds.Insert(ctx, rf); err != nil {
		return nil, fmt.Errorf("record refund %s: %w", res.ID, err)
	}
	if err := s.donations.AddRefunded(ctx, d.ID, res.AmountCents); err != nil {
		return nil, fmt.Errorf("update donation after refund %s: %w", res.ID, err)
	}
	s.log.InfoContext(ctx, "donation refunded", "donation_id", d.ID, "refund_id", res.ID, "amount", res.AmountCents)
	return &rf, nil
}
