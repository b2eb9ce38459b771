package repo

import (
	"context"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/keystone-pm/rent/internal/db"
	"github.com/keystone-pm/rent/internal/ids"
)

// PaymentStore persists tenant payments, funding sources, autopay
// enrollments and refunds.
type PaymentStore interface {
	Insert(ctx context.Context, q db.Querier, p *Payment) error
	InsertAutopay(ctx context.Context, q db.Querier, p *Payment) (*Payment, error)
	Get(ctx context.Context, q db.Querier, id string) (*Payment, error)
	GetForUpdate(ctx context.Context, q db.Querier, id string) (*Payment, error)
	GetByTransferID(ctx context.Context, q db.Querier, transferID string) (*Payment, error)
	MarkSubmitted(ctx context.Context, q db.Querier, id, transferID string) error
	Transition(ctx context.Context, q db.Querier, id string, from []string, to string, failureCode *string) (bool, error)
	ListStale(ctx context.Context, q db.Querier, status string, olderThan time.Time, limit int) ([]Payment, error)
	AppendAttempt(ctx context.Context, q db.Querier, paymentID, key, outcome, detail string) error

	InsertFundingSource(ctx context.Context, q db.Querier, fs *FundingSource) error
	GetFundingSource(ctx context.Context, q db.Querier, id string) (*FundingSource, error)
	UpsertAutopay(ctx context.Context, q db.Querier, a *AutopayEnrollment) error
	ListAutopayDue(ctx context.Context, q db.Querier, dueDay int) ([]AutopayTarget, error)
	DisableAutopay(ctx context.Context, q db.Querier, leaseID string) error

	InsertRefund(ctx context.Context, q db.Querier, r *Refund) error
	GetRefund(ctx context.Context, q db.Querier, id string) (*Refund, error)
	RefundedTotal(ctx context.Context, q db.Querier, paymentID string) (int64, error)
	MarkRefundSubmitted(ctx context.Context, q db.Querier, id, transferID string) error
}

// AutopayTarget joins an enrollment with the lease's current rent.
type AutopayTarget struct {
	LeaseID                 string `db:"lease_id"`
	TenantID                string `db:"tenant_id"`
	FundingSourceID         string `db:"funding_source_id"`
	ProviderFundingSourceID string `db:"provider_funding_source_id"`
	RentCents               int64  `db:"rent_cents"`
}

type PaymentRepo struct{}

func NewPaymentRepo() *PaymentRepo { return &PaymentRepo{} }

const paymentColumns = `id, lease_id, tenant_id, funding_source_id, amount_cents, source, period, status,
	transfer_id, failure_code, disbursement_id, processed_at, created_at, updated_at`

func (r *PaymentRepo) Insert(ctx context.Context, q db.Querier, p *Payment) error {
	_, err := q.Exec(ctx, `
		INSERT INTO payments (id, lease_id, tenant_id, funding_source_id, amount_cents, source, period, status)
		VALUES ($1, $2, $3, $4, $5, $6, $7, 'pending')`,
		p.ID, p.LeaseID, p.TenantID, p.FundingSourceID, p.AmountCents, p.Source, p.Period)
	if err != nil {
		return fmt.Errorf("insert payment: %w", err)
	}
	p.Status = PaymentPending
	return nil
}

// InsertAutopay creates the autopay payment for the lease and period, or
// returns the one that already exists.
func (r *PaymentRepo) InsertAutopay(ctx context.Context, q db.Querier, p *Payment) (*Payment, error) {
	_, err := q.Exec(ctx, `
		INSERT INTO payments (id, lease_id, tenant_id, funding_source_id, amount_cents, source, period, status)
		VALUES ($1, $2, $3, $4, $5, 'autopay', $6, 'pending')
		ON CONFLICT (lease_id, period) WHERE source = 'autopay' DO NOTHING`,
		p.ID, p.LeaseID, p.TenantID, p.FundingSourceID, p.AmountCents, p.Period)
	if err != nil {
		return nil, fmt.Errorf("insert autopay payment: %w", err)
	}
	return r.one(ctx, q, `SELECT `+paymentColumns+` FROM payments
		WHERE lease_id = $1 AND period = $2 AND source = 'autopay'`, p.LeaseID, p.Period)
}

