package store

import (
	"context"
	"fmt"
	"time"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"
)

// LotRepo persists honey lots, weigh tickets, grades and rejections.
type LotRepo struct {
	db *DB
}

func NewLotRepo(db *DB) *LotRepo { return &LotRepo{db: db} }

// CreateLot inserts a lot unless the member already registered the same
// intake ticket; in that case lot is overwritten with the stored row.
func (r *LotRepo) CreateLot(ctx context.Context, lot *Lot) (bool, error) {
	res := r.db.Conn(ctx).
		Clauses(clause.OnConflict{
			Columns:   []clause.Column{{Name: "member_id"}, {Name: "intake_ticket"}},
			DoNothing: true,
		}).
		Create(lot)
	if res.Error != nil {
		return false, fmt.Errorf("insert lot: %w", res.Error)
	}
	if res.RowsAffected == 1 {
		return true, nil
	}
	err := r.db.Conn(ctx).
		Where("member_id = ? AND intake_ticket = ?", lot.MemberID, lot.IntakeTicket).
		Take(lot).Error
	return false, notFound(err)
}

func (r *LotRepo) GetLot(ctx context.Context, id string) (*Lot, error) {
	var lot Lot
	if err := r.db.Conn(ctx).Where("id = ?", id).Take(&lot).Error; err != nil {
		return nil, notFound(err)
	}
	return &lot, nil
}

// AddWeighTicket stores a ticket and recomputes the lot's net weight from all
// of its tickets.
func (r *LotRepo) AddWeighTicket(ctx context.Context, t *WeighTicket) error {
	return r.db.Gorm().WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		if err := tx.Create(t).Error; err != nil {
			return fmt.Errorf("insert weigh ticket: %w", err)
		}
		return tx.Exec(`
			UPDATE lots
			   SET net_grams = (SELECT COALESCE(SUM(gross_grams - tare_grams), 0)
			                      FROM weigh_tickets WHERE lot_id = ?),
			       status = CASE WHEN status = 'received' THEN 'weighed' ELSE status END,
			       updated_at = now()
			 WHERE id = ?`, t.LotID, t.LotID).Error
	})
}

// SetTare records the container tare measured for a lot.
func (r *LotRepo) SetTare(ctx context.Context, lotID string, grams int64) error {
	res := r.db.Conn(ctx).Model(&Lot{}).
		Where("id = ?", lotID).
		Updates(map[string]any{"tare_grams": grams, "updated_at": gorm.Expr("now()")})
	if res.Error != nil {
		return res.Error
	}
	if res.RowsAffected == 0 {
		return ErrNotFound
	}
	return nil
}

// UpsertGrade stores the lab grade of a lot; a later grade replaces an
// earlier one.
func (r *LotRepo) UpsertGrade(ctx context.Context, g *LotGrade) error {
	return r.db.Conn(ctx).
		Clauses(clause.OnConflict{
			Columns:   []clause.Column{{Name: "lot_id"}},
			DoUpdates: clause.AssignmentColumns([]string{"grade", "moisture_pct", "price_cents_per_kg", "grader", "graded_at"}),
		}).
		Create(g).Error
}

func (r *LotRepo) GetGrade(ctx context.Context, lotID string) (*LotGrade, error) {
	var g LotGrade
	if err := r.db.Conn(ctx).Where("lot_id = ?", lotID).Take(&g).Error; err != nil {
		return nil, notFound(err)
	}
	return &g, nil
}

// RecordRejection stores the inspector's rejection and takes the lot out of
// the payable pool.
func (r *LotRepo) RecordRejection(ctx context.Context, rej *LotRejection) error {
	return r.db.Gorm().WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		if err := tx.Create(rej).Error; err != nil {
			return fmt.Errorf("insert rejection: %w", err)
		}
		return tx.Model(&Lot{}).
			Where("id = ?", rej.LotID).
			Updates(map[string]any{"status": "rejected", "updated_at": time.Now()}).Error
	})
}
