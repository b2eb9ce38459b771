package pg

import (
	"context"
	"time"

	"github.com/google/uuid"
	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"github.com/refundbridge/advance/internal/domain"
	"github.com/refundbridge/advance/internal/platform/db"
)

type DisbursementRepo struct{ db *gorm.DB }

// Ensure creates the application's disbursement row if it does not exist and
// returns the stored row either way.
func (r *DisbursementRepo) Ensure(ctx context.Context, d domain.Disbursement) (domain.Disbursement, error) {
	conn := db.Conn(ctx, r.db)
	err := conn.Clauses(clause.OnConflict{
		Columns:   []clause.Column{{Name: "application_id"}},
		DoNothing: true,
	}).Create(&d).Error
	if err != nil {
		return domain.Disbursement{}, err
	}
	var stored domain.Disbursement
	err = conn.Where("application_id = ?", d.ApplicationID).First(&stored).Error
	return stored, err
}

func (r *DisbursementRepo) ByApplication(ctx context.Context, applicationID uuid.UUID) (domain.Disbursement, error) {
	var d domain.Disbursement
	err := db.Conn(ctx, r.db).Where("application_id = ?", applicationID).First(&d).Error
	return d, db.NotFound(err, domain.ErrNotFound)
}

func (r *DisbursementRepo) ByTransferID(ctx context.Context, transferID string) (domain.Disbursement, error) {
	var d domain.Disbursement
	err := db.Conn(ctx, r.db).Where("bank_transfer_id = ?", transferID).First(&d).Error
	return d, db.NotFound(err, domain.ErrNotFound)
}

func (r *DisbursementRepo) MarkSubmitted(ctx context.Context, id uuid.UUID, transferID string, at time.Time) error {
	return db.Conn(ctx, r.db).Model(&domain.Disbursement{}).
		Where("id = ?", id).
		Updates(map[string]any{
			"status":           domain.DisbursementSubmitted,
			"bank_transfer_id": transferID,
			"submitted_at":     at,
			"updated_at":       at,
		}).Error
}

// Resubmit records a new transfer for a returned disbursement.
func (r *DisbursementRepo) Resubmit(ctx context.Context, id uuid.UUID, transferID string, at time.Time) (bool, error) {
	res := db.Conn(ctx, r.db).Model(&domain.Disbursement{}).
		Where("id = ? AND status = ?", id, domain.DisbursementReturned).
		Updates(map[string]any{
			"status":           domain.DisbursementSubmitted,
			"bank_transfer_id": transferID,
			"attempt":          gorm.Expr("attempt + 1"),
			"return_code":      "",
			"returned_at":      nil,
			"submitted_at":     at,
			"updated_at":       at,
		})
	return res.RowsAffected == 1, res.Error
}

func (r *DisbursementRepo) MarkSettled(ctx context.Context, id uuid.UUID, at time.Time) (bool, error) {
	res := db.Conn(ctx, r.db).Model(&domain.Disbursement{}).
		Where("id = ? AND status = ?", id, domain.DisbursementSubmitted).
		Updates(map[string]any{"status": domain.DisbursementSettled, "settled_at": at, "updated_at": at})
	return res.RowsAffected == 1, res.Error
}

func (r *DisbursementRepo) MarkReturned(ctx context.Context, id uuid.UUID, returnCode string, at time.Time) (bool, error) {
	res := db.Conn(ctx, r.db).Model(&domain.Disbursement{}).
		Where("id = ? AND status IN ?", id, []domain.DisbursementStatus{domain.DisbursementSubmitted, domain.DisbursementSettled}).
		Updates(map[string]any{
			"status":      domain.DisbursementReturned,
			"return_code": returnCode,
			"returned_at": at,
			"updated_at":  at,
		})
	return res.RowsAffected == 1, res.Error
}
