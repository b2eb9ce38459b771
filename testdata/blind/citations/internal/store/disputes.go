package store

import (
	"context"
	"time"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"github.com/harborcity/citeproc/internal/model"
)

type DisputeRepository interface {
	// Create inserts the dispute unless the citation already has one and
	// returns the stored row and whether it was inserted.
	Create(ctx context.Context, d *model.Dispute) (*model.Dispute, bool, error)
	Get(ctx context.Context, id string) (*model.Dispute, error)
	SetStatus(ctx context.Context, id, status string, closed bool) error

	CreateHearing(ctx context.Context, h *model.Hearing) error
	GetHearing(ctx context.Context, id string) (*model.Hearing, error)
	SetHearingOutcome(ctx context.Context, id, outcome, notes string) error
}

type disputeRepo struct {
	db  *gorm.DB
	now func() time.Time
}

func (r *disputeRepo) Create(ctx context.Context, d *model.Dispute) (*model.Dispute, bool, error) {
	d.FiledAt = r.now()
	res := r.db.WithContext(ctx).Clauses(clause.OnConflict{
		Columns:   []clause.Column{{Name: "citation_id"}},
		DoNothing: true,
	}).Create(d)
	if res.Error != nil {
		return nil, false, res.Error
	}
	if res.RowsAffected == 1 {
		return d, true, nil
	}
	var existing model.Dispute
	if err := r.db.WithContext(ctx).Take(&existing, "citation_id = ?", d.CitationID).Error; err != nil {
		return nil, false, notFound(err)
	}
	return &existing, false, nil
}

func (r *disputeRepo) Get(ctx context.Context, id string) (*model.Dispute, error) {
	var d model.Dispute
	if err := r.db.WithContext(ctx).Take(&d, "id = ?", id).Error; err != nil {
		return nil, notFound(err)
	}
	return &d, nil
}

func (r *disputeRepo) SetStatus(ctx context.Context, id, status string, closed bool) error {
	upd := map[string]any{"status": status}
	if closed {
		upd["closed_at"] = r.now()
	}
	return r.db.WithContext(ctx).Model(&model.Dispute{}).Where("id = ?", id).Updates(upd).Error
}

func (r *disputeRepo) CreateHearing(ctx context.Context, h *model.Hearing) error {
	h.CreatedAt = r.now()
	return r.db.WithContext(ctx).Create(h).Error
}

func (r *disputeRepo) GetHearing(ctx context.Context, id string) (*model.Hearing, error) {
	var h model.Hearing
	if err := r.db.WithContext(ctx).Take(&h, "id = ?", id).Error; err != nil {
		return nil, notFound(err)
	}
	return &h, nil
}

func (r *disputeRepo) SetHearingOutcome(ctx context.Context, id, outcome, notes string) error {
	return r.db.WithContext(ctx).Model(&model.Hearing{}).Where("id = ?", id).
		Updates(map[string]any{
			"outcome":             outcome,
			"outcome_notes":       notes,
			"outcome_recorded_at": r.now(),
		}).Error
}
