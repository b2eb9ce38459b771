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

type CreditReportRepo struct{ db *gorm.DB }

// Save keeps one report summary per application; a re-pull replaces it.
func (r *CreditReportRepo) Save(ctx context.Context, rep *domain.CreditReport) error {
	return db.Conn(ctx, r.db).Clauses(clause.OnConflict{
		Columns: []clause.Column{{Name: "application_id"}},
		DoUpdates: clause.AssignmentColumns([]string{
			"inquiry_ref", "score", "open_tradelines", "delinquencies", "bankruptcy", "pulled_at",
		}),
	}).Create(rep).Error
}

type AttemptRepo struct{ db *gorm.DB }

func (r *AttemptRepo) Start(ctx context.Context, a *domain.UnderwritingAttempt) error {
	return db.Conn(ctx, r.db).Create(a).Error
}

func (r *AttemptRepo) Finish(ctx context.Context, id uuid.UUID, outcome, detail string, at time.Time) error {
	return db.Conn(ctx, r.db).Model(&domain.UnderwritingAttempt{}).
		Where("id = ?", id).
		Updates(map[string]any{"outcome": outcome, "detail": detail, "finished_at": at}).Error
}

type DecisionRepo struct{ db *gorm.DB }

// Insert stores the decision unless the application already has one.
func (r *DecisionRepo) Insert(ctx context.Context, d *domain.UnderwritingDecision) (bool, error) {
	res := db.Conn(ctx, r.db).Clauses(clause.OnConflict{
		Columns:   []clause.Column{{Name: "application_id"}},
		DoNothing: true,
	}).Create(d)
	return res.RowsAffected == 1, res.Error
}

func (r *DecisionRepo) ByApplication(ctx context.Context, applicationID uuid.UUID) (domain.UnderwritingDecision, error) {
	var d domain.UnderwritingDecision
	err := db.Conn(ctx, r.db).Where("application_id = ?", applicationID).First(&d).Error
	return d, db.NotFound(err, domain.ErrNotFound)
}
