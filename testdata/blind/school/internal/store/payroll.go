package store

import (
	"context"
	"time"

	"github.com/jackc/pgx/v5"
)

func (r *Repo) GetTeacher(ctx context.Context, id string) (Teacher, error) {
	var t Teacher
	err := r.db.QueryRow(ctx, `
		SELECT id, full_name, email, payroll_employee_id, hourly_rate_cents, active
		FROM teachers WHERE id = $1`, id).Scan(
		&t.ID, &t.FullName, &t.Email, &t.PayrollEmployeeID, &t.HourlyRateCents, &t.Active)
	return t, notFound(err)
}

func (r *Repo) InsertPayrollRun(ctx context.Context, run PayrollRun) (bool, error) {
	tag, err := r.db.Exec(ctx, `
		INSERT INTO payroll_runs (id, period, status, requested_by)
		VALUES ($1, $2, $3, $4)
		ON CONFLICT (period) DO NOTHING`, run.ID, run.Period, run.Status, run.RequestedBy)
	if err != nil {
		return false, err
	}
	return tag.RowsAffected() == 1, nil
}

const runCols = `id, period, status, coalesce(provider_batch_id, ''), requested_by, created_at, submitted_at`

func scanRun(row pgx.Row) (PayrollRun, error) {
	var run PayrollRun
	err := row.Scan(&run.ID, &run.Period, &run.Status, &run.ProviderBatchID, &run.RequestedBy,
		&run.CreatedAt, &run.SubmittedAt)
	return run, notFound(err)
}

func (r *Repo) GetPayrollRun(ctx context.Context, id string) (PayrollRun, error) {
	return scanRun(r.db.QueryRow(ctx, `SELECT `+runCols+` FROM payroll_runs WHERE id = $1`, id))
}

func (r *Repo) GetPayrollRunByPeriod(ctx context.Context, period string) (PayrollRun, error) {
	return scanRun(r.db.QueryRow(ctx, `SELECT `+runCols+` FROM payroll_runs WHERE period = $1`, period))
}

func (r *Repo) GetPayrollRunByBatch(ctx context.Context, batchID string) (PayrollRun, error) {
	return scanRun(r.db.QueryRow(ctx, `SELECT `+runCols+` FROM payroll_runs WHERE provider_batch_id = $1`, batchID))
}

func (r *Repo) SetPayrollRunStatus(ctx context.Context, id, status string) error {
	_, err := r.db.Exec(ctx, `UPDATE payroll_runs SET status = $2 WHERE id = $1`, id, status)
	return err
}

func (r *Repo) MarkPayrollRunSubmitted(ctx context.Context, id, batchID string, at time.Time) error {
	_, err := r.db.Exec(ctx, `
		UPDATE payroll_runs SET status = 'submitted', provider_batch_id = $2, submitted_at = $3
		WHERE id = $1`, id, batchID, at)
	return err
}

// BuildPayslips aggregates unpaid teaching hours for the period into one
// payslip per teacher, folding in open adjustments.
func (r *Repo) BuildPayslips(ctx context.Context, runID, period string) (int64, error) {
	tag, err := r.db.Exec(ctx, `
		WITH hours AS (
			SELECT h.teacher_id, sum(h.hours) AS hours
			FROM teaching_hours h
			WHERE to_char(h.taught_on, 'YYYY-MM') = $2 AND h.payroll_run_id IS NULL
			GROUP BY h.teacher_id
		), adj AS (
			SELECT teacher_id, sum(amount_cents) AS cents
			FROM payroll_adjustments WHERE applied_run_id IS NULL
			GROUP BY teacher_id
		)
		INSERT INTO payslips (id, run_id, teacher_id, hours, gross_cents, adjustment_cents)
		SELECT $1 || '-' || t.id, $1, t.id, hours.hours,
		       round(hours.hours * t.hourly_rate_cents)::bigint, coalesce(adj.cents, 0)
		FROM hours JOIN teachers t ON t.id = hours.teacher_id
		LEFT JOIN adj ON adj.teacher_id = t.id
		WHERE t.active
		ON CONFLICT (run_id, teacher_id) DO NOTHING`, runID, period)
	if err != nil {
		return 0, err
	}
	if _, err := r.db.Exec(ctx, `
		UPDATE teaching_hours SET payroll_run_id = $1
		WHERE to_char(taught_on, 'YYYY-MM') = $2 AND payroll_run_id IS NULL`, runID, period); err != nil {
		return 0, err
	}
	if _, err := r.db.Exec(ctx, `
		UPDATE payroll_adjustments SET applied_run_id = $1 WHERE applied_run_id IS NULL`, runID); err != nil {
		return 0, err
	}
	return tag.RowsAffected(), nil
}

