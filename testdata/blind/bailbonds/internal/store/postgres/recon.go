package postgres

import (
	"context"
	"time"

	"github.com/google/uuid"
	"github.com/jmoiron/sqlx"

	"github.com/keystonebail/bondline/internal/platform/database"
	"github.com/keystonebail/bondline/internal/surety"
)

// ReconRuns implements surety.RunRepository.
type ReconRuns struct{}

// Start logs the beginning of a reconciliation attempt.
func (ReconRuns) Start(ctx context.Context, db sqlx.ExtContext, r surety.Run) error {
	_, err := db.ExecContext(ctx, `
		INSERT INTO recon_runs (id, business_date, started_at, status)
		VALUES ($1, $2::date, $3, $4)`, r.ID, r.BusinessDate.Format("2006-01-02"), r.StartedAt, r.Status)
	return err
}

// Finish logs the end of a reconciliation attempt.
func (ReconRuns) Finish(ctx context.Context, db sqlx.ExtContext, id uuid.UUID, status string, bonds int, premium int64, errMsg *string) error {
	_, err := db.ExecContext(ctx, `
		UPDATE recon_runs SET finished_at = now(), status = $2, bonds_count = $3, premium_cents = $4, error = $5
		 WHERE id = $1`, id, status, bonds, premium, errMsg)
	return err
}

// Submissions implements surety.SubmissionRepository.
type Submissions struct{}

// Get reads the bordereau accepted for a business date, or nil.
func (Submissions) Get(ctx context.Context, db sqlx.ExtContext, day time.Time) (*surety.Submission, error) {
	var s surety.Submission
	err := sqlx.GetContext(ctx, db, &s, `
		SELECT business_date, bordereau_id, bonds_count, premium_cents, submitted_at
		  FROM surety_submissions WHERE business_date = $1::date`, day.Format("2006-01-02"))
	if database.NoRows(err) {
		return nil, nil
	}
	return &s, err
}

// Insert stores an accepted bordereau.
func (Submissions) Insert(ctx context.Context, db sqlx.ExtContext, s surety.Submission) error {
	_, err := db.ExecContext(ctx, `
		INSERT INTO surety_submissions (business_date, bordereau_id, bonds_count, premium_cents, submitted_at)
		VALUES ($1::date, $2, $3, $4, $5)`,
		s.BusinessDate.Format("2006-01-02"), s.BordereauID, s.BondsCount, s.PremiumCents, s.SubmittedAt)
	return err
}
