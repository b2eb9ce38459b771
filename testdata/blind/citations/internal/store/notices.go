package store

import (
	"context"
	"errors"
	"fmt"
	"time"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"github.com/harborcity/citeproc/internal/model"
	"github.com/harborcity/citeproc/internal/platform/ids"
)

type NoticeRepository interface {
	UpsertOwner(ctx context.Context, o *model.RegisteredOwner) error
	Owner(ctx context.Context, citationID string) (*model.RegisteredOwner, error)
	ClearOwner(ctx context.Context, citationID string) error

	InsertAddressCorrection(ctx context.Context, ac *model.AddressCorrection) (bool, error)
	LatestAddressCorrection(ctx context.Context, citationID string) (*model.AddressCorrection, error)

	// Ensure returns the notice of the given kind for the citation,
	// creating it in status pending when absent.
	Ensure(ctx context.Context, citationID, kind string) (*model.Notice, error)
	MarkMailed(ctx context.Context, id, letterID, recipient string) error
	ByLetterID(ctx context.Context, letterID string) (*model.Notice, error)
	MarkReturned(ctx context.Context, id, reason string, at time.Time) error
	InsertTraceRequest(ctx context.Context, citationID, noticeID string) error
}

type noticeRepo struct {
	db    *gorm.DB
	newID ids.Generator
	now   func() time.Time
}

func (r *noticeRepo) UpsertOwner(ctx context.Context, o *model.RegisteredOwner) error {
	if o.ID == "" {
		o.ID = ids.Derived("owner", o.CitationID)
	}
	o.LookedUpAt = r.now()
	return r.db.WithContext(ctx).Clauses(clause.OnConflict{
		Columns: []clause.Column{{Name: "citation_id"}},
		DoUpdates: clause.AssignmentColumns([]string{
			"dmv_record_id", "full_name", "line1", "line2", "city", "region", "postal_code", "looked_up_at",
		}),
	}).Create(o).Error
}

func (r *noticeRepo) Owner(ctx context.Context, citationID string) (*model.RegisteredOwner, error) {
	var o model.RegisteredOwner
	if err := r.db.WithContext(ctx).Take(&o, "citation_id = ?", citationID).Error; err != nil {
		return nil, notFound(err)
	}
	return &o, nil
}

func (r *noticeRepo) ClearOwner(ctx context.Context, citationID string) error {
	return r.db.WithContext(ctx).Where("citation_id = ?", citationID).Delete(&model.RegisteredOwner{}).Error
}

func (r *noticeRepo) InsertAddressCorrection(ctx context.Context, ac *model.AddressCorrection) (bool, error) {
	if ac.ID == "" {
		ac.ID = r.newID()
	}
	ac.CreatedAt = r.now()
	res := r.db.WithContext(ctx).Clauses(clause.OnConflict{
		Columns:   []clause.Column{{Name: "citation_id"}, {Name: "address_hash"}},
		DoNothing: true,
	}).Create(ac)
	return res.RowsAffected == 1, res.Error
}

func (r *noticeRepo) LatestAddressCorrection(ctx context.Context, citationID string) (*model.AddressCorrection, error) {
	var ac model.AddressCorrection
	err := r.db.WithContext(ctx).Where("citation_id = ?", citationID).Order("created_at DESC").Take(&ac).Error
	if err != nil {
		return nil, notFound(err)
	}
	return &ac, nil
}

func (r *noticeRepo) Ensure(ctx context.Context, citationID, kind string) (*model.Notice, error) {
	n := &model.Notice{
		ID:         r.newID(),
		CitationID: citationID,
		Kind:       kind,
		Status:     "pending",
		CreatedAt:  r.now(),
	}
	err := r.db.WithContext(ctx).Clauses(clause.OnConflict{
		Columns:   []clause.Column{{Name: "citation_id"}, {Name: "kind"}},
		DoNothing: true,
	}).Create(n).Error
	if err != nil {
		return nil, fmt.Errorf("ensure notice %s/%s: %w", citationID, kind, err)
	}
	var got model.Notice
	if err := r.db.WithContext(ctx).Take(&got, "citation_id = ? AND kind = ?", citationID, kind).Error; err != nil {
		return nil, notFound(err)
	}
	return &got, nil
}

func (r *noticeRepo) MarkMailed(ctx context.Context, id, letterID, recipient string) error {
	now := r.now()
	return r.db.WithContext(ctx).Model(&model.Notice{}).Where("id = ?", id).
		Updates(map[string]any{
			"status":         "mailed",
			"mail_letter_id": letterID,
			"recipient_name": recipient,
			"mailed_at":      now,
		}).Error
}

func (r *noticeRepo) ByLetterID(ctx context.Context, letterID string) (*model.Notice, error) {
	var n model.Notice
	if err := r.db.WithContext(ctx).Take(&n, "mail_letter_id = ?", letterID).Error; err != nil {
		return nil, notFound(err)
	}
	return &n, nil
}

func (r *noticeRepo) MarkReturned(ctx context.Context, id, reason string, at time.Time) error {
	res := r.db.WithContext(ctx).Model(&model.Notice{}).Where("id = ?", id).
		Updates(map[string]any{"status": "returned", "returned_at": at, "return_reason": reason})
	if res.Error != nil {
		return res.Error
	}
	if res.RowsAffected == 0 {
		return errors.New("notice not found")
	}
	return nil
}

func (r *noticeRepo) InsertTraceRequest(ctx context.Context, citationID, noticeID string) error {
	return r.db.WithContext(ctx).Create(&model.AddressTraceRequest{
		ID:         r.newID(),
		CitationID: citationID,
		NoticeID:   noticeID,
		Status:     "queued",
		CreatedAt:  r.now(),
	}).Error
}
