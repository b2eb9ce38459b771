package collections

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"github.com/gridwise-energy/energysettle/internal/model"
	"github.com/gridwise-energy/energysettle/internal/platform/txn"
)

// PayoutRepository is what PayoutService needs inside its transaction.
type PayoutRepository interface {
	InsertPayout(ctx context.Context, p *model.Payout) (bool, error)
	InsertPayoutItems(ctx context.Context, items []model.PayoutItem) error
	MarkPaidOut(ctx context.Context, providerPaymentIDs []string) (int64, error)
}

// PayoutNotice lists the payments settled by one provider payout.
type PayoutNotice struct {
	PayoutID          string
	AmountPence       int64
	DeductedFeesPence int64
	Currency          string
	ArrivalDate       time.Time
	Reference         string
	Items             []PayoutLine
}

// PayoutLine is one payment within a payout.
type PayoutLine struct {
	ProviderPaymentID string
	AmountPence       int64
}

// PayoutService reconciles provider payouts against our payments.
type PayoutService struct {
	uow txn.Runner[PayoutRepository]
	now func() time.Time
	log *slog.Logger
}

// NewPayoutService wires a PayoutService.
func NewPayoutService(uow txn.Runner[PayoutRepository], now func() time.Time, log *slog.Logger) *PayoutService {
	return &PayoutService{uow: uow, now: now, log: log}
}

// Reconcile records a payout and marks its payments paid out.
func (s *PayoutService) Reconcile(ctx context.Context, n PayoutNotice) error {
	var sum int64
	for _, it := range n.Items {
		sum += it.AmountPence
	}
	if sum-n.DeductedFeesPence != n.AmountPence {
		return fmt.Errorf("%w: payout %s items %d less fees %d != amount %d", ErrInvalid, n.PayoutID, sum, n.DeductedFeesPence, n.AmountPence)
	}
	return s.uow.Do(ctx, func(r PayoutRepository) error {
		created, err := r.InsertPayout(ctx, &model.Payout{
			ProviderPayoutID:  n.PayoutID,
			AmountPence:       n.AmountPence,
			DeductedFeesPence: n.DeductedFeesPence,
			Currency:          n.Currency,
			ArrivalDate:       n.ArrivalDate,
			Reference:         n.Reference,
			CreatedAt:         s.now(),
		})
		if err != nil {
			return err
		}
		if !created {
			s.log.Info("payout already reconciled", "payout_id", n.PayoutID)
			return nil
		}
		items := make([]model.PayoutItem, 0, len(n.Items))
		ids := make([]string, 0, len(n.Items))
		for _, it := range n.Items {
			items = append(items, model.PayoutItem{ProviderPayoutID: n.PayoutID, ProviderPaymentID: it.ProviderPaymentID, AmountPence: it.AmountPence})
			ids = append(ids, it.ProviderPaymentID)
		}
		if err := r.InsertPayoutItems(ctx, items); err != nil {
			return err
		}
		marked, err := r.MarkPaidOut(ctx, ids)
		if err != nil {
			return err
		}
		s.log.Info("payout reconciled", "payout_id", n.PayoutID, "payments", len(ids), "marked", marked)
		return nil
	})
}
