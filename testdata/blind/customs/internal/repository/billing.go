package repository

import (
	"context"
	"errors"
	"time"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"github.com/harborline/brokerage/internal/domain"
)

// Usage counters that IncrementUsage accepts.
const (
	UsageDeclarations = "declarations_cleared"
	UsageInspections  = "inspections_done"
)

// BillingRepository persists line items, usage, invoices and credit notes.
type BillingRepository interface {
	AddLineItem(ctx context.Context, li *domain.BillingLineItem) error
	AddLineItemOnce(ctx context.Context, li *domain.BillingLineItem) (bool, error)
	IncrementUsage(ctx context.Context, importerID, period, counter string) error
	Usage(ctx context.Context, importerID, period string) (*domain.MonthlyUsage, error)
	ImportersWithActivity(ctx context.Context, period string) ([]string, error)
	InvoiceTotal(ctx context.Context, invoiceID string) (int64, error)
	FinaliseInvoice(ctx context.Context, invoiceID string, subtotalCents int64) error

	CreateInvoice(ctx context.Context, inv *domain.Invoice) error
	AttachLineItems(ctx context.Context, invoiceID, importerID, period string) (int64, error)
	GetInvoice(ctx context.Context, id string) (*domain.Invoice, error)
	GetInvoiceForUpdate(ctx context.Context, id string) (*domain.Invoice, error)
	MarkInvoiceCharged(ctx context.Context, id, providerPaymentID string, at time.Time) error
	SetInvoiceStatus(ctx context.Context, id, status string) error
	NextInvoiceNumber(ctx context.Context, period string) (string, error)

	CreateCreditNote(ctx context.Context, cn *domain.CreditNote) error
	ApplyCredit(ctx context.Context, invoiceID string, amountCents int64) error

	WithTx(tx *gorm.DB) BillingRepository
}

type BillingRepo struct{ db *gorm.DB }

func NewBillingRepo(db *gorm.DB) *BillingRepo { return &BillingRepo{db: db} }

func (r *BillingRepo) WithTx(tx *gorm.DB) BillingRepository { return &BillingRepo{db: tx} }

func (r *BillingRepo) AddLineItem(ctx context.Context, li *domain.BillingLineItem) error {
	return r.db.WithContext(ctx).Create(li).Error
}

// AddLineItemOnce inserts li keyed by its ID; it reports false if a line item
// with that ID already exists.
func (r *BillingRepo) AddLineItemOnce(ctx context.Context, li *domain.BillingLineItem) (bool, error) {
	res := r.db.WithContext(ctx).Clauses(clause.OnConflict{DoNothing: true}).Create(li)
	return res.RowsAffected == 1, res.Error
}

func (r *BillingRepo) IncrementUsage(ctx context.Context, importerID, period, counter string) error {
	row := map[string]any{
		"importer_id": importerID, "period": period, counter: 1, "updated_at": time.Now().UTC(),
	}
	return r.db.WithContext(ctx).Model(&domain.MonthlyUsage{}).Clauses(clause.OnConflict{
		Columns: []clause.Column{{Name: "importer_id"}, {Name: "period"}},
		DoUpdates: clause.Assignments(map[string]any{
			counter:      gorm.Expr("monthly_usage." + counter + " + 1"),
			"updated_at": time.Now().UTC(),
		}),
	}).Create(row).Error
}

func (r *BillingRepo) Usage(ctx context.Context, importerID, period string) (*domain.MonthlyUsage, error) {
	u := domain.MonthlyUsage{ImporterID: importerID, Period: period}
	err := r.db.WithContext(ctx).Where("importer_id = ? AND period = ?", importerID, period).Take(&u).Error
	if err != nil && !errors.Is(err, gorm.ErrRecordNotFound) {
		return nil, err
	}
	return &u, nil
}

// ImportersWithActivity lists importers that have billable line items in
// the period.
func (r *BillingRepo) ImportersWithActivity(ctx context.Context, period string) ([]string, error) {
	var ids []string
	err := r.db.WithContext(ctx).Model(&domain.BillingLineItem{}).
		Where("period = ?", period).
		Distinct("importer_id").Order("importer_id").Pluck("importer_id", &ids).Error
	return ids, err
}

func (r *BillingRepo) InvoiceTotal(ctx context.Context, invoiceID string) (int64, error) {
	var total int64
	err := r.db.WithContext(ctx).Model(&domain.BillingLineItem{}).
		Select("COALESCE(SUM(amount_cents),0)").Where("invoice_id = ?", invoiceID).
		Scan(&total).Error
	return total, err
}

func (r *BillingRepo) FinaliseInvoice(ctx context.Context, invoiceID string, subtotalCents int64) error {
	return r.db.WithContext(ctx).Model(&domain.Invoice{}).Where("id = ?", invoiceID).
		Updates(map[string]any{"subtotal_cents": subtotalCents, "status": "open"}).Error
}

func (r *BillingRepo) CreateInvoice(ctx context.Context, inv *domain.Invoice) error {
	return r.db.WithContext(ctx).Create(inv).Error
}

func (r *BillingRepo) AttachLineItems(ctx context.Context, invoiceID, importerID, period string) (int64, error) {
	res := r.db.WithContext(ctx).Model(&domain.BillingLineItem{}).
		Where("importer_id = ? AND period = ? AND invoice_id IS NULL", importerID, period).
		Update("invoice_id", invoiceID)
	return res.RowsAffected, res.Error
}

func (r *BillingRepo) GetInvoice(ctx context.Context, id string) (*domain.Invoice, error) {
	var inv domain.Invoice
	if err := r.db.WithContext(ctx).First(&inv, "id = ?", id).Error; err != nil {
		return nil, notFound(err)
	}
	return &inv, nil
}

func (r *BillingRepo) GetInvoiceForUpdate(ctx context.Context, id string) (*domain.Invoice, error) {
	var inv domain.Invoice
	err := r.db.WithContext(ctx).Clauses(clause.Locking{Strength: "UPDATE"}).First(&inv, "id = ?", id).Error
	if err != nil {
		return nil, notFound(err)
	}
	return &inv, nil
}

func (r *BillingRepo) MarkInvoiceCharged(ctx context.Context, id, providerPaymentID string, at time.Time) error {
	return r.db.WithContext(ctx).Model(&domain.Invoice{}).Where("id = ?", id).
		Updates(map[string]any{"status": "paid", "provider_payment_id": providerPaymentID, "charged_at": at}).Error
}

func (r *BillingRepo) SetInvoiceStatus(ctx context.Context, id, status string) error {
	return r.db.WithContext(ctx).Model(&domain.Invoice{}).Where("id = ?", id).Update("status", status).Error
}

func (r *BillingRepo) NextInvoiceNumber(ctx context.Context, period string) (string, error) {
	var n int64
	if err := r.db.WithContext(ctx).Model(&domain.Invoice{}).Where("period = ?", period).Count(&n).Error; err != nil {
		return "", err
	}
	return invoiceNumber(period, n+1), nil
}

func (r *BillingRepo) CreateCreditNote(ctx context.Context, cn *domain.CreditNote) error {
	return r.db.WithContext(ctx).Create(cn).Error
}

func (r *BillingRepo) ApplyCredit(ctx context.Context, invoiceID string, amountCents int64) error {
	return r.db.WithContext(ctx).Model(&domain.Invoice{}).Where("id = ?", invoiceID).
		Update("credited_cents", gorm.Expr("credited_cents + ?", amountCents)).Error
}
