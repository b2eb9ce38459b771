package service

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"github.com/jmoiron/sqlx"

	"github.com/medbridge-health/clearinghouse/internal/domain"
	"github.com/medbridge-health/clearinghouse/internal/payments"
	"github.com/medbridge-health/clearinghouse/internal/platform/apperr"
	"github.com/medbridge-health/clearinghouse/internal/platform/clock"
	"github.com/medbridge-health/clearinghouse/internal/repository"
)

// PayoutService pays practices the balances collected on their behalf.
type PayoutService struct {
	tx        Tx
	practices practiceStore
	ledger    ledgerStore
	payouts   interface {
		InsertIfAbsent(ctx context.Context, q sqlx.ExtContext, p *domain.Payout) (*domain.Payout, bool, error)
		Get(ctx context.Context, q sqlx.ExtContext, id string) (*domain.Payout, error)
		SetTransfer(ctx context.Context, q sqlx.ExtContext, id, transferID, status string) error
		MarkPaid(ctx context.Context, q sqlx.ExtContext, id string, at time.Time) (bool, error)
	}
	notifications interface {
		Ensure(ctx context.Context, q sqlx.ExtContext, eventID, practiceID, eventType string) (string, error)
	}
	stripe PaymentProvider
	newID  IDFunc
	now    Clock
	log    *slog.Logger
}

// NewPayoutService builds a PayoutService.
func NewPayoutService(tx Tx, practices *repository.PracticeRepo, ledger *repository.LedgerRepo,
	payouts *repository.PayoutRepo, notes *repository.PracticeNotificationRepo, provider PaymentProvider,
	newID IDFunc, now Clock, log *slog.Logger) *PayoutService {
	return &PayoutService{
		tx: tx, practices: practices, ledger: ledger, payouts: payouts, notifications: notes,
		stripe: provider, newID: newID, now: now, log: log,
	}
}

// CreatePayoutInput asks to pay out a practice's balance through a date.
type CreatePayoutInput struct {
	PracticeID string
	PeriodEnd  string
}

// CreatePayout sweeps unpaid ledger entries up to the period end into a
// payout and transfers the total to the practice's connected account.
// There is at most one payout per practice and period end.
func (s *PayoutService) CreatePayout(ctx context.Context, in CreatePayoutInput) (*domain.Payout, error) {
	periodEnd, err := time.Parse("2006-01-02", in.PeriodEnd)
	if err != nil {
		return nil, apperr.Invalid("period_end must be YYYY-MM-DD")
	}
	periodEnd = clock.Date(periodEnd)
	if !periodEnd.Before(clock.Date(s.now())) {
		return nil, apperr.Invalid("period_end must be in the past")
	}
	cutoff := periodEnd.AddDate(0, 0, 1)

	practice, err := s.practices.Get(ctx, s.tx.Ext(ctx), in.PracticeID)
	if err != nil {
		return nil, err
	}
	if practice.StripeAccountID == nil {
		return nil, apperr.Unprocessable("practice %s has no payout account", practice.ID)
	}

	var payout *domain.Payout
	err = s.tx.WithinTx(ctx, func(ctx context.Context) error {
		q := s.tx.Ext(ctx)
		amount, err := s.ledger.UnpaidBalance(ctx, q, practice.ID, cutoff)
		if err != nil {
			return err
		}
		var created bool
		payout, created, err = s.payouts.InsertIfAbsent(ctx, q, &domain.Payout{
			ID:          s.newID("po"),
			PracticeID:  practice.ID,
			PeriodEnd:   periodEnd,
			AmountCents: amount,
			Status:      domain.PayoutPending,
			CreatedAt:   s.now(),
		})
		if err != nil || !created {
			return err
		}
		_, err = s.ledger.AssignToPayout(ctx, q, practice.ID, payout.ID, cutoff)
		return err
	})
	if err != nil {
		return nil, err
	}
	if payout.Status != domain.PayoutPending {
		return payout, nil
	}
	if payout.AmountCents <= 0 {
		return payout, nil
	}

	t, err := s.stripe.Transfer(ctx, payments.TransferInput{
		AmountCents:        payout.AmountCents,
		DestinationAccount: *practice.StripeAccountID,
		TransferGroup:      "payout_" + payout.ID,
		Description:        fmt.Sprintf("ClaimBridge collections through %s", periodEnd.Format("2006-01-02")),
		Metadata:           map[string]string{"payout_id": payout.ID, "practice_id": practice.ID},
		IdempotencyKey:     "payout:" + payout.ID,
	})
	if err != nil {
		return nil, apperr.Upstream(err, "transfer payout")
	}
	if err := s.payouts.SetTransfer(ctx, s.tx.Ext(ctx), payout.ID, t.ID, domain.PayoutSent); err != nil {
		return nil, err
	}
	payout.StripeTransferID = &t.ID
	payout.Status = domain.PayoutSent
	return payout, nil
}

// SettleTransfer marks a payout paid once Stripe confirms the transfer and
// queues the practice notification, in one transaction.
func (s *PayoutService) SettleTransfer(ctx context.Context, ev PayoutTransferred) error {
	return s.tx.WithinTx(ctx, func(ctx context.Context) error {
		q := s.tx.Ext(ctx)
		p, err := s.payouts.Get(ctx, q, ev.PayoutID)
		if err != nil {
			return err
		}
		if p.Status == domain.PayoutPending {
			if err := s.payouts.SetTransfer(ctx, q, p.ID, ev.TransferID, domain.PayoutSent); err != nil {
				return err
			}
		}
		moved, err := s.payouts.MarkPaid(ctx, q, p.ID, s.now())
		if err != nil || !moved {
			return err
		}
		_, err = s.notifications.Ensure(ctx, q, "payout.paid:"+p.ID, p.PracticeID, "payout.paid")
		return err
	})
}
