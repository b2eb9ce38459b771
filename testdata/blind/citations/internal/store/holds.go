package store

import (
	"context"
	"time"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"github.com/harborcity/citeproc/internal/model"
	"github.com/harborcity/citeproc/internal/platform/ids"
)

type HoldRepository interface {
	// Ensure returns the citation's hold row, creating it in status
	// requested when absent.
	Ensure(ctx context.Context, citationID, plate, state string) (*model.DMVHold, error)
	Get(ctx context.Context, id string) (*model.DMVHold, error)
	MarkPlaced(ctx context.Context, id, holdNumber string, at time.Time) error
	// MarkReleased moves a placed hold to released; false if it was not placed.
	MarkReleased(ctx context.Context, id, reason string) (bool, error)
	// PlacedOnClosedCitations lists placed holds whose citation no longer
	// owes anything.
	PlacedOnClosedCitations(ctx context.Context, limit int) ([]model.DMVHold, error)
}

type holdRepo struct {
	db    *gorm.DB
	newID ids.Generator
	now   func() time.Time
}

func (r *holdRepo) Ensure(ctx context.Context, citationID, plate, state string) (*model.DMVHold, error) {
	h := &model.DMVHold{
		ID:         r.newID(),
		CitationID: citationID,
		Plate:      plate,
		PlateState: state,
		Status:     model.HoldRequested,
		CreatedAt:  r.now(),
	}
	err := r.db.WithContext(ctx).Clauses(clause.OnConflict{
		Columns:   []clause.Column{{Name: "citation_id"}},
		DoNothing: true,
	}).Create(h).Error
	if err != nil {
		return nil, err
	}
	var got model.DMVHold
	if err := r.db.WithContext(ctx).Take(&got, "citation_id = ?", citationID).Error; err != nil {
		return nil, notFound(err)
	}
	return &got, nil
}

func (r *holdRepo) Get(ctx context.Context, id string) (*model.DMVHold, error) {
	var h model.DMVHold
	if err := r.db.WithContext(ctx).Take(&h, "id = ?", id).Error; err != nil {
		return nil, notFound(err)
	}
	return &h, nil
}

func (r *holdRepo) MarkPlaced(ctx context.Context, id, holdNumber string, at time.Time) error {
	return r.db.WithContext(ctx).Model(&model.DMVHold{}).
		Where("id = ? AND status = ?", id, model.HoldRequested).
		Updates(map[string]any{"status": model.HoldPlaced, "state_hold_number": holdNumber, "placed_at": at}).Error
}

func (r *holdRepo) MarkReleased(ctx context.Context, id, reason string) (bool, error) {
	res := r.db.WithContext(ctx).Model(&model.DMVHold{}).
		Where("id = ? AND status = ?", id, model.HoldPlaced).
		Updates(map[string]any{"status": model.HoldReleased, "released_at": r.now(), "release_reason": reason})
	return res.RowsAffected == 1, res.Error
}

func (r *holdRepo) PlacedOnClosedCitations(ctx context.Context, limit int) ([]model.DMVHold, error) {
	var hs []model.DMVHold
	err := r.db.WithContext(ctx).
		Joins("JOIN citations c ON c.id = dmv_holds.citation_id").
		Where("dmv_holds.status = ? AND (c.status IN ? OR c.balance_cents <= 0)", model.HoldPlaced,
			[]string{model.CitationPaid, model.CitationVoid, model.CitationDismissed}).
		Limit(limit).Find(&hs).Error
	return hs, err
}
