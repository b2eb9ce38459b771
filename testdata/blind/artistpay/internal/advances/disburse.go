package advances

import (
	"context"
	"errors"
	"fmt"
	"time"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"github.com/soundledger/artistpay/internal/models"
	"github.com/soundledger/artistpay/internal/platform/ids"
	"github.com/soundledger/artistpay/internal/providers/payrail"
)

// ErrNoPayoutAccount is returned when the artist has no verified account
// yet; the task is retried until one is linked.
var ErrNoPayoutAccount = errors.New("advances: artist has no payout account")

// Disburser pays approved advances out through PayRail.
type Disburser struct {
	db             *gorm.DB
	CreateTransfer func(ctx context.Context, req payrail.TransferRequest, opts ...payrail.RequestOption) (*payrail.Transfer, error)
	Now            func() time.Time
}

// NewDisburser returns a disburser using api for transfers.
func NewDisburser(db *gorm.DB, api payrail.API) *Disburser {
	return &Disburser{
		db:             db,
		CreateTransfer: api.CreateTransfer,
		Now:            func() time.Time { return time.Now().UTC() },
	}
}

// Disburse sends the advance to the artist's payout account.
func (d *Disburser) Disburse(ctx context.Context, advanceID string) error {
	var adv models.Advance
	if err := d.db.WithContext(ctx).First(&adv, "id = ?", advanceID).Error; err != nil {
		return err
	}
	if adv.Status != models.AdvanceApproved && adv.Status != models.AdvanceDisbursing {
		return nil
	}
	acct, err := d.account(ctx, adv.ArtistID)
	if err != nil {
		return err
	}
	payout, err := d.payoutFor(ctx, &adv, acct)
	if err != nil {
		return err
	}
	if payout.Status != models.PayoutPending {
		return nil
	}

	tr, err := d.CreateTransfer(ctx, payrail.TransferRequest{
		RecipientID: acct.PayrailRecipientID,
		AmountMinor: adv.AmountMicros / 10000,
		Currency:    adv.Currency,
		Reference:   "ADVANCE " + adv.ID[len(adv.ID)-8:],
		Description: "Advance against future royalties",
		Metadata:    map[string]string{"payout_id": payout.ID, "advance_id": adv.ID},
	})
	if err != nil {
		return fmt.Errorf("advances: transfer: %w", err)
	}

	now := d.Now()
	return d.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		if err := tx.Model(&models.Payout{}).
			Where("id = ? AND status = ?", payout.ID, models.PayoutPending).
			Updates(map[string]any{
				"status":              models.PayoutSubmitted,
				"payrail_transfer_id": tr.ID,
				"submitted_at":        now,
			}).Error; err != nil {
			return err
		}
		return tx.Model(&models.Advance{}).
			Where("id = ?", adv.ID).
			Updates(map[string]any{"status": models.AdvanceDisbursed, "disbursed_at": now}).Error
	})
}

// payoutFor returns the advance's payout, creating it on first use.
func (d *Disburser) payoutFor(ctx context.Context, adv *models.Advance, acct *models.PayoutAccount) (*models.Payout, error) {
	advID := adv.ID
	p := &models.Payout{
		ID:           ids.Derived("advance-payout", adv.ID),
		ArtistID:     adv.ArtistID,
		AccountID:    &acct.ID,
		AmountMicros: adv.AmountMicros,
		Currency:     adv.Currency,
		Method:       models.MethodBank,
		Status:       models.PayoutPending,
		AdvanceID:    &advID,
		CreatedAt:    d.Now(),
	}
	var out models.Payout
	err := d.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		if err := tx.Clauses(clause.OnConflict{
			Columns:   []clause.Column{{Name: "advance_id"}},
			DoNothing: true,
		}).Create(p).Error; err != nil {
			return err
		}
		if err := tx.First(&out, "advance_id = ?", advID).Error; err != nil {
			return err
		}
		return tx.Model(&models.Advance{}).
			Where("id = ? AND status = ?", adv.ID, models.AdvanceApproved).
			Update("status", models.AdvanceDisbursing).Error
	})
	return &out, err
}

func (d *Disburser) account(ctx context.Context, artistID string) (*models.PayoutAccount, error) {
	var acct models.PayoutAccount
	err := d.db.WithContext(ctx).
		Where("artist_id = ? AND method = ? AND status = ?", artistID, models.MethodBank, "active").
		Order("created_at DESC").
		First(&acct).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return nil, ErrNoPayoutAccount
	}
	return &acct, err
}
