// Package commission accrues partner commissions on funded advances and pays
// them out periodically by ACH.
package commission

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"github.com/avast/retry-go/v4"
	"github.com/google/uuid"
	"github.com/oklog/ulid/v2"

	"github.com/refundbridge/advance/internal/domain"
	"github.com/refundbridge/advance/internal/money"
	"github.com/refundbridge/advance/internal/platform/retryx"
	"github.com/refundbridge/advance/internal/providers/bank"
	"github.com/refundbridge/advance/internal/providers/taxprep"
	"github.com/refundbridge/advance/internal/repository"
	"github.com/refundbridge/advance/internal/service"
)

// Service implements service.Commissions.
type Service struct {
	Applications     repository.Applications
	Partners         repository.Partners
	Accruals         repository.Accruals
	Payouts          repository.Payouts
	Bank             service.Bank
	TaxPrep          service.TaxPrep
	OperatingAccount string
	Log              *slog.Logger
	Now              func() time.Time
}

var _ service.Commissions = (*Service)(nil)

// Accrue books the partner's commission on a funded advance and tells the
// partner about it.
func (s *Service) Accrue(ctx context.Context, applicationID uuid.UUID) error {
	app, err := s.Applications.Get(ctx, applicationID)
	if err != nil {
		return err
	}
	switch app.Status {
	case domain.StatusFunded, domain.StatusRepaid:
	case domain.StatusDisbursing:
		return domain.ErrNotYetFunded
	default:
		s.Log.InfoContext(ctx, "no commission for application", "application_id", app.ID, "status", app.Status)
		return nil
	}
	partner, err := s.Partners.Get(ctx, app.PartnerID)
	if err != nil {
		return err
	}

	now := s.Now()
	accrual := domain.CommissionAccrual{
		ID:            uuid.New(),
		PartnerID:     partner.ID,
		ApplicationID: &app.ID,
		Kind:          domain.AccrualFunding,
		AmountCents:   money.Bps(app.ApprovedAmountCents, partner.CommissionBps),
		CreatedBy:     "system",
		AccruedAt:     now,
	}
	if err := s.Accruals.Create(ctx, &accrual); err != nil {
		return fmt.Errorf("create accrual: %w", err)
	}

	evt := taxprep.BankProductEvent{
		Type:        "commission.accrued",
		AmountCents: accrual.AmountCents,
		OccurredAt:  now,
		Attributes:  map[string]string{"application_id": app.ID.String()},
	}
	err = retry.Do(func() error {
		return s.TaxPrep.PostBankProductEvent(ctx, partner.Code, app.PartnerReturnRef, evt)
	}, retryx.Partner(ctx, retryx.Logged(s.Log, "taxprep.post_event"))...)
	if err != nil {
		return fmt.Errorf("notify partner of commission: %w", err)
	}
	return s.Accruals.MarkPartnerNotified(ctx, accrual.ID, s.Now())
}

// RecordAdjustment books a manual credit or debit against a partner.
func (s *Service) RecordAdjustment(ctx context.Context, in service.AdjustmentInput) (domain.CommissionAccrual, error) {
	if in.AmountCents == 0 {
		return domain.CommissionAccrual{}, fmt.Errorf("%w: amount must be non-zero", domain.ErrValidation)
	}
	if in.Kind != domain.AccrualAdjustment && in.Kind != domain.AccrualClawback {
		return domain.CommissionAccrual{}, fmt.Errorf("%w: kind must be adjustment or clawback", domain.ErrValidation)
	}
	if in.Kind == domain.AccrualClawback && in.AmountCents > 0 {
		in.AmountCents = -in.AmountCents
	}
	if _, err := s.Partners.Get(ctx, in.PartnerID); err != nil {
		return domain.CommissionAccrual{}, err
	}
	a := domain.CommissionAccrual{
		ID:            uuid.New(),
		PartnerID:     in.PartnerID,
		ApplicationID: in.ApplicationID,
		Kind:          in.Kind,
		AmountCents:   in.AmountCents,
		Note:          in.Note,
		CreatedBy:     in.Actor,
		AccruedAt:     s.Now(),
	}
	if err := s.Accruals.Create(ctx, &a); err != nil {
		return domain.CommissionAccrual{}, err
	}
	return a, nil
}

// Payout pays everything the partner accrued before periodEnd that has not
// been paid yet.
func (s *Service) Payout(ctx context.Context, partnerID uuid.UUID, periodStart, periodEnd time.Time) error {
	partner, err := s.Partners.Get(ctx, partnerID)
	if err != nil {
		return err
	}
	p, err := s.Payouts.Open(ctx, domain.CommissionPayout{
		ID:          uuid.New(),
		PartnerID:   partner.ID,
		PeriodStart: periodStart,
		PeriodEnd:   periodEnd,
		Status:      domain.PayoutPending,
		CreatedAt:   s.Now(),
	})
	if err != nil {
		return fmt.Errorf("open payout: %w", err)
	}
	if p.Status != domain.PayoutPending {
		return nil
	}

	total, ids, err := s.Accruals.Unpaid(ctx, partner.ID, periodEnd)
	if err != nil {
		return err
	}
	if total <= 0 {
		// Net clawbacks roll forward to the next period.
		return s.Payouts.MarkEmpty(ctx, p.ID)
	}

	transfer, err := retry.DoWithData(func() (bank.Transfer, error) {
		return s.Bank.CreateTransfer(ctx, bank.TransferRequest{
			IdempotencyKey:   ulid.Make().String(),
			SourceAccountRef: s.OperatingAccount,
			Destination:      bank.Destination{AccountRef: partner.PayoutAccountRef},
			AmountCents:      total,
			SECCode:          "CCD",
			Description:      "COMMISSION",
			Metadata: map[string]string{
				"payout_id":    p.ID.String(),
				"partner_code": partner.Code,
				"period":       periodStart.Format("2006-01-02"),
			},
		})
	}, retryx.Partner(ctx, retryx.Logged(s.Log, "bank.create_transfer"))...)
	if err != nil {
		return fmt.Errorf("pay commission: %w", err)
	}

	if err := s.Payouts.MarkPaid(ctx, p.ID, total, transfer.ID, s.Now()); err != nil {
		return fmt.Errorf("mark payout paid: %w", err)
	}
	if err := s.Accruals.AttachToPayout(ctx, ids, p.ID); err != nil {
		return fmt.Errorf("attach accruals to payout: %w", err)
	}
	s.Log.InfoContext(ctx, "commission paid", "partner", partner.Code, "amount", total, "accruals", len(ids))
	return nil
}

// PartnersWithUnpaid lists partners with accruals waiting for a payout.
func (s *Service) PartnersWithUnpaid(ctx context.Context, before time.Time) ([]uuid.UUID, error) {
	return s.Accruals.PartnersWithUnpaid(ctx, before)
}
