package repository

import (
	"context"

	"gorm.io/gorm"

	"github.com/encorelane/resale/internal/domain"
	"github.com/encorelane/resale/internal/platform/ids"
	"github.com/encorelane/resale/internal/platform/store"
)

type EscrowRepository interface {
	// Hold records funds held for an order; a second hold for the same
	// order is ignored.
	Hold(ctx context.Context, h *domain.EscrowHold) error
	GetByOrder(ctx context.Context, orderID string) (*domain.EscrowHold, error)
	// Release marks a held order's funds as released to the seller.
	Release(ctx context.Context, orderID string) (bool, error)
	MarkRefunded(ctx context.Context, orderID string) (bool, error)
	// HeldForEvent lists the holds still held for an event's orders.
	HeldForEvent(ctx context.Context, eventID string) ([]domain.EscrowHold, error)
	// ReleaseForEvent releases every hold on the event's delivered orders.
	ReleaseForEvent(ctx context.Context, eventID string) error
}

type escrowRepo struct {
	*store.Repository[domain.EscrowHold]
}

func NewEscrowRepository(db *gorm.DB) EscrowRepository {
	return &escrowRepo{Repository: store.NewRepository[domain.EscrowHold](db)}
}

func (r *escrowRepo) Hold(ctx context.Context, h *domain.EscrowHold) error {
	return r.DB(ctx).Exec(`
		INSERT INTO escrow_holds (id, order_id, seller_id, amount_cents, status)
		VALUES (?, ?, ?, ?, 'held')
		ON CONFLICT (order_id) DO NOTHING`,
		h.ID, h.OrderID, h.SellerID, h.AmountCents).Error
}

func (r *escrowRepo) GetByOrder(ctx context.Context, orderID string) (*domain.EscrowHold, error) {
	return r.FindOne(ctx, "order_id = ?", orderID)
}

func (r *escrowRepo) Release(ctx context.Context, orderID string) (bool, error) {
	res := r.DB(ctx).Exec(
		`UPDATE escrow_holds SET status = 'released', released_at = now() WHERE order_id = ? AND status = 'held'`, orderID)
	return res.RowsAffected == 1, res.Error
}

func (r *escrowRepo) MarkRefunded(ctx context.Context, orderID string) (bool, error) {
	res := r.DB(ctx).Exec(
		`UPDATE escrow_holds SET status = 'refunded', released_at = now() WHERE order_id = ? AND status = 'held'`, orderID)
	return res.RowsAffected == 1, res.Error
}

func (r *escrowRepo) HeldForEvent(ctx context.Context, eventID string) ([]domain.EscrowHold, error) {
	var out []domain.EscrowHold
	err := r.DB(ctx).Raw(`
		SELECT h.* FROM escrow_holds h JOIN orders o ON o.id = h.order_id
		WHERE o.event_id = ? AND o.status = ? AND h.status IN ('held', 'released')`,
		eventID, domain.OrderDelivered).Scan(&out).Error
	return out, err
}

func (r *escrowRepo) ReleaseForEvent(ctx context.Context, eventID string) error {
	return r.DB(ctx).Exec(`
		UPDATE escrow_holds h SET status = 'released', released_at = now()
		FROM orders o
		WHERE o.id = h.order_id AND o.event_id = ? AND o.status = ? AND h.status = 'held'`,
		eventID, domain.OrderDelivered).Error
}

type BalanceRepository interface {
	Get(ctx context.Context, sellerID string) (*domain.SellerBalance, error)
	AddPending(ctx context.Context, sellerID string, cents int64) error
	MakeAvailable(ctx context.Context, sellerID string, cents int64) error
	// Debit takes cents from the available balance, reporting false when
	// the balance does not cover it.
	Debit(ctx context.Context, sellerID string, cents int64) (bool, error)
	ReversePending(ctx context.Context, sellerID string, cents int64) error
}

type balanceRepo struct {
	*store.Repository[domain.SellerBalance]
}

func NewBalanceRepository(db *gorm.DB) BalanceRepository {
	return &balanceRepo{Repository: store.NewRepository[domain.SellerBalance](db)}
}

func (r *balanceRepo) Get(ctx context.Context, sellerID string) (*domain.SellerBalance, error) {
	return r.FindOne(ctx, "seller_id = ?", sellerID)
}

func (r *balanceRepo) AddPending(ctx context.Context, sellerID string, cents int64) error {
	return r.DB(ctx).Exec(`
		INSERT INTO seller_balances (seller_id, pending_cents) VALUES (?, ?)
		ON CONFLICT (seller_id) DO UPDATE
		SET pending_cents = seller_balances.pending_cents + EXCLUDED.pending_cents, updated_at = now()`,
		sellerID, cents).Error
}

func (r *balanceRepo) MakeAvailable(ctx context.Context, sellerID string, cents int64) error {
	return r.DB(ctx).Exec(`
		UPDATE seller_balances
		SET pending_cents = pending_cents - ?, available_cents = available_cents + ?, updated_at = now()
		WHERE seller_id = ?`, cents, cents, sellerID).Error
}

func (r *balanceRepo) Debit(ctx context.Context, sellerID string, cents int64) (bool, error) {
	res := r.DB(ctx).Exec(`
		UPDATE seller_balances SET available_cents = available_cents - ?, updated_at = now()
		WHERE seller_id = ? AND available_cents >= ?`, cents, sellerID, cents)
	return res.RowsAffected == 1, res.Error
}

func (r *balanceRepo) ReversePending(ctx context.Context, sellerID string, cents int64) error {
	return r.DB(ctx).Exec(`
		UPDATE seller_balances SET pending_cents = pending_cents - ?, updated_at = now()
		WHERE seller_id = ?`, cents, sellerID).Error
}

type LedgerRepository interface {
	Append(ctx context.Context, sellerID string, orderID *string, kind string, cents int64) error
}

type ledgerRepo struct {
	*store.Repository[domain.LedgerEntry]
}

func NewLedgerRepository(db *gorm.DB) LedgerRepository {
	return &ledgerRepo{Repository: store.NewRepository[domain.LedgerEntry](db)}
}

func (r *ledgerRepo) Append(ctx context.Context, sellerID string, orderID *string, kind string, cents int64) error {
	return r.Create(ctx, &domain.LedgerEntry{
		ID:          ids.Prefixed("led"),
		SellerID:    sellerID,
		OrderID:     orderID,
		Kind:        kind,
		AmountCents: cents,
	})
}

type CashoutRepository interface {
	Create(ctx context.Context, c *domain.Cashout) error
}

type cashoutRepo struct {
	*store.Repository[domain.Cashout]
}

func NewCashoutRepository(db *gorm.DB) CashoutRepository {
	return &cashoutRepo{Repository: store.NewRepository[domain.Cashout](db)}
}
