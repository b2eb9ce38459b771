package ledger

import (
	"context"
	"errors"
	"time"

	"gorm.io/gorm"

	"github.com/soundledger/artistpay/internal/models"
	"github.com/soundledger/artistpay/internal/platform/ids"
)

// AdjustmentInput is a manual correction.
type AdjustmentInput struct {
	ArtistID     string `json:"artist_id"`
	AmountMicros int64  `json:"amount_micros"`
	Currency     string `json:"currency"`
	Reason       string `json:"reason"`
}

// Adjustments records manual corrections made by the royalties team.
type Adjustments struct {
	db     *gorm.DB
	ledger *Ledger
}

// NewAdjustments returns the adjustments service.
func NewAdjustments(db *gorm.DB, l *Ledger) *Adjustments {
	return &Adjustments{db: db, ledger: l}
}

// Create writes the adjustment and its ledger entry.
func (a *Adjustments) Create(ctx context.Context, by string, in AdjustmentInput) (*models.Adjustment, error) {
	if in.AmountMicros == 0 || in.Reason == "" {
		return nil, errors.New("adjustment needs an amount and a reason")
	}
	adj := &models.Adjustment{
		ID:           ids.NewUUID(),
		ArtistID:     in.ArtistID,
		AmountMicros: in.AmountMicros,
		Reason:       in.Reason,
		CreatedBy:    by,
		CreatedAt:    time.Now().UTC(),
	}
	err := a.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		if err := tx.Create(adj).Error; err != nil {
			return err
		}
		return a.ledger.PostTx(tx, Entry{
			ArtistID:     adj.ArtistID,
			Kind:         models.EntryAdjustment,
			AmountMicros: adj.AmountMicros,
			Currency:     in.Currency,
			RefType:      "adjustment",
			RefID:        adj.ID,
			Key:          "adjustment:" + adj.ID,
			Memo:         adj.Reason,
		})
	})
	if err != nil {
		return nil, err
	}
	return adj, nil
}
