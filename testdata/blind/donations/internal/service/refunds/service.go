// Package refunds handles staff-initiated refunds and applies processor
// refund confirmations to balances and totals.
package refunds

import (
	"context"
	"fmt"

	"go.uber.org/zap"

	"github.com/kindredgive/donations/internal/domain"
	"github.com/kindredgive/donations/internal/platform/database"
	"github.com/kindredgive/donations/internal/platform/httpx"
	"github.com/kindredgive/donations/internal/platform/idgen"
	"github.com/kindredgive/donations/internal/platform/reqctx"
	"github.com/kindredgive/donations/internal/providers/processor"
	"github.com/kindredgive/donations/internal/repository"
)

// RefundInput is a staff refund request.
type RefundInput struct {
	AmountPence int64
	Reason      string
}

// Service is the refund API.
type Service interface {
	Request(ctx context.Context, donationID string, in RefundInput) (*domain.Refund, error)
	ApplyConfirmed(ctx context.Context, ev domain.RefundEvent) error
}

type service struct {
	donations repository.DonationRepo
	refunds   repository.RefundRepo
	ledger    repository.LedgerRepo
	processor processor.Client
	log       *zap.Logger
}

// New builds the refund service.
func New(donations repository.DonationRepo, refunds repository.RefundRepo, ledger repository.LedgerRepo,
	pc processor.Client, log *zap.Logger) Service {
	return &service{donations: donations, refunds: refunds, ledger: ledger, processor: pc, log: log.Named("refunds")}
}

func (s *service) Request(ctx context.Context, donationID string, in RefundInput) (*domain.Refund, error) {
	d, err := s.donations.Get(ctx, donationID)
	if database.IsNoRows(err) {
		return nil, httpx.ErrNotFound
	}
	if err != nil {
		return nil, err
	}
	if d.Status != domain.DonationSucceeded || d.PSPReference == nil {
		return nil, fmt.Errorf("%w: donation is %s", httpx.ErrConflict, d.Status)
	}
	already, err := s.refunds.SumForDonation(ctx, d.ID)
	if err != nil {
		return nil, err
	}
	if already+in.AmountPence > d.AmountPence {
		return nil, fmt.Errorf("%w: refund exceeds remaining %d", httpx.ErrConflict, d.AmountPence-already)
	}

	rf := &domain.Refund{
		ID:          idgen.Prefixed("rf"),
		DonationID:  d.ID,
		AmountPence: in.AmountPence,
		Reason:      in.Reason,
		Status:      "requested",
		RequestedBy: reqctx.Actor(ctx),
	}
	if err := s.refunds.Insert(ctx, rf); err != nil {
		return nil, err
	}

	res, err := s.processor.Refund(ctx, *d.PSPReference, processor.RefundRequest{
		Amount:    processor.Amount{Value: in.AmountPence, Currency: d.Currency},
		Reference: rf.ID,
	}, processor.WithIdempotencyKey(rf.ID))
	if err != nil {
		_ = s.refunds.MarkRejected(ctx, rf.ID, err.Error())
		return nil, fmt.Errorf("refund %s: %w", rf.ID, err)
	}
	if err := s.refunds.MarkSubmitted(ctx, rf.ID, res.PSPReference); err != nil {
		return nil, err
	}
	rf.Status = "submitted"
	rf.PSPReference = &res.PSPReference
	return rf, nil
}

// ApplyConfirmed reflects a processor-confirmed refund in the donation's
// status, the charity's balance and the campaign total.
func (s *service) ApplyConfirmed(ctx context.Context, ev domain.RefundEvent) error {
	d, err := s.donations.Get(ctx, ev.DonationID)
	if err != nil {
		return fmt.Errorf("load donation %s: %w", ev.DonationID, err)
	}
	changed, err := s.donations.MarkRefunded(ctx, d.ID)
	if err != nil {
		return err
	}
	if !changed {
		s.log.Info("refund already applied", zap.String("donation_id", d.ID))
		return nil
	}
	if err := s.ledger.DebitAvailable(ctx, ev.CharityID, ev.AmountPence); err != nil {
		return fmt.Errorf("debit charity balance: %w", err)
	}
	if d.CampaignID != nil {
		if err := s.ledger.AddToCampaign(ctx, *d.CampaignID, -ev.AmountPence, -1); err != nil {
			return fmt.Errorf("adjust campaign total: %w", err)
		}
	}
	return nil
}
