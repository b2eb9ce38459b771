package pgrepo

import (
	"context"

	"github.com/uptrace/bun"

	"github.com/stenoline-legal/depobook/internal/domain"
	"github.com/stenoline-legal/depobook/internal/repository"
)

type Payroll struct {
	base
}

func NewPayroll(db *bun.DB) *Payroll { return &Payroll{base{db}} }

// AddLine records pages owed to a reporter for one transcript.
func (r *Payroll) AddLine(ctx context.Context, l *domain.PayoutLine) error {
	_, err := r.db.NewInsert().Model(l).Exec(ctx)
	return err
}

func (r *Payroll) PeriodTotals(ctx context.Context, period string) ([]repository.ReporterTotal, error) {
	var out []repository.ReporterTotal
	err := r.conn(ctx).NewSelect().
		TableExpr("payout_lines").
		ColumnExpr("reporter_id").
		ColumnExpr("sum(pages)::int AS pages").
		ColumnExpr("sum(amount_cents)::bigint AS total_cents").
		Where("period = ?", period).
		Group("reporter_id").
		Order("reporter_id").
		Scan(ctx, &out)
	return out, err
}

func (r *Payroll) InsertStatement(ctx context.Context, s *domain.PayoutStatement) error {
	_, err := r.conn(ctx).NewInsert().Model(s).Exec(ctx)
	return err
}

type JobRuns struct{ base }

func NewJobRuns(db *bun.DB) *JobRuns { return &JobRuns{base{db}} }

func (r *JobRuns) Completed(ctx context.Context, name, key string) (bool, error) {
	return r.conn(ctx).NewSelect().Model((*domain.JobRun)(nil)).
		Where("name = ?", name).
		Where("run_key = ?", key).
		Exists(ctx)
}

func (r *JobRuns) MarkCompleted(ctx context.Context, name, key string) error {
	_, err := r.conn(ctx).NewInsert().Model(&domain.JobRun{Name: name, RunKey: key}).
		On("CONFLICT (name, run_key) DO NOTHING").
		Exec(ctx)
	return err
}
