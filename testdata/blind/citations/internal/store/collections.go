package store

import (
	"context"
	"time"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"github.com/harborcity/citeproc/internal/model"
	"github.com/harborcity/citeproc/internal/platform/ids"
)

type CollectionsRepository interface {
	// Ensure returns the citation's referral row, creating it pending.
	Ensure(ctx context.Context, citationID string, balance int64) (*model.CollectionsReferral, error)
	MarkReferred(ctx context.Context, id, accountRef string) error
	ByAccountRef(ctx context.Context, ref string) (*model.CollectionsReferral, error)
	ByCitation(ctx context.Context, citationID string) (*model.CollectionsReferral, error)
	// MarkRecalled moves an active referral to recalled; false if it was not active.
	MarkRecalled(ctx context.Context, id string) (bool, error)
	InsertRemittance(ctx context.Context, rm *model.CollectionRemittance) error
}

type collectionsRepo struct {
	db    *gorm.DB
	newID ids.Generator
	now   func() time.Time
}

func (r *collectionsRepo) Ensure(ctx context.Context, citationID string, balance int64) (*model.CollectionsReferral, error) {
	ref := &model.CollectionsReferral{
		ID:                ids.Derived("referral", citationID),
		CitationID:        citationID,
		Status:            model.ReferralPending,
		BalanceAtReferral: balance,
		CreatedAt:         r.now(),
	}
	err := r.db.WithContext(ctx).Clauses(clause.OnConflict{
		Columns:   []clause.Column{{Name: "citation_id"}},
		DoNothing: true,
	}).Create(ref).Error
	if err != nil {
		return nil, err
	}
	return r.ByCitation(ctx, citationID)
}

func (r *collectionsRepo) MarkReferred(ctx context.Context, id, accountRef string) error {
	return r.db.WithContext(ctx).Model(&model.CollectionsReferral{}).
		Where("id = ? AND status = ?", id, model.ReferralPending).
		Updates(map[string]any{"status": model.ReferralActive, "agency_account_ref": accountRef, "referred_at": r.now()}).Error
}

func (r *collectionsRepo) ByAccountRef(ctx context.Context, ref string) (*model.CollectionsReferral, error) {
	var cr model.CollectionsReferral
	if err := r.db.WithContext(ctx).Take(&cr, "agency_account_ref = ?", ref).Error; err != nil {
		return nil, notFound(err)
	}
	return &cr, nil
}

func (r *collectionsRepo) ByCitation(ctx context.Context, citationID string) (*model.CollectionsReferral, error) {
	var cr model.CollectionsReferral
	if err := r.db.WithContext(ctx).Take(&cr, "citation_id = ?", citationID).Error; err != nil {
		return nil, notFound(err)
	}
	return &cr, nil
}

func (r *collectionsRepo) MarkRecalled(ctx context.Context, id string) (bool, error) {
	res := r.db.WithContext(ctx).Model(&model.CollectionsReferral{}).
		Where("id = ? AND status = ?", id, model.ReferralActive).
		Updates(map[string]any{"status": model.ReferralRecalled, "recalled_at": r.now()})
	return res.RowsAffected == 1, res.Error
}

func (r *collectionsRepo) InsertRemittance(ctx context.Context, rm *model.CollectionRemittance) error {
	if rm.ID == "" {
		rm.ID = r.newID()
	}
	rm.ReceivedAt = r.now()
	return r.db.WithContext(ctx).Create(rm).Error
}
