package payouts

import (
	"context"
	"log/slog"
	"time"

	"gorm.io/gorm"

	"github.com/soundledger/artistpay/internal/ledger"
	"github.com/soundledger/artistpay/internal/models"
	"github.com/soundledger/artistpay/internal/providers/payrail"
)

// Reconciler catches payouts whose webhooks never arrived and pending
// payouts whose submit task was lost.
type Reconciler struct {
	db       *gorm.DB
	ledger   *ledger.Ledger
	api      payrail.API
	submit   SubmitQueue
	StaleFor time.Duration
}

// NewReconciler returns the reconciler.
func NewReconciler(db *gorm.DB, l *ledger.Ledger, api payrail.API, submit SubmitQueue) *Reconciler {
	return &Reconciler{db: db, ledger: l, api: api, submit: submit, StaleFor: 2 * time.Hour}
}

// Run checks stale payouts against PayRail.
func (r *Reconciler) Run(ctx context.Context) error {
	cutoff := time.Now().UTC().Add(-r.StaleFor)
	var pending []models.Payout
	if err := r.db.WithContext(ctx).
		Where("status = ? AND method = ? AND created_at < ?", models.PayoutPending, models.MethodBank, cutoff).
		Limit(500).Find(&pending).Error; err != nil {
		return err
	}
	for _, p := range pending {
		if p.AdvanceID != nil {
			continue
		}
		if err := r.submit(ctx, p.ID); err != nil {
			return err
		}
	}

	var submitted []models.Payout
	if err := r.db.WithContext(ctx).
		Where("status = ? AND submitted_at < ? AND payrail_transfer_id IS NOT NULL", models.PayoutSubmitted, cutoff).
		Limit(500).Find(&submitted).Error; err != nil {
		return err
	}
	for _, p := range submitted {
		tr, err := r.api.GetTransfer(ctx, *p.PayrailTransferID)
		if err != nil {
			slog.WarnContext(ctx, "reconcile: get transfer", "payout_id", p.ID, "err", err)
			continue
		}
		if err := r.apply(ctx, &p, tr); err != nil {
			return err
		}
	}
	return nil
}

func (r *Reconciler) apply(ctx context.Context, p *models.Payout, tr *payrail.Transfer) error {
	switch tr.Status {
	case payrail.TransferPaid:
		paidAt := time.Now().UTC()
		if tr.PaidAt != nil {
			paidAt = *tr.PaidAt
		}
		return r.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
			return markPaidTx(tx, p, paidAt)
		})
	case payrail.TransferFailed:
		return r.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
			res := tx.Model(&models.Payout{}).
				Where("id = ? AND status = ?", p.ID, models.PayoutSubmitted).
				Updates(map[string]any{"status": models.PayoutFailed, "failure_code": tr.FailureCode})
			if res.Error != nil || res.RowsAffected == 0 {
				return res.Error
			}
			return r.ledger.PostTx(tx, ledger.Entry{
				ArtistID:     p.ArtistID,
				Kind:         models.EntryPayoutReversal,
				AmountMicros: p.AmountMicros,
				Currency:     p.Currency,
				RefType:      "payout",
				RefID:        p.ID,
				Key:          "payout-reversal:" + p.ID,
				Memo:         "transfer failed: " + tr.FailureCode,
			})
		})
	}
	return nil
}
