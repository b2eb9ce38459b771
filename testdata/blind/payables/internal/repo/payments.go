package repo

import (
	"context"
	"database/sql"
	"fmt"

	sq "github.com/Masterminds/squirrel"
	"github.com/google/uuid"

	"github.com/northwind/payables/internal/domain"
	"github.com/northwind/payables/internal/platform/database"
	"github.com/northwind/payables/internal/platform/ids"
)

// PaymentRepo persists payments and their provider attempts.
type PaymentRepo interface {
	WithTx(tx *sql.Tx) PaymentRepo
	Insert(ctx context.Context, p *domain.Payment) error
	InsertForRun(ctx context.Context, p *domain.Payment) (bool, error)
	Get(ctx context.Context, id string) (domain.Payment, error)
	GetForUpdate(ctx context.Context, id string) (domain.Payment, error)
	GetByProviderRef(ctx context.Context, ref string) (domain.Payment, error)
	ListByRun(ctx context.Context, runID string, method domain.PaymentMethod, statuses ...domain.PaymentStatus) ([]domain.Payment, error)
	ListSettledWithoutRemittance(ctx context.Context, limit uint64) ([]domain.Payment, error)
	MarkSubmitted(ctx context.Context, id, providerRef string) error
	MarkSettled(ctx context.Context, id string) (bool, error)
	MarkFailed(ctx context.Context, id, code string) (bool, error)
	MarkReturned(ctx context.Context, id, code string) error
	LogAttempt(ctx context.Context, a *domain.PaymentAttempt) error
	FinishAttempt(ctx context.Context, id, outcome, errMsg string) error
}

type paymentRepo struct{ base }

// NewPaymentRepo returns a PaymentRepo.
func NewPaymentRepo(db *sql.DB) PaymentRepo { return &paymentRepo{base{db}} }

func (r *paymentRepo) WithTx(tx *sql.Tx) PaymentRepo { return &paymentRepo{base{tx}} }

var paymentCols = []string{"id", "tenant_id", "coalesce(run_id::text, '')", "invoice_id", "supplier_id",
	"method", "amount_minor", "currency", "status", "coalesce(provider_ref, '')", "scheduled_for",
	"coalesce(retry_of::text, '')", "coalesce(failure_code, '')", "created_at"}

func scanPayment(row interface{ Scan(...any) error }) (domain.Payment, error) {
	var p domain.Payment
	err := row.Scan(&p.ID, &p.TenantID, &p.RunID, &p.InvoiceID, &p.SupplierID, &p.Method,
		&p.AmountMinor, &p.Currency, &p.Status, &p.ProviderRef, &p.ScheduledFor, &p.RetryOf,
		&p.FailureCode, &p.CreatedAt)
	return p, err
}

func (r *paymentRepo) builder(p *domain.Payment) sq.InsertBuilder {
	if p.ID == "" {
		p.ID = uuid.NewString()
	}
	if p.Status == "" {
		p.Status = domain.PaymentPending
	}
	return r.insert("payments").
		Columns("id", "tenant_id", "run_id", "invoice_id", "supplier_id", "method", "amount_minor",
			"currency", "status", "scheduled_for", "retry_of").
		Values(p.ID, p.TenantID, nullString(p.RunID), p.InvoiceID, p.SupplierID, p.Method,
			p.AmountMinor, p.Currency, p.Status, p.ScheduledFor, nullString(p.RetryOf))
}

func (r *paymentRepo) Insert(ctx context.Context, p *domain.Payment) error {
	if err := r.builder(p).Suffix("RETURNING created_at").QueryRowContext(ctx).Scan(&p.CreatedAt); err != nil {
		return fmt.Errorf("insert payment: %w", err)
	}
	return nil
}

// InsertForRun adds p to its run unless the invoice is already in that run.
func (r *paymentRepo) InsertForRun(ctx context.Context, p *domain.Payment) (bool, error) {
	res, err := r.builder(p).
		Suffix("ON CONFLICT (run_id, invoice_id) WHERE run_id IS NOT NULL DO NOTHING").
		ExecContext(ctx)
	if err != nil {
		return false, fmt.Errorf("insert run payment: %w", err)
	}
	n, err := rowsAffected(res)
	return n == 1, err
}

func (r *paymentRepo) Get(ctx context.Context, id string) (domain.Payment, error) {
	p, err := scanPayment(r.sel(paymentCols...).From("payments").Where("id = ?", id).QueryRowContext(ctx))
	return p, database.NotFound(err)
}

