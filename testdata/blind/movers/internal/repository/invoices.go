package repository

import (
	"context"
	"time"

	"github.com/google/uuid"
	"gorm.io/gorm"

	"github.com/haulright/movers/internal/domain"
)

type InvoiceRepository interface {
	WithTx(tx *gorm.DB) InvoiceRepository
	CreateIfAbsent(ctx context.Context, inv *domain.Invoice) (bool, error)
	Get(ctx context.Context, id uuid.UUID) (*domain.Invoice, error)
	GetForUpdate(ctx context.Context, id uuid.UUID) (*domain.Invoice, error)
	ByBooking(ctx context.Context, bookingID uuid.UUID) (*domain.Invoice, error)
	AddLines(ctx context.Context, lines []domain.InvoiceLine) error
	MarkSent(ctx context.Context, id uuid.UUID, at time.Time) error
	MarkPaid(ctx context.Context, id uuid.UUID, at time.Time) error

	EnsurePayment(ctx context.Context, p *domain.InvoicePayment) (*domain.InvoicePayment, error)
	UpdatePayment(ctx context.Context, id uuid.UUID, chargeID string, status domain.PaymentStatus, reason *string) error
	PaymentByChargeID(ctx context.Context, chargeID string) (*domain.InvoicePayment, error)
}

type invoiceRepo struct{ db *gorm.DB }

func NewInvoiceRepository(db *gorm.DB) InvoiceRepository { return &invoiceRepo{db: db} }

func (r *invoiceRepo) WithTx(tx *gorm.DB) InvoiceRepository { return &invoiceRepo{db: tx} }

func (r *invoiceRepo) CreateIfAbsent(ctx context.Context, inv *domain.Invoice) (bool, error) {
	lines := inv.Lines
	inv.Lines = nil
	defer func() { inv.Lines = lines }()
	return insertIgnore(ctx, r.db, inv, "booking_id")
}

func (r *invoiceRepo) Get(ctx context.Context, id uuid.UUID) (*domain.Invoice, error) {
	return first[domain.Invoice](ctx, r.db.Preload("Lines"), "id = ?", id)
}

func (r *invoiceRepo) GetForUpdate(ctx context.Context, id uuid.UUID) (*domain.Invoice, error) {
	return lockFirst[domain.Invoice](ctx, r.db, "id = ?", id)
}

func (r *invoiceRepo) ByBooking(ctx context.Context, bookingID uuid.UUID) (*domain.Invoice, error) {
	return first[domain.Invoice](ctx, r.db.Preload("Lines"), "booking_id = ?", bookingID)
}

func (r *invoiceRepo) AddLines(ctx context.Context, lines []domain.InvoiceLine) error {
	if len(lines) == 0 {
		return nil
	}
	return r.db.WithContext(ctx).Create(&lines).Error
}

func (r *invoiceRepo) MarkSent(ctx context.Context, id uuid.UUID, at time.Time) error {
	return r.db.WithContext(ctx).Model(&domain.Invoice{}).Where("id = ?", id).
		Updates(map[string]any{"sent_at": at, "updated_at": time.Now().UTC()}).Error
}

func (r *invoiceRepo) MarkPaid(ctx context.Context, id uuid.UUID, at time.Time) error {
	return r.db.WithContext(ctx).Model(&domain.Invoice{}).Where("id = ?", id).
		Updates(map[string]any{"status": domain.InvoicePaid, "paid_at": at, "updated_at": time.Now().UTC()}).Error
}

func (r *invoiceRepo) EnsurePayment(ctx context.Context, p *domain.InvoicePayment) (*domain.InvoicePayment, error) {
	if _, err := insertIgnore(ctx, r.db, p, "invoice_id"); err != nil {
		return nil, err
	}
	return first[domain.InvoicePayment](ctx, r.db, "invoice_id = ?", p.InvoiceID)
}

func (r *invoiceRepo) UpdatePayment(ctx context.Context, id uuid.UUID, chargeID string, status domain.PaymentStatus, reason *string) error {
	return r.db.WithContext(ctx).Model(&domain.InvoicePayment{}).Where("id = ?", id).
		Updates(map[string]any{
			"provider_charge_id": chargeID,
			"status":             status,
			"failure_reason":     reason,
			"updated_at":         time.Now().UTC(),
		}).Error
}

func (r *invoiceRepo) PaymentByChargeID(ctx context.Context, chargeID string) (*domain.InvoicePayment, error) {
	return first[domain.InvoicePayment](ctx, r.db, "provider_charge_id = ?", chargeID)
}
