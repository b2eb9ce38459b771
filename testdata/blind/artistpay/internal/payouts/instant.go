package payouts

import (
	"context"
	"errors"
	"fmt"
	"time"

	"gorm.io/gorm"

	"github.com/soundledger/artistpay/internal/ledger"
	"github.com/soundledger/artistpay/internal/models"
	"github.com/soundledger/artistpay/internal/platform/ids"
	"github.com/soundledger/artistpay/internal/providers/payrail"
)

// InstantInput is an instant payout to the artist's debit card.
type InstantInput struct {
	AmountMicros int64  `json:"amount_micros"`
	Currency     string `json:"currency"`
}

// Instant sends money to debit cards in real time.
type Instant struct {
	db         *gorm.DB
	ledger     *ledger.Ledger
	PushToCard func(ctx context.Context, req payrail.CardPushRequest) (*payrail.CardPush, error)
	MaxMicros  int64
}

// NewInstant returns the instant payout service.
func NewInstant(db *gorm.DB, l *ledger.Ledger, api payrail.API) *Instant {
	return &Instant{db: db, ledger: l, PushToCard: api.PushToCard, MaxMicros: 2_500_000_000}
}

// Push pays the artist immediately from their available balance.
func (s *Instant) Push(ctx context.Context, artistID string, in InstantInput) (*models.Payout, error) {
	if in.AmountMicros < MinimumWithdrawalMicros {
		return nil, ErrBelowMinimum
	}
	if in.AmountMicros > s.MaxMicros {
		return nil, fmt.Errorf("payouts: instant payouts are limited to %d", s.MaxMicros/1_000_000)
	}
	if in.Currency == "" {
		in.Currency = "USD"
	}
	db := s.db.WithContext(ctx)
	var artist models.Artist
	if err := db.First(&artist, "id = ?", artistID).Error; err != nil {
		return nil, err
	}
	if artist.TaxStatus != models.TaxStatusVerified {
		return nil, errors.New("payouts: tax form required before instant payouts")
	}
	acct, err := activeAccount(db, artistID, "", models.MethodCardPush)
	if err != nil {
		return nil, err
	}
	var bal models.ArtistBalance
	if err := db.First(&bal, "artist_id = ?", artistID).Error; err != nil {
		return nil, err
	}
	if bal.AvailableMicros < in.AmountMicros {
		return nil, ErrInsufficient
	}

	push, err := s.PushToCard(ctx, payrail.CardPushRequest{
		RecipientID:     acct.PayrailRecipientID,
		AmountMinor:     toMinor(in.AmountMicros),
		Currency:        in.Currency,
		ClientReference: ids.NewXID(),
	})
	if err != nil {
		return nil, fmt.Errorf("payouts: card push: %w", err)
	}

	now := time.Now().UTC()
	payout := &models.Payout{
		ID:                ids.NewUUID(),
		ArtistID:          artistID,
		AccountID:         &acct.ID,
		AmountMicros:      in.AmountMicros,
		Currency:          in.Currency,
		Method:            models.MethodCardPush,
		Status:            models.PayoutPaid,
		PayrailTransferID: &push.ID,
		CreatedAt:         now,
		SubmittedAt:       &now,
		SettledAt:         &now,
	}
	err = db.Transaction(func(tx *gorm.DB) error {
		if err := tx.Create(payout).Error; err != nil {
			return err
		}
		if err := s.ledger.PostTx(tx, ledger.Entry{
			ArtistID:     artistID,
			Kind:         models.EntryPayout,
			AmountMicros: -in.AmountMicros,
			Currency:     in.Currency,
			RefType:      "payout",
			RefID:        payout.ID,
			Key:          "payout:" + payout.ID,
			Memo:         "instant payout",
		}); err != nil {
			return err
		}
		return tx.Model(&models.ArtistBalance{}).Where("artist_id = ?", artistID).Updates(map[string]any{
			"available_micros":     gorm.Expr("available_micros - ?", in.AmountMicros),
			"lifetime_paid_micros": gorm.Expr("lifetime_paid_micros + ?", in.AmountMicros),
			"updated_at":           now,
		}).Error
	})
	if err != nil {
		return nil, err
	}
	return payout, nil
}
