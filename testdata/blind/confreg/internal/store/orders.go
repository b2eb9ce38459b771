package store

import (
	"context"
	"fmt"
	"time"

	"github.com/google/uuid"
	"gorm.io/gorm"

	"github.com/halcyonevents/confreg/internal/domain"
)

// TicketTypeRepo reads ticket types and moves their inventory counters.
type TicketTypeRepo struct{ db *gorm.DB }

// NewTicketTypeRepo returns a TicketTypeRepo.
func NewTicketTypeRepo(db *gorm.DB) *TicketTypeRepo { return &TicketTypeRepo{db: db} }

// ByCode loads a ticket type of a conference.
func (r *TicketTypeRepo) ByCode(ctx context.Context, conferenceID uuid.UUID, code string) (*domain.TicketType, error) {
	var t domain.TicketType
	err := r.db.WithContext(ctx).Where("conference_id = ? AND code = ?", conferenceID, code).First(&t).Error
	return &t, translate(err)
}

// ConvertHold turns held seats into sold seats.
func (r *TicketTypeRepo) ConvertHold(ctx context.Context, id uuid.UUID, qty int) error {
	return r.db.WithContext(ctx).Exec(
		`UPDATE ticket_types SET held = held - ?, sold = sold + ? WHERE id = ?`, qty, qty, id).Error
}

// ReleaseHold gives held seats back.
func (r *TicketTypeRepo) ReleaseHold(ctx context.Context, id uuid.UUID, qty int) error {
	return r.db.WithContext(ctx).Exec(
		`UPDATE ticket_types SET held = held - ? WHERE id = ?`, qty, id).Error
}

// ReturnSold gives sold seats back after a cancellation.
func (r *TicketTypeRepo) ReturnSold(ctx context.Context, id uuid.UUID, qty int) error {
	return r.db.WithContext(ctx).Exec(
		`UPDATE ticket_types SET sold = sold - ? WHERE id = ?`, qty, id).Error
}

// OrderRepo persists ticket orders.
type OrderRepo struct{ db *gorm.DB }

// NewOrderRepo returns an OrderRepo.
func NewOrderRepo(db *gorm.DB) *OrderRepo { return &OrderRepo{db: db} }

// PlaceHold reserves inventory for the order and inserts it.
func (r *OrderRepo) PlaceHold(ctx context.Context, o *domain.TicketOrder) error {
	return r.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		res := tx.Exec(`
			UPDATE ticket_types SET held = held + ?
			WHERE id = ? AND sold + held + ? <= capacity`,
			o.Quantity, o.TicketTypeID, o.Quantity)
		if res.Error != nil {
			return res.Error
		}
		if res.RowsAffected == 0 {
			return domain.ErrSoldOut
		}
		return tx.Create(o).Error
	})
}

// Get loads an order.
func (r *OrderRepo) Get(ctx context.Context, id uuid.UUID) (*domain.TicketOrder, error) {
	var o domain.TicketOrder
	err := r.db.WithContext(ctx).First(&o, "id = ?", id).Error
	return &o, translate(err)
}

// ForRegistration lists a registration's orders, oldest first.
func (r *OrderRepo) ForRegistration(ctx context.Context, registrationID uuid.UUID) ([]domain.TicketOrder, error) {
	var out []domain.TicketOrder
	err := r.db.WithContext(ctx).
		Where("registration_id = ?", registrationID).
		Order("created_at").
		Find(&out).Error
	return out, err
}

// MarkPaid flips a held order to paid. It reports false when the order was
// no longer held, so callers can tell a lost race from success.
func (r *OrderRepo) MarkPaid(ctx context.Context, id uuid.UUID, at time.Time) (bool, error) {
	res := r.db.WithContext(ctx).Model(&domain.TicketOrder{}).
		Where("id = ? AND status = ?", id, domain.OrderHeld).
		Updates(map[string]any{"status": domain.OrderPaid, "paid_at": at})
	return res.RowsAffected == 1, res.Error
}

// SetStatus moves an order from one status to another.
func (r *OrderRepo) SetStatus(ctx context.Context, id uuid.UUID, from, to string) error {
	res := r.db.WithContext(ctx).Model(&domain.TicketOrder{}).
		Where("id = ? AND status = ?", id, from).
		Update("status", to)
	if res.Error != nil {
		return res.Error
	}
	if res.RowsAffected == 0 {
		return fmt.Errorf("order %s not %s: %w", id, from, domain.ErrConflict)
	}
	return nil
}

// PaymentRepo persists captured ticket payments.
type PaymentRepo struct{ db *gorm.DB }

// NewPaymentRepo returns a PaymentRepo.
func NewPaymentRepo(db *gorm.DB) *PaymentRepo { return &PaymentRepo{db: db} }

// Insert stores a payment; a charge id we already hold is left as is.
func (r *PaymentRepo) Insert(ctx context.Context, p *domain.Payment) error {
	return r.db.WithContext(ctx).Exec(`
		INSERT INTO payments (id, ticket_order_id, provider_charge_id, amount_cents, currency, created_at)
		VALUES (?, ?, ?, ?, ?, ?)
		ON CONFLICT (provider_charge_id) DO NOTHING`,
		p.ID, p.TicketOrderID, p.ProviderChargeID, p.AmountCents, p.Currency, p.CreatedAt).Error
}

// ForOrder loads the payment for an order.
func (r *PaymentRepo) ForOrder(ctx context.Context, orderID uuid.UUID) (*domain.Payment, error) {
	var p domain.Payment
	err := r.db.WithContext(ctx).Where("ticket_order_id = ?", orderID).First(&p).Error
	return &p, translate(err)
}

// RefundRepo persists refunds.
type RefundRepo struct{ db *gorm.DB }

// NewRefundRepo returns a RefundRepo.
func NewRefundRepo(db *gorm.DB) *RefundRepo { return &RefundRepo{db: db} }

// Create inserts a refund.
func (r *RefundRepo) Create(ctx context.Context, ref *domain.Refund) error {
	return r.db.WithContext(ctx).Create(ref).Error
}

// Get loads a refund.
func (r *RefundRepo) Get(ctx context.Context, id uuid.UUID) (*domain.Refund, error) {
	var ref domain.Refund
	err := r.db.WithContext(ctx).First(&ref, "id = ?", id).Error
	return &ref, translate(err)
}

// MarkSubmitted records the provider's refund id on a requested refund.
func (r *RefundRepo) MarkSubmitted(ctx context.Context, id uuid.UUID, providerRefundID string, at time.Time) error {
	return r.db.WithContext(ctx).Model(&domain.Refund{}).
		Where("id = ? AND status = ?", id, domain.RefundRequested).
		Updates(map[string]any{
			"status":             domain.RefundSubmitted,
			"provider_refund_id": providerRefundID,
			"updated_at":         at,
		}).Error
}

// CompleteByProviderID marks a submitted refund as completed.
func (r *RefundRepo) CompleteByProviderID(ctx context.Context, providerRefundID string, at time.Time) error {
	return r.db.WithContext(ctx).Model(&domain.Refund{}).
		Where("provider_refund_id = ? AND status = ?", providerRefundID, domain.RefundSubmitted).
		Updates(map[string]any{"status": domain.RefundCompleted, "updated_at": at}).Error
}