func (r *PaymentRepo) one(ctx context.Context, q db.Querier, sql string, args ...any) (*Payment, error) {
	rows, err := q.Query(ctx, sql, args...)
	if err != nil {
		return nil, err
	}
	p, err := pgx.CollectExactlyOneRow(rows, pgx.RowToAddrOfStructByName[Payment])
	if db.IsNoRows(err) {
		return nil, ErrNotFound
	}
	return p, err
}

func (r *PaymentRepo) Get(ctx context.Context, q db.Querier, id string) (*Payment, error) {
	return r.one(ctx, q, `SELECT `+paymentColumns+` FROM payments WHERE id = $1`, id)
}

func (r *PaymentRepo) GetForUpdate(ctx context.Context, q db.Querier, id string) (*Payment, error) {
	return r.one(ctx, q, `SELECT `+paymentColumns+` FROM payments WHERE id = $1 FOR UPDATE`, id)
}

func (r *PaymentRepo) GetByTransferID(ctx context.Context, q db.Querier, transferID string) (*Payment, error) {
	return r.one(ctx, q, `SELECT `+paymentColumns+` FROM payments WHERE transfer_id = $1`, transferID)
}

func (r *PaymentRepo) MarkSubmitted(ctx context.Context, q db.Querier, id, transferID string) error {
	_, err := q.Exec(ctx, `
		UPDATE payments SET status = 'submitted', transfer_id = $2, updated_at = now()
		WHERE id = $1 AND status = 'pending'`, id, transferID)
	return err
}

// Transition moves a payment from one of the given statuses to another and
// reports whether it did.
func (r *PaymentRepo) Transition(ctx context.Context, q db.Querier, id string, from []string, to string, failureCode *string) (bool, error) {
	tag, err := q.Exec(ctx, `
		UPDATE payments SET status = $3, failure_code = COALESCE($4, failure_code), updated_at = now(),
			processed_at = CASE WHEN $3 = 'processed' THEN now() ELSE processed_at END
		WHERE id = $1 AND status = ANY($2)`, id, from, to, failureCode)
	if err != nil {
		return false, err
	}
	return tag.RowsAffected() == 1, nil
}

func (r *PaymentRepo) ListStale(ctx context.Context, q db.Querier, status string, olderThan time.Time, limit int) ([]Payment, error) {
	rows, err := q.Query(ctx, `SELECT `+paymentColumns+` FROM payments
		WHERE status = $1 AND updated_at < $2 ORDER BY updated_at LIMIT $3`, status, olderThan, limit)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, pgx.RowToStructByName[Payment])
}

// AppendAttempt records one submission attempt for audit.
func (r *PaymentRepo) AppendAttempt(ctx context.Context, q db.Querier, paymentID, key, outcome, detail string) error {
	_, err := q.Exec(ctx, `
		INSERT INTO payment_attempts (id, payment_id, idempotency_key, outcome, detail)
		VALUES ($1, $2, $3, $4, $5)`, ids.Attempt(), paymentID, key, outcome, detail)
	return err
}

func (r *PaymentRepo) InsertFundingSource(ctx context.Context, q db.Querier, fs *FundingSource) error {
	return q.QueryRow(ctx, `
		INSERT INTO funding_sources (id, tenant_id, provider_funding_source_id, bank_name, account_mask, status)
		VALUES ($1, $2, $3, $4, $5, $6)
		ON CONFLICT (provider_funding_source_id) DO UPDATE SET status = EXCLUDED.status
		RETURNING id, created_at`,
		fs.ID, fs.TenantID, fs.ProviderFundingSourceID, fs.BankName, fs.AccountMask, fs.Status).
		Scan(&fs.ID, &fs.CreatedAt)
}

