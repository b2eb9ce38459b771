package store

import (
	"context"
	"time"

	"gorm.io/gorm"

	"github.com/vinoteca/wineclub/internal/models"
)

// Submissions is the compliance submission repository.
type Submissions struct{ db *gorm.DB }

// NewSubmissions returns the submission repository.
func NewSubmissions(db *gorm.DB) *Submissions { return &Submissions{db: db} }

// Claim creates the (state, period) submission row the first time and
// returns the stored one.
func (r *Submissions) Claim(ctx context.Context, s *models.ComplianceSubmission) (*models.ComplianceSubmission, error) {
	var stored models.ComplianceSubmission
	err := r.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		if err := tx.Clauses(doNothingOn("state", "period")).Create(s).Error; err != nil {
			return err
		}
		return tx.First(&stored, "state = ? AND period = ?", s.State, s.Period).Error
	})
	return &stored, err
}

// Find returns the submission for (state, period) or nil.
func (r *Submissions) Find(ctx context.Context, state, period string) (*models.ComplianceSubmission, error) {
	var out []models.ComplianceSubmission
	if err := r.db.WithContext(ctx).Where("state = ? AND period = ?", state, period).Limit(1).Find(&out).Error; err != nil {
		return nil, err
	}
	if len(out) == 0 {
		return nil, nil
	}
	return &out[0], nil
}

// MarkSubmitted stores the regulator's filing id.
func (r *Submissions) MarkSubmitted(ctx context.Context, id, filingID string, totals StateTotals, liters float64) error {
	now := time.Now().UTC()
	return r.db.WithContext(ctx).Model(&models.ComplianceSubmission{}).Where("id = ?", id).Updates(map[string]any{
		"status":       models.SubmissionSubmitted,
		"filing_id":    filingID,
		"shipments":    totals.Shipments,
		"bottles":      totals.Bottles,
		"liters":       liters,
		"submitted_at": now,
	}).Error
}

// RecordSubmitted stores a submission made outside Claim.
func (r *Submissions) RecordSubmitted(ctx context.Context, s *models.ComplianceSubmission) error {
	return r.db.WithContext(ctx).Clauses(doNothingOn("state", "period")).Create(s).Error
}
