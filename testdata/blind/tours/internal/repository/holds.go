package repository

import (
	"context"
	"fmt"
	"time"

	"github.com/larkspur-travel/tourdesk/internal/domain"
	"github.com/larkspur-travel/tourdesk/internal/platform/db"
)

// HoldRepo persists supplier holds.
type HoldRepo struct {
	db *db.DB
}

// NewHoldRepo constructs a HoldRepo.
func NewHoldRepo(d *db.DB) *HoldRepo { return &HoldRepo{db: d} }

const holdColumns = `id, booking_id, departure_id, supplier_id, partner_code, kind, service_date, nights,
	quantity, status, supplier_ref, last_error, placed_at, confirmed_at, released_at, expires_at, created_at`

// Ensure records the intent to hold a plan line for a booking. If the line
// already has a hold row the existing row is returned unchanged.
func (r *HoldRepo) Ensure(ctx context.Context, h *domain.SupplierHold) (*domain.SupplierHold, error) {
	const q = `INSERT INTO supplier_holds (id, booking_id, departure_id, supplier_id, partner_code, kind,
		service_date, nights, quantity, status)
		VALUES (:id, :booking_id, :departure_id, :supplier_id, :partner_code, :kind,
		:service_date, :nights, :quantity, :status)
		ON CONFLICT (booking_id, supplier_id, service_date) DO NOTHING`
	if _, err := r.db.Conn(ctx).NamedExecContext(ctx, q, h); err != nil {
		return nil, fmt.Errorf("holds.ensure: %w", err)
	}
	var out domain.SupplierHold
	err := r.db.Conn(ctx).GetContext(ctx, &out,
		`SELECT `+holdColumns+` FROM supplier_holds
		 WHERE booking_id = $1 AND supplier_id = $2 AND service_date = $3`,
		h.BookingID, h.SupplierID, h.ServiceDate)
	if err != nil {
		return nil, notFound("holds.ensure_reload", err)
	}
	return &out, nil
}

// Get loads a hold by ID.
func (r *HoldRepo) Get(ctx context.Context, id string) (*domain.SupplierHold, error) {
	var h domain.SupplierHold
	err := r.db.Conn(ctx).GetContext(ctx, &h, `SELECT `+holdColumns+` FROM supplier_holds WHERE id = $1`, id)
	if err != nil {
		return nil, notFound("holds.get", err)
	}
	return &h, nil
}

// GetBySupplierRef finds the hold a partner callback refers to.
func (r *HoldRepo) GetBySupplierRef(ctx context.Context, partnerCode, ref string) (*domain.SupplierHold, error) {
	var h domain.SupplierHold
	err := r.db.Conn(ctx).GetContext(ctx, &h,
		`SELECT `+holdColumns+` FROM supplier_holds WHERE partner_code = $1 AND supplier_ref = $2`, partnerCode, ref)
	if err != nil {
		return nil, notFound("holds.get_by_supplier_ref", err)
	}
	return &h, nil
}

// ListByBooking returns every hold of a booking.
func (r *HoldRepo) ListByBooking(ctx context.Context, bookingID string) ([]domain.SupplierHold, error) {
	var out []domain.SupplierHold
	err := r.db.Conn(ctx).SelectContext(ctx, &out,
		`SELECT `+holdColumns+` FROM supplier_holds WHERE booking_id = $1 ORDER BY service_date`, bookingID)
	if err != nil {
		return nil, fmt.Errorf("holds.list_by_booking: %w", err)
	}
	return out, nil
}

// ListForInvoice returns the confirmed holds a supplier should bill for on a
// departure.
func (r *HoldRepo) ListForInvoice(ctx context.Context, departureID, supplierID string) ([]domain.SupplierHold, error) {
	var out []domain.SupplierHold
	err := r.db.Conn(ctx).SelectContext(ctx, &out,
		`SELECT `+holdColumns+` FROM supplier_holds
		 WHERE departure_id = $1 AND supplier_id = $2 AND status IN ('placed', 'confirmed')`,
		departureID, supplierID)
	if err != nil {
		return nil, fmt.Errorf("holds.list_for_invoice: %w", err)
	}
	return out, nil
}

// MarkPlaced stores the supplier's reference once the hold is accepted.
func (r *HoldRepo) MarkPlaced(ctx context.Context, id, ref string, expiresAt *time.Time) error {
	_, err := r.db.Conn(ctx).ExecContext(ctx,
		`UPDATE supplier_holds SET status = 'placed', supplier_ref = $2, expires_at = $3,
			placed_at = COALESCE(placed_at, now()), last_error = ''
		 WHERE id = $1 AND status IN ('requested', 'failed')`, id, ref, expiresAt)
	if err != nil {
		return fmt.Errorf("holds.mark_placed: %w", err)
	}
	return nil
}

// MarkFailed records why the supplier refused a hold.
func (r *HoldRepo) MarkFailed(ctx context.Context, id, reason string) error {
	_, err := r.db.Conn(ctx).ExecContext(ctx,
		`UPDATE supplier_holds SET status = 'failed', last_error = $2 WHERE id = $1 AND status = 'requested'`, id, reason)
	if err != nil {
		return fmt.Errorf("holds.mark_failed: %w", err)
	}
	return nil
}

// ConfirmByRef marks a hold confirmed by the supplier and returns it.
func (r *HoldRepo) ConfirmByRef(ctx context.Context, partnerCode, ref string) (*domain.SupplierHold, error) {
	var h domain.SupplierHold
	err := r.db.Conn(ctx).GetContext(ctx, &h,
		`UPDATE supplier_holds SET status = 'confirmed', confirmed_at = now()
		 WHERE partner_code = $1 AND supplier_ref = $2 AND status IN ('placed', 'confirmed')
		 RETURNING `+holdColumns, partnerCode, ref)
	if err != nil {
		return nil, notFound("holds.confirm_by_ref", err)
	}
	return &h, nil
}

// ExpireByRef marks a hold expired at the supplier's end. It reports whether
// the row changed.
func (r *HoldRepo) ExpireByRef(ctx context.Context, partnerCode, ref string) (bool, error) {
	n, err := affected(r.db.Conn(ctx).ExecContext(ctx,
		`UPDATE supplier_holds SET status = 'expired'
		 WHERE partner_code = $1 AND supplier_ref = $2 AND status IN ('placed', 'confirmed')`, partnerCode, ref))
	if err != nil {
		return false, fmt.Errorf("holds.expire_by_ref: %w", err)
	}
	return n == 1, nil
}

// MarkReleased records that the supplier has let the inventory go. It
// reports whether the row changed.
func (r *HoldRepo) MarkReleased(ctx context.Context, id string) (bool, error) {
	n, err := affected(r.db.Conn(ctx).ExecContext(ctx,
		`UPDATE supplier_holds SET status = 'released', released_at = now()
		 WHERE id = $1 AND status <> 'released'`, id))
	if err != nil {
		return false, fmt.Errorf("holds.mark_released: %w", err)
	}
	return n == 1, nil
}
