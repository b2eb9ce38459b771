package repo

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"github.com/northwind/payables/internal/domain"
	"github.com/northwind/payables/internal/platform/database"
)

// SupplierRepo persists suppliers and their bank accounts.
type SupplierRepo interface {
	WithTx(tx *sql.Tx) SupplierRepo
	// Create inserts s unless a supplier with the same tax ID already exists
	// for the tenant, in which case s is overwritten with the stored row.
	Create(ctx context.Context, s *domain.Supplier) (created bool, err error)
	Get(ctx context.Context, tenantID, id string) (domain.Supplier, error)
	SetStatus(ctx context.Context, id string, status domain.SupplierStatus) error
	SetStripeAccount(ctx context.Context, id, accountID string) error
	UpsertBankAccount(ctx context.Context, a *domain.BankAccount) error
	DefaultBankAccount(ctx context.Context, supplierID, currency string) (domain.BankAccount, error)
}

type supplierRepo struct{ base }

// NewSupplierRepo returns a SupplierRepo.
func NewSupplierRepo(db *sql.DB) SupplierRepo { return &supplierRepo{base{db}} }

func (r *supplierRepo) WithTx(tx *sql.Tx) SupplierRepo { return &supplierRepo{base{tx}} }

var supplierCols = []string{"id", "tenant_id", "name", "tax_id", "email", "country", "status",
	"card_enabled", "coalesce(stripe_account_id, '')", "created_at"}

func scanSupplier(row interface{ Scan(...any) error }) (domain.Supplier, error) {
	var s domain.Supplier
	err := row.Scan(&s.ID, &s.TenantID, &s.Name, &s.TaxID, &s.Email, &s.Country, &s.Status,
		&s.CardEnabled, &s.StripeAccountID, &s.CreatedAt)
	return s, err
}

func (r *supplierRepo) Create(ctx context.Context, s *domain.Supplier) (bool, error) {
	err := r.insert("suppliers").
		Columns("id", "tenant_id", "name", "tax_id", "email", "country", "status", "card_enabled").
		Values(s.ID, s.TenantID, s.Name, s.TaxID, s.Email, s.Country, s.Status, s.CardEnabled).
		Suffix("ON CONFLICT ON CONSTRAINT suppliers_tenant_tax_uq DO NOTHING RETURNING created_at").
		QueryRowContext(ctx).
		Scan(&s.CreatedAt)
	if err == nil {
		return true, nil
	}
	if !errors.Is(err, sql.ErrNoRows) {
		return false, fmt.Errorf("insert supplier: %w", err)
	}
	existing, err := scanSupplier(r.sel(supplierCols...).From("suppliers").
		Where("tenant_id = ? AND tax_id = ?", s.TenantID, s.TaxID).QueryRowContext(ctx))
	if err != nil {
		return false, fmt.Errorf("load existing supplier: %w", err)
	}
	*s = existing
	return false, nil
}

func (r *supplierRepo) Get(ctx context.Context, tenantID, id string) (domain.Supplier, error) {
	s, err := scanSupplier(r.sel(supplierCols...).From("suppliers").
		Where("tenant_id = ? AND id = ?", tenantID, id).QueryRowContext(ctx))
	return s, database.NotFound(err)
}

func (r *supplierRepo) SetStatus(ctx context.Context, id string, status domain.SupplierStatus) error {
	_, err := r.update("suppliers").
		Set("status", status).Set("updated_at", sqlNow).
		Where("id = ?", id).ExecContext(ctx)
	return err
}

func (r *supplierRepo) SetStripeAccount(ctx context.Context, id, accountID string) error {
	_, err := r.db.ExecContext(ctx,
		`UPDATE suppliers SET stripe_account_id = $2, updated_at = now() WHERE id = $1`, id, accountID)
	return err
}

func (r *supplierRepo) UpsertBankAccount(ctx context.Context, a *domain.BankAccount) error {
	return r.insert("supplier_bank_accounts").
		Columns("id", "supplier_id", "fingerprint", "last4", "currency", "counterparty_id", "is_default").
		Values(a.ID, a.SupplierID, a.Fingerprint, a.Last4, a.Currency, a.CounterpartyID, a.IsDefault).
		Suffix(`ON CONFLICT ON CONSTRAINT supplier_bank_accounts_fp_uq
			DO UPDATE SET counterparty_id = EXCLUDED.counterparty_id, is_default = EXCLUDED.is_default
			RETURNING id, created_at`).
		QueryRowContext(ctx).
		Scan(&a.ID, &a.CreatedAt)
}

func (r *supplierRepo) DefaultBankAccount(ctx context.Context, supplierID, currency string) (domain.BankAccount, error) {
	var a domain.BankAccount
	err := r.sel("id", "supplier_id", "fingerprint", "last4", "currency", "counterparty_id", "is_default", "created_at").
		From("supplier_bank_accounts").
		Where("supplier_id = ? AND currency = ?", supplierID, currency).
		OrderBy("is_default DESC", "created_at DESC").Limit(1).
		QueryRowContext(ctx).
		Scan(&a.ID, &a.SupplierID, &a.Fingerprint, &a.Last4, &a.Currency, &a.CounterpartyID, &a.IsDefault, &a.CreatedAt)
	return a, database.NotFound(err)
}