func (r *paymentRepo) GetForUpdate(ctx context.Context, id string) (domain.Payment, error) {
	p, err := scanPayment(r.sel(paymentCols...).From("payments").Where("id = ?", id).
		Suffix("FOR UPDATE").QueryRowContext(ctx))
	return p, database.NotFound(err)
}

func (r *paymentRepo) GetByProviderRef(ctx context.Context, ref string) (domain.Payment, error) {
	p, err := scanPayment(r.sel(paymentCols...).From("payments").Where("provider_ref = ?", ref).QueryRowContext(ctx))
	return p, database.NotFound(err)
}

func (r *paymentRepo) ListByRun(ctx context.Context, runID string, method domain.PaymentMethod, statuses ...domain.PaymentStatus) ([]domain.Payment, error) {
	q := r.sel(paymentCols...).From("payments").Where(sq.Eq{"run_id": runID, "method": method})
	if len(statuses) > 0 {
		q = q.Where(sq.Eq{"status": statuses})
	}
	return r.list(ctx, q.OrderBy("created_at", "id"))
}

func (r *paymentRepo) ListSettledWithoutRemittance(ctx context.Context, limit uint64) ([]domain.Payment, error) {
	cols := make([]string, len(paymentCols))
	for i, c := range paymentCols {
		cols[i] = prefixCol("p", c)
	}
	return r.list(ctx, r.sel(cols...).From("payments p").
		LeftJoin("remittances rm ON rm.payment_id = p.id").
		Where("p.status = ? AND rm.payment_id IS NULL", domain.PaymentSettled).
		OrderBy("p.updated_at").Limit(limit))
}

func (r *paymentRepo) list(ctx context.Context, q sq.SelectBuilder) ([]domain.Payment, error) {
	rows, err := q.QueryContext(ctx)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []domain.Payment
	for rows.Next() {
		p, err := scanPayment(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, p)
	}
	return out, rows.Err()
}

func (r *paymentRepo) MarkSubmitted(ctx context.Context, id, providerRef string) error {
	_, err := r.update("payments").
		Set("status", domain.PaymentSubmitted).
		Set("provider_ref", providerRef).
		Set("updated_at", sqlNow).
		Where(sq.Eq{"id": id, "status": []domain.PaymentStatus{domain.PaymentPending, domain.PaymentProcessing}}).
		ExecContext(ctx)
	return err
}

func (r *paymentRepo) MarkSettled(ctx context.Context, id string) (bool, error) {
	return r.transition(ctx, id, domain.PaymentSettled, "")
}

func (r *paymentRepo) MarkFailed(ctx context.Context, id, code string) (bool, error) {
	return r.transition(ctx, id, domain.PaymentFailed, code)
}

// MarkReturned records that the bank returned the funds of a settled payment.
func (r *paymentRepo) MarkReturned(ctx context.Context, id, code string) error {
	_, err := r.db.ExecContext(ctx,
		`UPDATE payments SET status = 'returned', failure_code = $2, updated_at = now() WHERE id = $1`, id, code)
	return err
}

func (r *paymentRepo) transition(ctx context.Context, id string, to domain.PaymentStatus, code string) (bool, error) {
	q := r.update("payments").Set("status", to).Set("updated_at", sqlNow).
		Where("id = ? AND status NOT IN ('settled', 'failed', 'cancelled')", id)
	if code != "" {
		q = q.Set("failure_code", code)
	}
	res, err := q.ExecContext(ctx)
	if err != nil {
		return false, err
	}
	n, err := rowsAffected(res)
	return n == 1, err
}

// LogAttempt appends a provider attempt to the payment's audit log.
func (r *paymentRepo) LogAttempt(ctx context.Context, a *domain.PaymentAttempt) error {
	if a.ID == "" {
		a.ID = ids.NewULID()
	}
	_, err := r.insert("payment_attempts").
		Columns("id", "payment_id", "provider", "outcome").
		Values(a.ID, a.PaymentID, a.Provider, "started").
		ExecContext(ctx)
	return err
}

func (r *paymentRepo) FinishAttempt(ctx context.Context, id, outcome, errMsg string) error {
	_, err := r.update("payment_attempts").Set("outcome", outcome).Set("error", errMsg).
		Where("id = ?", id).ExecContext(ctx)
	return err
}

func prefixCol(alias, col string) string {
	const co = "coalesce("
	if len(col) > len(co) && col[:len(co)] == co {
		return co + alias + "." + col[len(co):]
	}
	return alias + "." + col
}