func (r *PaymentRepo) GetFundingSource(ctx context.Context, q db.Querier, id string) (*FundingSource, error) {
	rows, err := q.Query(ctx, `
		SELECT id, tenant_id, provider_funding_source_id, bank_name, account_mask, status, created_at
		FROM funding_sources WHERE id = $1`, id)
	if err != nil {
		return nil, err
	}
	fs, err := pgx.CollectExactlyOneRow(rows, pgx.RowToAddrOfStructByName[FundingSource])
	if db.IsNoRows(err) {
		return nil, ErrNotFound
	}
	return fs, err
}

func (r *PaymentRepo) UpsertAutopay(ctx context.Context, q db.Querier, a *AutopayEnrollment) error {
	return q.QueryRow(ctx, `
		INSERT INTO autopay_enrollments (lease_id, tenant_id, funding_source_id, enabled)
		VALUES ($1, $2, $3, $4)
		ON CONFLICT (lease_id) DO UPDATE
			SET tenant_id = EXCLUDED.tenant_id, funding_source_id = EXCLUDED.funding_source_id,
			    enabled = EXCLUDED.enabled, updated_at = now()
		RETURNING updated_at`, a.LeaseID, a.TenantID, a.FundingSourceID, a.Enabled).Scan(&a.UpdatedAt)
}

func (r *PaymentRepo) ListAutopayDue(ctx context.Context, q db.Querier, dueDay int) ([]AutopayTarget, error) {
	rows, err := q.Query(ctx, `
		SELECT a.lease_id, a.tenant_id, a.funding_source_id, fs.provider_funding_source_id, l.rent_cents
		FROM autopay_enrollments a
		JOIN leases l ON l.id = a.lease_id
		JOIN funding_sources fs ON fs.id = a.funding_source_id
		WHERE a.enabled AND l.status = 'active' AND l.due_day = $1 AND fs.status = 'verified'
		ORDER BY a.lease_id`, dueDay)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, pgx.RowToStructByName[AutopayTarget])
}

func (r *PaymentRepo) DisableAutopay(ctx context.Context, q db.Querier, leaseID string) error {
	_, err := q.Exec(ctx, `UPDATE autopay_enrollments SET enabled = FALSE, updated_at = now() WHERE lease_id = $1`, leaseID)
	return err
}

func (r *PaymentRepo) InsertRefund(ctx context.Context, q db.Querier, rf *Refund) error {
	_, err := q.Exec(ctx, `
		INSERT INTO refunds (id, payment_id, amount_cents, reason, status) VALUES ($1, $2, $3, $4, 'pending')`,
		rf.ID, rf.PaymentID, rf.AmountCents, rf.Reason)
	rf.Status = "pending"
	return err
}

func (r *PaymentRepo) GetRefund(ctx context.Context, q db.Querier, id string) (*Refund, error) {
	rows, err := q.Query(ctx, `
		SELECT id, payment_id, amount_cents, reason, status, transfer_id, created_at, updated_at
		FROM refunds WHERE id = $1`, id)
	if err != nil {
		return nil, err
	}
	rf, err := pgx.CollectExactlyOneRow(rows, pgx.RowToAddrOfStructByName[Refund])
	if db.IsNoRows(err) {
		return nil, ErrNotFound
	}
	return rf, err
}

func (r *PaymentRepo) RefundedTotal(ctx context.Context, q db.Querier, paymentID string) (int64, error) {
	var total int64
	err := q.QueryRow(ctx, `
		SELECT COALESCE(SUM(amount_cents), 0) FROM refunds WHERE payment_id = $1 AND status <> 'failed'`,
		paymentID).Scan(&total)
	return total, err
}

func (r *PaymentRepo) MarkRefundSubmitted(ctx context.Context, q db.Querier, id, transferID string) error {
	_, err := q.Exec(ctx, `
		UPDATE refunds SET status = 'submitted', transfer_id = $2, updated_at = now()
		WHERE id = $1 AND status = 'pending'`, id, transferID)
	return err
}
