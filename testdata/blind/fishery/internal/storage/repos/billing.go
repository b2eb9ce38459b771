package repos

import (
	"context"
	"time"

	"github.com/google/uuid"
	"gorm.io/gorm"

	"github.com/kelpline-systems/quotareg/internal/domain"
	"github.com/kelpline-systems/quotareg/internal/storage"
)

type InvoiceRepo struct {
	storage.Repository[domain.Invoice]
}

func NewInvoiceRepo(db *gorm.DB) *InvoiceRepo {
	return &InvoiceRepo{Repository: storage.NewRepository[domain.Invoice](db)}
}

const insertInvoice = `
	INSERT INTO invoices (id, number, vessel_id, kind, source_ref, period, amount_minor, currency, status, due_at)
	VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`

// Insert writes a new invoice.
func (r *InvoiceRepo) Insert(ctx context.Context, inv *domain.Invoice) error {
	return r.DB(ctx).Exec(insertInvoice,
		inv.ID, inv.Number, inv.VesselID, inv.Kind, inv.SourceRef, inv.Period,
		inv.AmountMinor, inv.Currency, inv.Status, inv.DueAt).Error
}

// InsertIfAbsent writes the invoice unless its ID is already taken.
func (r *InvoiceRepo) InsertIfAbsent(ctx context.Context, inv *domain.Invoice) (bool, error) {
	res := r.DB(ctx).Exec(insertInvoice+` ON CONFLICT (id) DO NOTHING`,
		inv.ID, inv.Number, inv.VesselID, inv.Kind, inv.SourceRef, inv.Period,
		inv.AmountMinor, inv.Currency, inv.Status, inv.DueAt)
	if res.Error != nil {
		return false, res.Error
	}
	return res.RowsAffected == 1, nil
}

func (r *InvoiceRepo) Get(ctx context.Context, id uuid.UUID) (*domain.Invoice, error) {
	inv, err := r.FindByID(ctx, id)
	return inv, notFound(err)
}

// Transition moves the invoice to status `to` if it is currently in one of
// the `from` states, and reports whether it did.
func (r *InvoiceRepo) Transition(ctx context.Context, id uuid.UUID, from []string, to, chargeID string) (bool, error) {
	res := r.DB(ctx).Exec(
		`UPDATE invoices SET status = ?, charge_id = COALESCE(NULLIF(?, ''), charge_id), updated_at = now()
		  WHERE id = ? AND status IN ?`, to, chargeID, id, from)
	return res.RowsAffected == 1, res.Error
}

func (r *InvoiceRepo) MarkPaid(ctx context.Context, id uuid.UUID, paidAt time.Time) (bool, error) {
	res := r.DB(ctx).Exec(
		`UPDATE invoices SET status = 'paid', paid_at = ?, updated_at = now()
		  WHERE id = ? AND status <> 'paid'`, paidAt, id)
	return res.RowsAffected == 1, res.Error
}

type PaymentAttemptRepo struct {
	storage.Repository[domain.PaymentAttempt]
}

func NewPaymentAttemptRepo(db *gorm.DB) *PaymentAttemptRepo {
	return &PaymentAttemptRepo{Repository: storage.NewRepository[domain.PaymentAttempt](db)}
}

func (r *PaymentAttemptRepo) Record(ctx context.Context, a *domain.PaymentAttempt) error {
	return r.Create(ctx, a)
}