const payslipSQL = `
SELECT p.id, p.run_id, p.teacher_id, p.hours::float8, p.gross_cents, p.adjustment_cents, p.status,
       coalesce(p.provider_payout_id, ''), p.emailed_at, t.full_name, t.email, t.payroll_employee_id
FROM payslips p JOIN teachers t ON t.id = p.teacher_id`

func collectPayslips(rows pgx.Rows) ([]Payslip, error) {
	return pgx.CollectRows(rows, func(row pgx.CollectableRow) (Payslip, error) {
		var p Payslip
		err := row.Scan(&p.ID, &p.RunID, &p.TeacherID, &p.Hours, &p.GrossCents, &p.AdjustmentCents,
			&p.Status, &p.ProviderPayoutID, &p.EmailedAt, &p.TeacherName, &p.TeacherEmail, &p.PayrollEmployeeID)
		return p, err
	})
}

func (r *Repo) ListPayslips(ctx context.Context, runID string) ([]Payslip, error) {
	rows, err := r.db.Query(ctx, payslipSQL+` WHERE p.run_id = $1 ORDER BY t.full_name`, runID)
	if err != nil {
		return nil, err
	}
	return collectPayslips(rows)
}

func (r *Repo) ListUnsentPayslips(ctx context.Context, runID string) ([]Payslip, error) {
	rows, err := r.db.Query(ctx, payslipSQL+`
		WHERE p.run_id = $1 AND p.emailed_at IS NULL AND p.status = 'paid'
		ORDER BY t.full_name`, runID)
	if err != nil {
		return nil, err
	}
	return collectPayslips(rows)
}

func (r *Repo) SetPayslipPayout(ctx context.Context, id, payoutID string) error {
	_, err := r.db.Exec(ctx, `
		UPDATE payslips SET provider_payout_id = $2, status = 'submitted' WHERE id = $1`, id, payoutID)
	return err
}

func (r *Repo) SetPayslipStatusByPayout(ctx context.Context, payoutID, status string) (Payslip, error) {
	var p Payslip
	err := r.db.QueryRow(ctx, `
		UPDATE payslips SET status = $2 WHERE provider_payout_id = $1
		RETURNING id, run_id, teacher_id, hours::float8, gross_cents, adjustment_cents, status`,
		payoutID, status).Scan(&p.ID, &p.RunID, &p.TeacherID, &p.Hours, &p.GrossCents, &p.AdjustmentCents, &p.Status)
	return p, notFound(err)
}

func (r *Repo) InsertPayrollAdjustment(ctx context.Context, a PayrollAdjustment) error {
	_, err := r.db.Exec(ctx, `
		INSERT INTO payroll_adjustments (id, teacher_id, amount_cents, reason, source_payslip_id)
		VALUES ($1, $2, $3, $4, nullif($5, ''))`,
		a.ID, a.TeacherID, a.AmountCents, a.Reason, a.SourcePayslipID)
	return err
}

func (r *Repo) MarkPayslipsEmailed(ctx context.Context, ids []string, at time.Time) error {
	_, err := r.db.Exec(ctx, `
		UPDATE payslips SET emailed_at = $2 WHERE id = ANY($1) AND emailed_at IS NULL`, ids, at)
	return err
}
