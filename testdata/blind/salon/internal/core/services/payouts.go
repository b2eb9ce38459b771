package services

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"github.com/google/uuid"
	"github.com/jmoiron/sqlx"

	"github.com/velvetchair/salon/internal/core/domain"
	"github.com/velvetchair/salon/internal/core/ports"
)

// BalanceLedger keeps the running commission balance of each stylist.
type BalanceLedger struct {
	tx      ports.TxRunner
	payouts ports.PayoutRepository
}

func NewBalanceLedger(d Deps) *BalanceLedger {
	return &BalanceLedger{tx: d.Tx, payouts: d.Payouts}
}

// Credit adds earned commission to the stylist's pending balance.
func (b *BalanceLedger) Credit(ctx context.Context, stylistID uuid.UUID, amount domain.Cents) error {
	return b.tx.WithTx(ctx, func(tx *sqlx.Tx) error {
		return b.payouts.AddPending(ctx, tx, stylistID, amount)
	})
}

// Debit takes paid-out commission off the pending balance in tx.
func (b *BalanceLedger) Debit(ctx context.Context, tx *sqlx.Tx, stylistID uuid.UUID, amount domain.Cents) error {
	return b.payouts.AddPending(ctx, tx, stylistID, -amount)
}

// PayoutService accrues stylist commission and pays freelancers through the
// payouts partner.
type PayoutService struct {
	tx       ports.TxRunner
	log      *slog.Logger
	appts    ports.AppointmentRepository
	catalog  ports.CatalogRepository
	payouts  ports.PayoutRepository
	partner  ports.PayoutGateway
	balances *BalanceLedger
}

func NewPayoutService(d Deps, balances *BalanceLedger) *PayoutService {
	return &PayoutService{
		tx: d.Tx, log: d.Log.With("service", "payouts"),
		appts: d.Appts, catalog: d.Catalog, payouts: d.Payouts, partner: d.PayoutsAPI, balances: balances,
	}
}

// AccrueCommission books the stylist's share of a completed appointment.
func (s *PayoutService) AccrueCommission(ctx context.Context, appointmentID uuid.UUID) error {
	appt, err := s.appts.Get(ctx, s.tx.Reader(), appointmentID)
	if err != nil {
		return err
	}
	if appt.Status != domain.StatusCompleted || appt.CommissionAccruedAt != nil {
		return nil
	}
	stylist, err := s.catalog.GetStylist(ctx, s.tx.Reader(), appt.StylistID)
	if err != nil {
		return err
	}
	if !stylist.IsFreelance {
		return nil
	}
	amount := appt.PriceCents.BasisPoints(stylist.CommissionBPS)

	if err := s.balances.Credit(ctx, stylist.ID, amount); err != nil {
		return fmt.Errorf("credit stylist balance: %w", err)
	}
	return s.tx.WithTx(ctx, func(tx *sqlx.Tx) error {
		if _, err := s.payouts.InsertCommission(ctx, tx, &domain.CommissionEntry{
			AppointmentID: appt.ID,
			StylistID:     stylist.ID,
			AmountCents:   amount,
		}); err != nil {
			return err
		}
		return s.appts.MarkCommissionAccrued(ctx, tx, appt.ID, clock())
	})
}

// RunWeekly pays a freelancer the commission earned before the end of the
// week starting at periodStart.
func (s *PayoutService) RunWeekly(ctx context.Context, stylistID uuid.UUID, periodStart time.Time) error {
	stylist, err := s.catalog.GetStylist(ctx, s.tx.Reader(), stylistID)
	if err != nil {
		return err
	}
	if stylist.PayoutAccountID == nil {
		return domain.ErrNoPayoutAccount
	}
	cutoff := periodStart.AddDate(0, 0, 7)

	var payout *domain.Payout
	err = s.tx.WithTx(ctx, func(tx *sqlx.Tx) error {
		total, err := s.payouts.UnpaidCommission(ctx, tx, stylistID, cutoff)
		if err != nil {
			return err
		}
		if total <= 0 {
			return nil
		}
		payout, err = s.payouts.ClaimWeekly(ctx, tx, &domain.Payout{
			ID:          uuid.New(),
			StylistID:   stylistID,
			Kind:        domain.PayoutWeekly,
			PeriodStart: &periodStart,
			AmountCents: total,
			Status:      domain.PayoutPending,
		})
		if err != nil {
			return err
		}
		return s.payouts.AttachCommission(ctx, tx, stylistID, payout.ID, cutoff)
	})
	if err != nil || payout == nil || payout.Status == domain.PayoutPaid {
		return err
	}

	res, err := s.partner.CreateTransfer(ctx, ports.TransferRequest{
		AccountID:   *stylist.PayoutAccountID,
		AmountCents: payout.AmountCents,
		Currency:    domain.Currency,
		Reference:   payout.ID.String(),
		Description: "Commission w/c " + periodStart.Format("2 Jan 2006"),
	})
	if err != nil {
		return fmt.Errorf("create transfer: %w", err)
	}
	return s.tx.WithTx(ctx, func(tx *sqlx.Tx) error {
		if err := s.payouts.MarkPaid(ctx, tx, payout.ID, res.TransferID, res.FeeCents); err != nil {
			return err
		}
		return s.balances.Debit(ctx, tx, stylistID, payout.AmountCents)
	})
}

// InstantPayout lets a freelancer cash out all unpaid commission now, for a
// fee.
func (s *PayoutService) InstantPayout(ctx context.Context, stylistID uuid.UUID) (*domain.Payout, error) {
	stylist, err := s.catalog.GetStylist(ctx, s.tx.Reader(), stylistID)
	if err != nil {
		return nil, err
	}
	if !stylist.IsFreelance || stylist.PayoutAccountID == nil {
		return nil, domain.ErrNoPayoutAccount
	}
	now := clock()
	total, err := s.payouts.UnpaidCommission(ctx, s.tx.Reader(), stylistID, now)
	if err != nil {
		return nil, err
	}
	fee := total.BasisPoints(domain.InstantPayoutFeeBPS)
	if total-fee <= 0 {
		return nil, domain.ErrInsufficientFunds
	}

	res, err := s.partner.InstantPayout(ctx, ports.TransferRequest{
		AccountID:   *stylist.PayoutAccountID,
		AmountCents: total - fee,
		Currency:    domain.Currency,
		Reference:   "instant-" + stylistID.String(),
		Description: "Instant commission payout",
	})
	if err != nil {
		return nil, fmt.Errorf("instant payout: %w", err)
	}

	payout := &domain.Payout{
		ID:                 uuid.New(),
		StylistID:          stylistID,
		Kind:               domain.PayoutInstant,
		AmountCents:        total,
		FeeCents:           fee,
		Status:             domain.PayoutPaid,
		ProviderTransferID: &res.TransferID,
		CreatedAt:          now,
	}
	err = s.tx.WithTx(ctx, func(tx *sqlx.Tx) error {
		if err := s.payouts.Insert(ctx, tx, payout); err != nil {
			return err
		}
		if err := s.payouts.AttachCommission(ctx, tx, stylistID, payout.ID, now); err != nil {
			return err
		}
		return s.balances.Debit(ctx, tx, stylistID, total)
	})
	if err != nil {
		return nil, err
	}
	return payout, nil
}

// Balance returns a stylist's commission position.
func (s *PayoutService) Balance(ctx context.Context, stylistID uuid.UUID) (*domain.StylistBalance, error) {
	return s.payouts.Balance(ctx, s.tx.Reader(), stylistID)
}
