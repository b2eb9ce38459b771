package repo

import (
	"context"
	"database/sql"
	"time"

	"github.com/northwind/payables/internal/domain"
	"github.com/northwind/payables/internal/platform/database"
)

// RunRepo persists payment runs.
type RunRepo interface {
	WithTx(tx *sql.Tx) RunRepo
	// Ensure returns the run for (tenant, date), creating it with id if it
	// does not exist yet.
	Ensure(ctx context.Context, id, tenantID string, runDate time.Time) (domain.PaymentRun, bool, error)
	Get(ctx context.Context, id string) (domain.PaymentRun, error)
	SetStatus(ctx context.Context, id string, status domain.RunStatus) error
}

type runRepo struct{ base }

// NewRunRepo returns a RunRepo.
func NewRunRepo(db *sql.DB) RunRepo { return &runRepo{base{db}} }

func (r *runRepo) WithTx(tx *sql.Tx) RunRepo { return &runRepo{base{tx}} }

const ensureRunSQL = `
WITH ins AS (
    INSERT INTO payment_runs (id, tenant_id, run_date, status)
    VALUES ($1, $2, $3, 'open')
    ON CONFLICT ON CONSTRAINT payment_runs_tenant_date_uq DO NOTHING
    RETURNING id, tenant_id, run_date, status, created_at, true AS created
)
SELECT id, tenant_id, run_date, status, created_at, created FROM ins
UNION ALL
SELECT id, tenant_id, run_date, status, created_at, false FROM payment_runs
 WHERE tenant_id = $2 AND run_date = $3
LIMIT 1`

func (r *runRepo) Ensure(ctx context.Context, id, tenantID string, runDate time.Time) (domain.PaymentRun, bool, error) {
	var (
		run     domain.PaymentRun
		created bool
	)
	err := r.db.QueryRowContext(ctx, ensureRunSQL, id, tenantID, runDate).
		Scan(&run.ID, &run.TenantID, &run.RunDate, &run.Status, &run.CreatedAt, &created)
	return run, created, err
}

func (r *runRepo) Get(ctx context.Context, id string) (domain.PaymentRun, error) {
	var run domain.PaymentRun
	err := r.sel("id", "tenant_id", "run_date", "status", "created_at").From("payment_runs").
		Where("id = ?", id).QueryRowContext(ctx).
		Scan(&run.ID, &run.TenantID, &run.RunDate, &run.Status, &run.CreatedAt)
	return run, database.NotFound(err)
}

func (r *runRepo) SetStatus(ctx context.Context, id string, status domain.RunStatus) error {
	_, err := r.update("payment_runs").Set("status", status).Where("id = ?", id).ExecContext(ctx)
	return err
}
