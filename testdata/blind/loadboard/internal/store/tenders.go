package store

import (
	"context"
	"fmt"
	"time"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"github.com/haulgrid/loadboard/internal/domain"
)

// TenderRepo persists tender offers.
type TenderRepo struct {
	db *gorm.DB
}

func NewTenderRepo(db *gorm.DB) *TenderRepo { return &TenderRepo{db: db} }

// Offer inserts the tender unless one already exists for (load_id, bid_id)
// and returns the stored tender either way.
func (r *TenderRepo) Offer(ctx context.Context, t *domain.Tender) (*domain.Tender, bool, error) {
	db := conn(ctx, r.db)
	row := tenderRow{
		ID:         t.ID,
		LoadID:     t.LoadID,
		BidID:      t.BidID,
		CarrierID:  t.CarrierID,
		RateCents:  t.RateCents,
		Status:     string(domain.TenderOffered),
		WorkflowID: t.WorkflowID,
		OfferedAt:  t.OfferedAt,
		ExpiresAt:  t.ExpiresAt,
	}
	res := db.Clauses(clause.OnConflict{
		Columns:   []clause.Column{{Name: "load_id"}, {Name: "bid_id"}},
		DoNothing: true,
	}).Create(&row)
	if res.Error != nil {
		return nil, false, fmt.Errorf("offer tender: %w", res.Error)
	}
	if res.RowsAffected == 1 {
		return row.toDomain(), true, nil
	}
	var existing tenderRow
	if err := db.Where("load_id = ? AND bid_id = ?", t.LoadID, t.BidID).Take(&existing).Error; err != nil {
		return nil, false, notFound(err)
	}
	return existing.toDomain(), false, nil
}

func (r *TenderRepo) Get(ctx context.Context, id string) (*domain.Tender, error) {
	var row tenderRow
	if err := conn(ctx, r.db).Where("id = ?", id).Take(&row).Error; err != nil {
		return nil, notFound(err)
	}
	return row.toDomain(), nil
}

// Respond records the carrier's answer on an offered tender. It reports
// whether the tender was still open.
func (r *TenderRepo) Respond(ctx context.Context, id string, to domain.TenderStatus, reason string, at time.Time) (bool, error) {
	res := conn(ctx, r.db).Model(&tenderRow{}).
		Where("id = ? AND status = ? AND expires_at > ?", id, domain.TenderOffered, at).
		Updates(map[string]any{
			"status":         string(to),
			"responded_at":   at,
			"decline_reason": reason,
		})
	if res.Error != nil {
		return false, fmt.Errorf("respond to tender %s: %w", id, res.Error)
	}
	return res.RowsAffected == 1, nil
}

// Expire closes an offered tender whose window has passed.
func (r *TenderRepo) Expire(ctx context.Context, id string) (bool, error) {
	res := conn(ctx, r.db).Model(&tenderRow{}).
		Where("id = ? AND status = ?", id, domain.TenderOffered).
		Update("status", string(domain.TenderExpired))
	if res.Error != nil {
		return false, fmt.Errorf("expire tender %s: %w", id, res.Error)
	}
	return res.RowsAffected == 1, nil
}

// WithdrawOpen withdraws any offered tenders on a load (used on cancel).
func (r *TenderRepo) WithdrawOpen(ctx context.Context, loadID string) (int64, error) {
	res := conn(ctx, r.db).Model(&tenderRow{}).
		Where("load_id = ? AND status = ?", loadID, domain.TenderOffered).
		Update("status", string(domain.TenderWithdrawn))
	return res.RowsAffected, res.Error
}

// AttemptRepo appends tender attempt log entries.
type AttemptRepo struct {
	db *gorm.DB
}

func NewAttemptRepo(db *gorm.DB) *AttemptRepo { return &AttemptRepo{db: db} }

func (r *AttemptRepo) Append(ctx context.Context, a *domain.TenderAttempt) error {
	row := attemptRow{
		ID:         a.ID,
		LoadID:     a.LoadID,
		BidID:      a.BidID,
		WorkflowID: a.WorkflowID,
		Round:      a.Round,
		Outcome:    a.Outcome,
		RecordedAt: a.RecordedAt,
	}
	return conn(ctx, r.db).Create(&row).Error
}

// History returns the attempt log for a load in the order it was written.
func (r *AttemptRepo) History(ctx context.Context, loadID string) ([]domain.TenderAttempt, error) {
	var rows []attemptRow
	if err := conn(ctx, r.db).Where("load_id = ?", loadID).Order("recorded_at, id").Find(&rows).Error; err != nil {
		return nil, err
	}
	out := make([]domain.TenderAttempt, len(rows))
	for i, row := range rows {
		out[i] = domain.TenderAttempt{
			ID: row.ID, LoadID: row.LoadID, BidID: row.BidID, WorkflowID: row.WorkflowID,
			Round: row.Round, Outcome: row.Outcome, RecordedAt: row.RecordedAt,
		}
	}
	return out, nil
}
