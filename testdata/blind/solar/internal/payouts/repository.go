package payouts

import (
	"context"
	"database/sql"
	"errors"

	"github.com/google/uuid"

	"github.com/sunrail/installs/internal/platform/database"
)

// Repository persists payouts, accruals and balances.
type Repository struct {
	db database.DBTX
	tx database.TxManager
}

// NewRepository builds a Repository.
func NewRepository(db database.DBTX, tx database.TxManager) *Repository {
	return &Repository{db: db, tx: tx}
}

// Installer loads an installer.
func (r *Repository) Installer(ctx context.Context, id uuid.UUID) (Installer, error) {
	var in Installer
	err := database.Executor(ctx, r.db).QueryRowContext(ctx, `
		SELECT id, legal_name, stripe_account_id, revenue_share_bps FROM installers WHERE id = $1`, id).Scan(
		&in.ID, &in.LegalName, &in.StripeAccountID, &in.RevenueShareBps)
	return in, database.NotFound(err)
}

// InstallerForProject loads the installer assigned to a project.
func (r *Repository) InstallerForProject(ctx context.Context, projectID uuid.UUID) (Installer, error) {
	var id uuid.NullUUID
	err := database.Executor(ctx, r.db).QueryRowContext(ctx,
		`SELECT installer_id FROM projects WHERE id = $1`, projectID).Scan(&id)
	if err != nil {
		return Installer{}, database.NotFound(err)
	}
	if !id.Valid {
		return Installer{}, database.ErrNotFound
	}
	return r.Installer(ctx, id.UUID)
}

// AccrualExists reports whether the invoice was already accrued.
func (r *Repository) AccrualExists(ctx context.Context, invoiceID uuid.UUID) (bool, error) {
	var ok bool
	err := database.Executor(ctx, r.db).QueryRowContext(ctx,
		`SELECT EXISTS (SELECT 1 FROM payout_accruals WHERE invoice_id = $1)`, invoiceID).Scan(&ok)
	return ok, err
}

// InsertAccrual records that an invoice was accrued.
func (r *Repository) InsertAccrual(ctx context.Context, invoiceID, installerID uuid.UUID, cents int64, period string) error {
	_, err := database.Executor(ctx, r.db).ExecContext(ctx, `
		INSERT INTO payout_accruals (invoice_id, installer_id, amount_cents, period)
		VALUES ($1, $2, $3, $4)
		ON CONFLICT (invoice_id) DO NOTHING`, invoiceID, installerID, cents, period)
	return err
}

// JobValue is the contract value attributable to a completed job for the
// given installer, or zero when the job is not complete.
func (r *Repository) JobValue(ctx context.Context, jobID, installerID uuid.UUID) (int64, error) {
	var cents int64
	err := database.Executor(ctx, r.db).QueryRowContext(ctx, `
		SELECT c.total_cents
		FROM install_jobs j
		JOIN projects p ON p.id = j.project_id
		JOIN contracts c ON c.id = p.contract_id
		WHERE j.id = $1 AND p.installer_id = $2 AND j.status = 'complete'`, jobID, installerID).Scan(&cents)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, nil
	}
	return cents, err
}

// EnsureInstant creates the job's instant payout or returns the existing one.
func (r *Repository) EnsureInstant(ctx context.Context, p Payout) (Payout, error) {
	var out Payout
	var tr sql.NullString
	err := database.Executor(ctx, r.db).QueryRowContext(ctx, `
		INSERT INTO instant_payouts (id, installer_id, job_id, amount_cents, status)
		VALUES ($1, $2, $3, $4, $5)
		ON CONFLICT (job_id) DO UPDATE SET amount_cents = instant_payouts.amount_cents
		RETURNING id, installer_id, job_id, amount_cents, status, transfer_id`,
		p.ID, p.InstallerID, p.JobID, p.AmountCents, p.Status).Scan(
		&out.ID, &out.InstallerID, &out.JobID, &out.AmountCents, &out.Status, &tr)
	out.TransferID = tr.String
	return out, err
}

// MarkInstantPaid stores the transfer for an instant payout.
func (r *Repository) MarkInstantPaid(ctx context.Context, id uuid.UUID, transferID string) error {
	_, err := database.Executor(ctx, r.db).ExecContext(ctx, `
		UPDATE instant_payouts SET status = 'paid', transfer_id = $2 WHERE id = $1`, id, transferID)
	return err
}

// PendingBalance is an installer with money owed.
type PendingBalance struct {
	InstallerID     uuid.UUID
	StripeAccountID string
	PendingCents    int64
}

// PendingBalances lists installers with a positive pending balance.
func (r *Repository) PendingBalances(ctx context.Context) ([]PendingBalance, error) {
	rows, err := database.Executor(ctx, r.db).QueryContext(ctx, `
		SELECT b.installer_id, i.stripe_account_id, b.pending_cents
		FROM installer_balances b JOIN installers i ON i.id = b.installer_id
		WHERE b.pending_cents > 0
		ORDER BY b.installer_id`)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []PendingBalance
	for rows.Next() {
		var b PendingBalance
		if err := rows.Scan(&b.InstallerID, &b.StripeAccountID, &b.PendingCents); err != nil {
			return nil, err
		}
		out = append(out, b)
	}
	return out, rows.Err()
}

// CreatePeriodPayout inserts the payout for (installer, period) unless it
// exists, and returns the stored row.
func (r *Repository) CreatePeriodPayout(ctx context.Context, p Payout) (Payout, bool, error) {
	q := database.Executor(ctx, r.db)
	res, err := q.ExecContext(ctx, `
		INSERT INTO installer_payouts (id, installer_id, period, amount_cents, status)
		VALUES ($1, $2, $3, $4, $5)
		ON CONFLICT (installer_id, period) DO NOTHING`,
		p.ID, p.InstallerID, p.Period, p.AmountCents, p.Status)
	if err != nil {
		return Payout{}, false, err
	}
	n, _ := res.RowsAffected()
	var out Payout
	var tr sql.NullString
	err = q.QueryRowContext(ctx, `
		SELECT id, installer_id, period, amount_cents, status, transfer_id
		FROM installer_payouts WHERE installer_id = $1 AND period = $2`, p.InstallerID, p.Period).Scan(
		&out.ID, &out.InstallerID, &out.Period, &out.AmountCents, &out.Status, &tr)
	out.TransferID = tr.String
	return out, n == 1, err
}

// DebitBalance removes paid-out cents from the pending balance.
func (r *Repository) DebitBalance(ctx context.Context, installerID uuid.UUID, cents int64) error {
	_, err := database.Executor(ctx, r.db).ExecContext(ctx, `
		UPDATE installer_balances SET pending_cents = pending_cents - $2, updated_at = now()
		WHERE installer_id = $1`, installerID, cents)
	return err
}

// MarkPeriodPaid stores the transfer for a weekly payout.
func (r *Repository) MarkPeriodPaid(ctx context.Context, id uuid.UUID, transferID string) error {
	_, err := database.Executor(ctx, r.db).ExecContext(ctx, `
		UPDATE installer_payouts SET status = 'paid', transfer_id = $2 WHERE id = $1`, id, transferID)
	return err
}
