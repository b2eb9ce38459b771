package store

import (
	"context"
	"fmt"
	"time"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"github.com/haulgrid/loadboard/internal/domain"
)

// RateConRepo persists rate confirmations. There is one per tender.
type RateConRepo struct {
	db *gorm.DB
}

func NewRateConRepo(db *gorm.DB) *RateConRepo { return &RateConRepo{db: db} }

// Ensure inserts the draft rate confirmation for rc.TenderID unless one
// exists, and returns the stored row.
func (r *RateConRepo) Ensure(ctx context.Context, rc *domain.RateConfirmation) (*domain.RateConfirmation, error) {
	db := conn(ctx, r.db)
	row := rateConRow{
		ID:        rc.ID,
		TenderID:  rc.TenderID,
		LoadID:    rc.LoadID,
		CarrierID: rc.CarrierID,
		RateCents: rc.RateCents,
		Status:    string(domain.RateConDraft),
		CreatedAt: time.Now().UTC(),
	}
	err := db.Clauses(clause.OnConflict{
		Columns:   []clause.Column{{Name: "tender_id"}},
		DoNothing: true,
	}).Create(&row).Error
	if err != nil {
		return nil, fmt.Errorf("ensure rate confirmation: %w", err)
	}
	var stored rateConRow
	if err := db.Where("tender_id = ?", rc.TenderID).Take(&stored).Error; err != nil {
		return nil, notFound(err)
	}
	return stored.toDomain(), nil
}

// SetEnvelope records the partner envelope for a draft rate confirmation.
func (r *RateConRepo) SetEnvelope(ctx context.Context, id, envelopeID string) error {
	return conn(ctx, r.db).Model(&rateConRow{}).
		Where("id = ?", id).
		Updates(map[string]any{"envelope_id": envelopeID, "status": string(domain.RateConSent)}).Error
}

func (r *RateConRepo) GetByEnvelope(ctx context.Context, envelopeID string) (*domain.RateConfirmation, error) {
	var row rateConRow
	if err := conn(ctx, r.db).Where("envelope_id = ?", envelopeID).Take(&row).Error; err != nil {
		return nil, notFound(err)
	}
	return row.toDomain(), nil
}

func (r *RateConRepo) Get(ctx context.Context, id string) (*domain.RateConfirmation, error) {
	var row rateConRow
	if err := conn(ctx, r.db).Where("id = ?", id).Take(&row).Error; err != nil {
		return nil, notFound(err)
	}
	return row.toDomain(), nil
}

// MarkSigned moves a sent rate confirmation to signed.
func (r *RateConRepo) MarkSigned(ctx context.Context, id string, at time.Time) (bool, error) {
	res := conn(ctx, r.db).Model(&rateConRow{}).
		Where("id = ? AND status = ?", id, domain.RateConSent).
		Updates(map[string]any{"status": string(domain.RateConSigned), "signed_at": at})
	return res.RowsAffected == 1, res.Error
}

// MarkVoided voids a rate confirmation that was declined or cancelled.
func (r *RateConRepo) MarkVoided(ctx context.Context, id string) error {
	return conn(ctx, r.db).Model(&rateConRow{}).
		Where("id = ? AND status IN ?", id, []string{string(domain.RateConDraft), string(domain.RateConSent)}).
		Update("status", string(domain.RateConVoided)).Error
}
