package repo

import (
	"context"
	"errors"
	"time"

	"github.com/google/uuid"
	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"github.com/kestrelfin/factoring/internal/domain"
)

var ErrInsufficientHeadroom = errors.New("repo: supplier credit headroom exhausted")

type SupplierRepository interface {
	CreateIfAbsent(ctx context.Context, s *domain.Supplier) (bool, error)
	Get(ctx context.Context, id uuid.UUID) (*domain.Supplier, error)
	GetByRegistration(ctx context.Context, country, number string) (*domain.Supplier, error)
	Reserve(ctx context.Context, id uuid.UUID, amountMinor int64) error
	Release(ctx context.Context, id uuid.UUID, amountMinor int64) error
	SetCreditDecision(ctx context.Context, id uuid.UUID, status string, limitMinor int64) error
}

type supplierRepo struct{ db *gorm.DB }

func (r *supplierRepo) CreateIfAbsent(ctx context.Context, s *domain.Supplier) (bool, error) {
	return insertIgnore(ctx, r.db, s, "country", "registration_number")
}

func (r *supplierRepo) Get(ctx context.Context, id uuid.UUID) (*domain.Supplier, error) {
	return byID[domain.Supplier](ctx, r.db, id)
}

func (r *supplierRepo) GetByRegistration(ctx context.Context, country, number string) (*domain.Supplier, error) {
	return firstWhere[domain.Supplier](ctx, r.db, "country = ? AND registration_number = ?", country, number)
}

func (r *supplierRepo) Reserve(ctx context.Context, id uuid.UUID, amountMinor int64) error {
	n, err := updateWhere[domain.Supplier](ctx, r.db,
		map[string]any{"reserved_minor": gorm.Expr("reserved_minor + ?", amountMinor), "updated_at": time.Now().UTC()},
		"id = ? AND credit_limit_minor - reserved_minor >= ?", id, amountMinor)
	if err != nil {
		return err
	}
	if n == 0 {
		return ErrInsufficientHeadroom
	}
	return nil
}

func (r *supplierRepo) Release(ctx context.Context, id uuid.UUID, amountMinor int64) error {
	_, err := updateWhere[domain.Supplier](ctx, r.db,
		map[string]any{"reserved_minor": gorm.Expr("GREATEST(reserved_minor - ?, 0)", amountMinor), "updated_at": time.Now().UTC()},
		"id = ?", id)
	return err
}

func (r *supplierRepo) SetCreditDecision(ctx context.Context, id uuid.UUID, status string, limitMinor int64) error {
	_, err := updateWhere[domain.Supplier](ctx, r.db,
		map[string]any{"status": status, "credit_limit_minor": limitMinor, "updated_at": time.Now().UTC()},
		"id = ?", id)
	return err
}

type DebtorRepository interface {
	Upsert(ctx context.Context, d *domain.Debtor) (*domain.Debtor, error)
	Get(ctx context.Context, id uuid.UUID) (*domain.Debtor, error)
}

type debtorRepo struct{ db *gorm.DB }

// Upsert writes the debtor's contact details, keyed by registration, and
// returns the stored row.
func (r *debtorRepo) Upsert(ctx context.Context, d *domain.Debtor) (*domain.Debtor, error) {
	err := r.db.WithContext(ctx).Clauses(clause.OnConflict{
		Columns: []clause.Column{{Name: "country"}, {Name: "registration_number"}},
		DoUpdates: clause.AssignmentColumns([]string{
			"legal_name", "billing_email", "address_line1", "address_line2", "city", "postcode", "updated_at",
		}),
	}).Create(d).Error
	if err != nil {
		return nil, err
	}
	return firstWhere[domain.Debtor](ctx, r.db, "country = ? AND registration_number = ?", d.Country, d.RegistrationNumber)
}

func (r *debtorRepo) Get(ctx context.Context, id uuid.UUID) (*domain.Debtor, error) {
	return byID[domain.Debtor](ctx, r.db, id)
}

type InvoiceRepository interface {
	Create(ctx context.Context, inv *domain.Invoice) error
	Get(ctx context.Context, id uuid.UUID) (*domain.Invoice, error)
	GetForUpdate(ctx context.Context, id uuid.UUID) (*domain.Invoice, error)
	GetBySupplierNumber(ctx context.Context, supplierID uuid.UUID, number string) (*domain.Invoice, error)
	ConfirmByToken(ctx context.Context, token string, at time.Time) (*domain.Invoice, bool, error)
	SetStatus(ctx context.Context, id uuid.UUID, status string) error
	AddPayment(ctx context.Context, id uuid.UUID, amountMinor int64) (*domain.Invoice, error)
	MarkSettled(ctx context.Context, id uuid.UUID, at time.Time) (bool, error)
	ListDueBetween(ctx context.Context, from, to time.Time, statuses ...string) ([]domain.Invoice, error)
	FindOpenByNumber(ctx context.Context, number string, currency string) ([]domain.Invoice, error)
}

type invoiceRepo struct{ db *gorm.DB }

func (r *invoiceRepo) Create(ctx context.Context, inv *domain.Invoice) error {
	return create(ctx, r.db, inv)
}

func (r *invoiceRepo) Get(ctx context.Context, id uuid.UUID) (*domain.Invoice, error) {
	return byID[domain.Invoice](ctx, r.db, id)
}

func (r *invoiceRepo) GetForUpdate(ctx context.Context, id uuid.UUID) (*domain.Invoice, error) {
	return lockedByID[domain.Invoice](ctx, r.db, id)
}

