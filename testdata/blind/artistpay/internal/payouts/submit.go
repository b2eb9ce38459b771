package payouts

import (
	"context"
	"errors"
	"fmt"
	"time"

	"gorm.io/gorm"

	"github.com/soundledger/artistpay/internal/ledger"
	"github.com/soundledger/artistpay/internal/models"
	"github.com/soundledger/artistpay/internal/providers/payrail"
)

// Submitter sends pending payouts to PayRail.
type Submitter struct {
	db        *gorm.DB
	ledger    *ledger.Ledger
	Transfers payrail.API
	Now       func() time.Time
}

// NewSubmitter returns the submitter.
func NewSubmitter(db *gorm.DB, l *ledger.Ledger, api payrail.API) *Submitter {
	return &Submitter{db: db, ledger: l, Transfers: api, Now: func() time.Time { return time.Now().UTC() }}
}

// Submit creates the transfer for a pending payout. The payout ID is the
// transfer's idempotency key, so a second submit of the same payout gets
// the transfer created by the first.
func (s *Submitter) Submit(ctx context.Context, payoutID string) error {
	var p models.Payout
	if err := s.db.WithContext(ctx).First(&p, "id = ?", payoutID).Error; err != nil {
		if errors.Is(err, gorm.ErrRecordNotFound) {
			return ErrPayoutNotFound
		}
		return err
	}
	if p.Status != models.PayoutPending {
		return nil
	}
	if p.AccountID == nil {
		return fmt.Errorf("payouts: payout %s has no account", p.ID)
	}
	var acct models.PayoutAccount
	if err := s.db.WithContext(ctx).First(&acct, "id = ?", *p.AccountID).Error; err != nil {
		return err
	}

	tr, err := s.Transfers.CreateTransfer(ctx, payrail.TransferRequest{
		RecipientID: acct.PayrailRecipientID,
		AmountMinor: toMinor(p.AmountMicros),
		Currency:    p.Currency,
		Reference:   "ROYALTIES " + p.ID[:8],
		Description: "Royalty payout",
		Metadata:    map[string]string{"payout_id": p.ID, "artist_id": p.ArtistID},
	}, payrail.WithIdempotencyKey("payout-"+p.ID))
	if err != nil {
		var apiErr *payrail.APIError
		if errors.As(err, &apiErr) && !apiErr.Temporary() {
			return s.reject(ctx, &p, apiErr.Code)
		}
		return err
	}

	return s.db.WithContext(ctx).Model(&models.Payout{}).
		Where("id = ? AND status = ?", p.ID, models.PayoutPending).
		Updates(map[string]any{
			"status":              models.PayoutSubmitted,
			"payrail_transfer_id": tr.ID,
			"submitted_at":        s.Now(),
		}).Error
}

// reject fails a payout PayRail refused and returns the funds.
func (s *Submitter) reject(ctx context.Context, p *models.Payout, code string) error {
	return s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		res := tx.Model(&models.Payout{}).
			Where("id = ? AND status = ?", p.ID, models.PayoutPending).
			Updates(map[string]any{"status": models.PayoutFailed, "failure_code": code})
		if res.Error != nil || res.RowsAffected == 0 {
			return res.Error
		}
		return s.ledger.PostTx(tx, ledger.Entry{
			ArtistID:     p.ArtistID,
			Kind:         models.EntryPayoutReversal,
			AmountMicros: p.AmountMicros,
			Currency:     p.Currency,
			RefType:      "payout",
			RefID:        p.ID,
			Key:          "payout-reversal:" + p.ID,
			Memo:         "payout rejected: " + code,
		})
	})
}
