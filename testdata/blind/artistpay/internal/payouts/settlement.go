package payouts

import (
	"context"
	"errors"
	"time"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"github.com/soundledger/artistpay/internal/ledger"
	"github.com/soundledger/artistpay/internal/models"
	"github.com/soundledger/artistpay/internal/platform/events"
	"github.com/soundledger/artistpay/internal/platform/ids"
	"github.com/soundledger/artistpay/internal/providers/payrail"
)

// Settlement applies PayRail's transfer outcomes to our payouts.
type Settlement struct {
	db         *gorm.DB
	ledger     *ledger.Ledger
	PostLedger func(ctx context.Context, entries ...ledger.Entry) error
	Now        func() time.Time
}

// NewSettlement returns the settlement service.
func NewSettlement(db *gorm.DB, l *ledger.Ledger) *Settlement {
	return &Settlement{db: db, ledger: l, PostLedger: l.Post, Now: func() time.Time { return time.Now().UTC() }}
}

// MarkPaid records a paid transfer and announces it.
func (s *Settlement) MarkPaid(ctx context.Context, ev payrail.Event) error {
	paidAt := ev.Created
	if ev.Data.OccurredAt != nil {
		paidAt = *ev.Data.OccurredAt
	}
	return s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		res := tx.Clauses(clause.OnConflict{DoNothing: true}).Create(&models.WebhookEvent{
			Provider:   "payrail",
			EventID:    ev.ID,
			EventType:  ev.Type,
			ReceivedAt: s.Now(),
		})
		if res.Error != nil || res.RowsAffected == 0 {
			return res.Error
		}
		var p models.Payout
		if err := tx.First(&p, "payrail_transfer_id = ?", ev.Data.TransferID).Error; err != nil {
			return err
		}
		return markPaidTx(tx, &p, paidAt)
	})
}

func markPaidTx(tx *gorm.DB, p *models.Payout, paidAt time.Time) error {
	res := tx.Model(&models.Payout{}).
		Where("id = ? AND status = ?", p.ID, models.PayoutSubmitted).
		Updates(map[string]any{"status": models.PayoutPaid, "settled_at": paidAt})
	if res.Error != nil || res.RowsAffected == 0 {
		return res.Error
	}
	return events.PublishTx(tx, events.TopicPayoutPaid, ids.Derived("payout-paid", p.ID), events.PayoutPaid{
		PayoutID:     p.ID,
		ArtistID:     p.ArtistID,
		AmountMicros: p.AmountMicros,
		Currency:     p.Currency,
		PaidAt:       paidAt,
	})
}

// MarkFailed records a failed transfer and gives the money back to the
// artist's balance.
func (s *Settlement) MarkFailed(ctx context.Context, ev payrail.Event) error {
	var p models.Payout
	if err := s.db.WithContext(ctx).First(&p, "payrail_transfer_id = ?", ev.Data.TransferID).Error; err != nil {
		return err
	}
	if p.Status == models.PayoutFailed || p.Status == models.PayoutReturned {
		return nil
	}
	if err := s.PostLedger(ctx, ledger.Entry{
		ArtistID:     p.ArtistID,
		Kind:         models.EntryPayoutReversal,
		AmountMicros: p.AmountMicros,
		Currency:     p.Currency,
		RefType:      "payout",
		RefID:        p.ID,
		Memo:         "transfer failed: " + ev.Data.FailureCode,
	}); err != nil {
		return err
	}
	return s.db.WithContext(ctx).Model(&models.Payout{}).
		Where("id = ? AND status IN ?", p.ID, []string{models.PayoutSubmitted, models.PayoutPending}).
		Updates(map[string]any{
			"status":       models.PayoutFailed,
			"failure_code": ev.Data.FailureCode,
			"settled_at":   s.Now(),
		}).Error
}

// RecordReturn records funds returned by the recipient's bank after the
// transfer was paid.
func (s *Settlement) RecordReturn(ctx context.Context, ev payrail.Event) error {
	var p models.Payout
	if err := s.db.WithContext(ctx).First(&p, "payrail_transfer_id = ?", ev.Data.TransferID).Error; err != nil {
		if errors.Is(err, gorm.ErrRecordNotFound) {
			return nil
		}
		return err
	}
	returnedAt := ev.Created
	if ev.Data.OccurredAt != nil {
		returnedAt = *ev.Data.OccurredAt
	}
	return s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		ret := models.PayoutReturn{
			ID:           ids.NewUUID(),
			PayoutID:     p.ID,
			TransferID:   ev.Data.TransferID,
			ReturnCode:   ev.Data.ReturnCode,
			AmountMicros: p.AmountMicros,
			ReturnedAt:   returnedAt,
		}
		if err := tx.Create(&ret).Error; err != nil {
			return err
		}
		if err := s.ledger.PostTx(tx, ledger.Entry{
			ArtistID:     p.ArtistID,
			Kind:         models.EntryPayoutReturn,
			AmountMicros: p.AmountMicros,
			Currency:     p.Currency,
			RefType:      "payout_return",
			RefID:        ret.ID,
			Key:          "payout-return:" + ev.Data.TransferID,
			Memo:         "returned by bank: " + ev.Data.ReturnCode,
		}); err != nil {
			return err
		}
		return tx.Model(&models.Payout{}).Where("id = ?", p.ID).
			Update("status", models.PayoutReturned).Error
	})
}