func (r *invoiceRepo) GetBySupplierNumber(ctx context.Context, supplierID uuid.UUID, number string) (*domain.Invoice, error) {
	return firstWhere[domain.Invoice](ctx, r.db, "supplier_id = ? AND invoice_number = ?", supplierID, number)
}

func (r *invoiceRepo) ConfirmByToken(ctx context.Context, token string, at time.Time) (*domain.Invoice, bool, error) {
	n, err := updateWhere[domain.Invoice](ctx, r.db,
		map[string]any{"debtor_confirmed_at": at, "status": domain.InvoiceConfirmed, "updated_at": at},
		"confirm_token = ? AND debtor_confirmed_at IS NULL AND status = ?", token, domain.InvoiceUploaded)
	if err != nil {
		return nil, false, err
	}
	inv, err := firstWhere[domain.Invoice](ctx, r.db, "confirm_token = ?", token)
	if err != nil {
		return nil, false, err
	}
	return inv, n == 1, nil
}

func (r *invoiceRepo) SetStatus(ctx context.Context, id uuid.UUID, status string) error {
	_, err := updateWhere[domain.Invoice](ctx, r.db,
		map[string]any{"status": status, "updated_at": time.Now().UTC()}, "id = ?", id)
	return err
}

func (r *invoiceRepo) AddPayment(ctx context.Context, id uuid.UUID, amountMinor int64) (*domain.Invoice, error) {
	inv := domain.Invoice{ID: id}
	res := r.db.WithContext(ctx).Model(&inv).Clauses(clause.Returning{}).
		Updates(map[string]any{"paid_minor": gorm.Expr("paid_minor + ?", amountMinor), "updated_at": time.Now().UTC()})
	if res.Error != nil {
		return nil, res.Error
	}
	if res.RowsAffected == 0 {
		return nil, ErrNotFound
	}
	return &inv, nil
}

func (r *invoiceRepo) MarkSettled(ctx context.Context, id uuid.UUID, at time.Time) (bool, error) {
	n, err := updateWhere[domain.Invoice](ctx, r.db,
		map[string]any{"status": domain.InvoiceSettled, "settled_at": at, "updated_at": at},
		"id = ? AND status <> ?", id, domain.InvoiceSettled)
	return n == 1, err
}

func (r *invoiceRepo) ListDueBetween(ctx context.Context, from, to time.Time, statuses ...string) ([]domain.Invoice, error) {
	var out []domain.Invoice
	q := r.db.WithContext(ctx).Where("due_date >= ? AND due_date < ?", from, to)
	if len(statuses) > 0 {
		q = q.Where("status IN ?", statuses)
	}
	err := q.Order("due_date, id").Find(&out).Error
	return out, err
}

func (r *invoiceRepo) FindOpenByNumber(ctx context.Context, number string, currency string) ([]domain.Invoice, error) {
	var out []domain.Invoice
	err := r.db.WithContext(ctx).
		Where("invoice_number = ? AND currency = ? AND status IN ?", number, currency,
			[]string{domain.InvoiceConfirmed, domain.InvoiceFunded}).
		Limit(2).Find(&out).Error
	return out, err
}

type DisputeRepository interface {
	Create(ctx context.Context, d *domain.Dispute) error
	ListOpen(ctx context.Context, invoiceID uuid.UUID) ([]domain.Dispute, error)
}

type disputeRepo struct{ db *gorm.DB }

func (r *disputeRepo) Create(ctx context.Context, d *domain.Dispute) error {
	return create(ctx, r.db, d)
}

func (r *disputeRepo) ListOpen(ctx context.Context, invoiceID uuid.UUID) ([]domain.Dispute, error) {
	var out []domain.Dispute
	err := r.db.WithContext(ctx).Where("invoice_id = ? AND status = 'open'", invoiceID).Find(&out).Error
	return out, err
}

type CreditCheckRepository interface {
	Create(ctx context.Context, c *domain.CreditCheck) error
	CreateIfAbsent(ctx context.Context, c *domain.CreditCheck) (*domain.CreditCheck, error)
	Get(ctx context.Context, id uuid.UUID) (*domain.CreditCheck, error)
	Complete(ctx context.Context, id uuid.UUID, score int, limitMinor int64, bureauRef string) error
}

type creditCheckRepo struct{ db *gorm.DB }

func (r *creditCheckRepo) Create(ctx context.Context, c *domain.CreditCheck) error {
	return create(ctx, r.db, c)
}

// CreateIfAbsent returns the check already registered for the same subject
// and trigger, or stores c.
func (r *creditCheckRepo) CreateIfAbsent(ctx context.Context, c *domain.CreditCheck) (*domain.CreditCheck, error) {
	if _, err := insertIgnore(ctx, r.db, c, "subject_type", "subject_id", "trigger_ref"); err != nil {
		return nil, err
	}
	return firstWhere[domain.CreditCheck](ctx, r.db, "subject_type = ? AND subject_id = ? AND trigger_ref = ?",
		c.SubjectType, c.SubjectID, c.TriggerRef)
}

func (r *creditCheckRepo) Get(ctx context.Context, id uuid.UUID) (*domain.CreditCheck, error) {
	return byID[domain.CreditCheck](ctx, r.db, id)
}

func (r *creditCheckRepo) Complete(ctx context.Context, id uuid.UUID, score int, limitMinor int64, bureauRef string) error {
	_, err := updateWhere[domain.CreditCheck](ctx, r.db, map[string]any{
		"status":       "completed",
		"score":        score,
		"limit_minor":  limitMinor,
		"bureau_ref":   bureauRef,
		"completed_at": time.Now().UTC(),
	}, "id = ?", id)
	return err
}
