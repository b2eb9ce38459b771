package payouts

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"time"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"github.com/soundledger/artistpay/internal/ledger"
	"github.com/soundledger/artistpay/internal/models"
	"github.com/soundledger/artistpay/internal/platform/ids"
)

// WithdrawalInput is an artist's on-demand withdrawal request.
type WithdrawalInput struct {
	AmountMicros int64  `json:"amount_micros"`
	Currency     string `json:"currency"`
	AccountID    string `json:"account_id"`
}

// Withdrawals turns withdrawal requests into payouts.
type Withdrawals struct {
	db     *gorm.DB
	ledger *ledger.Ledger
	submit SubmitQueue
	now    func() time.Time
}

// NewWithdrawals returns the withdrawals service.
func NewWithdrawals(db *gorm.DB, l *ledger.Ledger, submit SubmitQueue) *Withdrawals {
	return &Withdrawals{db: db, ledger: l, submit: submit, now: func() time.Time { return time.Now().UTC() }}
}

// Request creates a payout for the artist, debiting their balance. The
// caller's idempotency key is stored with the payout; a repeated request
// with the same key returns the payout created the first time.
func (w *Withdrawals) Request(ctx context.Context, artistID, key string, in WithdrawalInput) (*models.Payout, error) {
	if in.AmountMicros < MinimumWithdrawalMicros {
		return nil, ErrBelowMinimum
	}
	if in.Currency == "" {
		in.Currency = "USD"
	}
	hash := requestHash(artistID, in)
	scope := "withdrawal:" + artistID

	var payout models.Payout
	err := w.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		claim := models.IdempotencyKey{Scope: scope, Key: key, RequestHash: hash, CreatedAt: w.now()}
		res := tx.Clauses(clause.OnConflict{DoNothing: true}).Create(&claim)
		if res.Error != nil {
			return res.Error
		}
		if res.RowsAffected == 0 {
			var prior models.IdempotencyKey
			if err := tx.First(&prior, "scope = ? AND key = ?", scope, key).Error; err != nil {
				return err
			}
			if prior.RequestHash != hash || prior.ResourceID == nil {
				return ErrKeyReused
			}
			return tx.First(&payout, "id = ?", *prior.ResourceID).Error
		}

		artist, err := ledger.LockArtist(tx, artistID)
		if err != nil {
			return err
		}
		acct, err := activeAccount(tx, artistID, in.AccountID, models.MethodBank)
		if err != nil {
			return err
		}
		payout = models.Payout{
			ID:           ids.NewUUID(),
			ArtistID:     artistID,
			AccountID:    &acct.ID,
			AmountMicros: in.AmountMicros,
			Currency:     in.Currency,
			Method:       models.MethodBank,
			Status:       models.PayoutPending,
			CreatedAt:    w.now(),
		}
		if artist.TaxStatus != models.TaxStatusVerified {
			payout.Status = models.PayoutHeldTax
		}
		if err := tx.Create(&payout).Error; err != nil {
			return err
		}
		if err := w.ledger.Debit(tx, ledger.Entry{
			ArtistID:     artistID,
			Kind:         models.EntryPayout,
			AmountMicros: in.AmountMicros,
			Currency:     in.Currency,
			RefType:      "payout",
			RefID:        payout.ID,
			Key:          "payout:" + payout.ID,
			Memo:         "withdrawal",
		}); err != nil {
			return err
		}
		return tx.Model(&models.IdempotencyKey{}).
			Where("scope = ? AND key = ?", scope, key).
			Update("resource_id", payout.ID).Error
	})
	if err != nil {
		return nil, err
	}
	if payout.Status == models.PayoutPending {
		if err := w.submit(ctx, payout.ID); err != nil {
			return &payout, fmt.Errorf("payouts: schedule submit: %w", err)
		}
	}
	return &payout, nil
}

func requestHash(artistID string, in WithdrawalInput) string {
	h := sha256.New()
	fmt.Fprintf(h, "%s|%d|%s|%s", artistID, in.AmountMicros, in.Currency, in.AccountID)
	return hex.EncodeToString(h.Sum(nil))
}
