package repo

import (
	"context"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"github.com/lexicaassess/examreg/internal/model"
	"github.com/lexicaassess/examreg/internal/platform/dbx"
)

// Results stores scoring deliveries and exam results.
type Results struct{ db *gorm.DB }

// NewResults returns a Results repository.
func NewResults(db *gorm.DB) *Results { return &Results{db: db} }

// ClaimDelivery records a scoring webhook delivery. It reports false when
// the delivery was already recorded.
func (r *Results) ClaimDelivery(ctx context.Context, deliveryID string) (bool, error) {
	res := dbx.Conn(ctx, r.db).Exec(
		`INSERT INTO scoring_deliveries (delivery_id) VALUES (?) ON CONFLICT (delivery_id) DO NOTHING`, deliveryID)
	if res.Error != nil {
		return false, res.Error
	}
	return res.RowsAffected == 1, nil
}

// Upsert stores a result, keeping the highest revision the partner has sent.
func (r *Results) Upsert(ctx context.Context, res *model.ExamResult) (bool, error) {
	out := dbx.Conn(ctx, r.db).Clauses(clause.OnConflict{
		Columns: []clause.Column{{Name: "partner_result_id"}},
		DoUpdates: clause.AssignmentColumns([]string{
			"overall_band", "listening", "reading", "writing", "speaking", "cefr_level", "revision", "released_at", "updated_at",
		}),
		Where: clause.Where{Exprs: []clause.Expression{clause.Expr{SQL: "exam_results.revision < EXCLUDED.revision"}}},
	}).Create(res)
	if out.Error != nil {
		return false, out.Error
	}
	return out.RowsAffected == 1, nil
}

// Get loads a result.
func (r *Results) Get(ctx context.Context, partnerResultID string) (*model.ExamResult, error) {
	var res model.ExamResult
	if err := dbx.Conn(ctx, r.db).First(&res, "partner_result_id = ?", partnerResultID).Error; err != nil {
		return nil, notFound(err)
	}
	return &res, nil
}
