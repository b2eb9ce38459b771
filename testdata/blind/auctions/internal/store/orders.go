package store

import (
	"context"
	"fmt"

	"github.com/jackc/pgx/v5"

	"github.com/hammerline/auctions/internal/domain"
	"github.com/hammerline/auctions/internal/platform/pgdb"
)

// Orders persists orders.
type Orders struct{}

// NewOrders returns an Orders repository.
func NewOrders() *Orders { return &Orders{} }

const orderColumns = `id, lot_id, buyer_id, seller_id, currency, hammer_cents, premium_cents,
	shipping_cents, total_cents, status, coalesce(payment_intent_id, ''), created_at`

func scanOrder(row pgx.Row) (domain.Order, error) {
	var o domain.Order
	err := row.Scan(&o.ID, &o.LotID, &o.BuyerID, &o.SellerID, &o.Currency, &o.HammerCents,
		&o.PremiumCents, &o.ShippingCents, &o.TotalCents, &o.Status, &o.PaymentIntentID, &o.CreatedAt)
	return o, err
}

// InsertIfAbsent creates the order for a lot unless one already exists.
func (r *Orders) InsertIfAbsent(ctx context.Context, q pgdb.Querier, o domain.Order) error {
	_, err := q.Exec(ctx, `
		INSERT INTO orders (id, lot_id, buyer_id, seller_id, currency, hammer_cents,
		                    premium_cents, shipping_cents, total_cents, status)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
		ON CONFLICT (lot_id) DO NOTHING`,
		o.ID, o.LotID, o.BuyerID, o.SellerID, o.Currency, o.HammerCents,
		o.PremiumCents, o.ShippingCents, o.TotalCents, o.Status)
	if err != nil {
		return fmt.Errorf("orders: insert: %w", err)
	}
	return nil
}

// Get loads an order.
func (r *Orders) Get(ctx context.Context, q pgdb.Querier, id string) (domain.Order, error) {
	o, err := scanOrder(q.QueryRow(ctx, `SELECT `+orderColumns+` FROM orders WHERE id = $1`, id))
	if err != nil {
		return domain.Order{}, fmt.Errorf("orders: get %s: %w", id, pgdb.NotFound(err))
	}
	return o, nil
}

// GetForUpdate loads and locks an order.
func (r *Orders) GetForUpdate(ctx context.Context, q pgdb.Querier, id string) (domain.Order, error) {
	o, err := scanOrder(q.QueryRow(ctx, `SELECT `+orderColumns+` FROM orders WHERE id = $1 FOR UPDATE`, id))
	if err != nil {
		return domain.Order{}, fmt.Errorf("orders: lock %s: %w", id, pgdb.NotFound(err))
	}
	return o, nil
}

// GetByPaymentIntent finds the order a Stripe PaymentIntent belongs to.
func (r *Orders) GetByPaymentIntent(ctx context.Context, q pgdb.Querier, piID string) (domain.Order, error) {
	o, err := scanOrder(q.QueryRow(ctx, `SELECT `+orderColumns+` FROM orders WHERE payment_intent_id = $1`, piID))
	if err != nil {
		return domain.Order{}, fmt.Errorf("orders: by intent %s: %w", piID, pgdb.NotFound(err))
	}
	return o, nil
}

// SetStatus updates an order's status.
func (r *Orders) SetStatus(ctx context.Context, q pgdb.Querier, id string, s domain.OrderStatus) error {
	_, err := q.Exec(ctx, `UPDATE orders SET status = $2, updated_at = now() WHERE id = $1`, id, s)
	if err != nil {
		return fmt.Errorf("orders: set status %s: %w", id, err)
	}
	return nil
}

// AttachPaymentIntent records the PaymentIntent charged for an order.
func (r *Orders) AttachPaymentIntent(ctx context.Context, q pgdb.Querier, id, piID string, s domain.OrderStatus) error {
	_, err := q.Exec(ctx, `
		UPDATE orders SET payment_intent_id = $2, status = $3, updated_at = now()
		WHERE id = $1`, id, piID, s)
	if err != nil {
		return fmt.Errorf("orders: attach intent %s: %w", id, err)
	}
	return nil
}

// MarkPaid flags the order paid.
func (r *Orders) MarkPaid(ctx context.Context, q pgdb.Querier, id, piID string) error {
	_, err := q.Exec(ctx, `
		UPDATE orders SET status = 'paid', payment_intent_id = $2, paid_at = now(), updated_at = now()
		WHERE id = $1 AND status IN ('awaiting_payment', 'requires_action')`, id, piID)
	if err != nil {
		return fmt.Errorf("orders: mark paid %s: %w", id, err)
	}
	return nil
}

// InsertDispute stores a dispute.
func (r *Orders) InsertDispute(ctx context.Context, q pgdb.Querier, d domain.Dispute) error {
	_, err := q.Exec(ctx, `
		INSERT INTO disputes (id, order_id, opened_by, category, details, status)
		VALUES ($1, $2, $3, $4, $5, $6)`,
		d.ID, d.OrderID, d.OpenedBy, d.Category, d.Details, d.Status)
	if err != nil {
		return fmt.Errorf("orders: insert dispute: %w", err)
	}
	return nil
}

// InsertRefund stores a refund returned by Stripe.
func (r *Orders) InsertRefund(ctx context.Context, q pgdb.Querier, rf domain.Refund) error {
	_, err := q.Exec(ctx, `
		INSERT INTO refunds (id, order_id, amount_cents, reason, stripe_refund_id)
		VALUES ($1, $2, $3, $4, $5)
		ON CONFLICT (id) DO NOTHING`,
		rf.ID, rf.OrderID, rf.AmountCents, rf.Reason, rf.StripeRefundID)
	if err != nil {
		return fmt.Errorf("orders: insert refund: %w", err)
	}
	return nil
}

// RefundedCents sums refunds already issued for an order.
func (r *Orders) RefundedCents(ctx context.Context, q pgdb.Querier, id string) (int64, error) {
	var n int64
	err := q.QueryRow(ctx, `SELECT coalesce(sum(amount_cents), 0) FROM refunds WHERE order_id = $1`, id).Scan(&n)
	if err != nil {
		return 0, fmt.Errorf("orders: refunded: %w", err)
	}
	return n, nil
}

// InsertInvoice stores an invoice, drawing its number from the sequence.
func (r *Orders) InsertInvoice(ctx context.Context, q pgdb.Querier, id string, o domain.Order) (int64, error) {
	var number int64
	err := q.QueryRow(ctx, `
		INSERT INTO invoices (id, order_id, number, total_cents, currency)
		VALUES ($1, $2, nextval('invoice_number_seq'), $3, $4)
		RETURNING number`, id, o.ID, o.TotalCents, o.Currency).Scan(&number)
	if err != nil {
		return 0, fmt.Errorf("orders: insert invoice: %w", err)
	}
	return number, nil
}
