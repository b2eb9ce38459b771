package repo

import (
	"context"
	"time"

	"github.com/google/uuid"

	"github.com/terravault/carbonreg/internal/db"
	"github.com/terravault/carbonreg/internal/domain"
)

type orders struct {
	rows db.Repository[domain.PurchaseOrder]
}

// NewOrders returns the gorm backed Orders repository.
func NewOrders() Orders { return &orders{} }

func (r *orders) Create(ctx context.Context, o *domain.PurchaseOrder) error {
	return r.rows.Create(ctx, o)
}

func (r *orders) Get(ctx context.Context, id uuid.UUID) (*domain.PurchaseOrder, error) {
	return r.rows.Get(ctx, id)
}

func (r *orders) ByPaymentIntent(ctx context.Context, pi string) (*domain.PurchaseOrder, error) {
	return r.rows.FindOne(ctx, "payment_intent_id = ?", pi)
}

func (r *orders) SetStatus(ctx context.Context, id uuid.UUID, status string) error {
	return r.rows.Update(ctx, id, map[string]any{"status": status, "updated_at": now()})
}

func (r *orders) Transition(ctx context.Context, id uuid.UUID, from, to string) (bool, error) {
	n, err := r.rows.UpdateWhere(ctx, map[string]any{"status": to, "updated_at": now()},
		"id = ? AND status = ?", id, from)
	return n == 1, err
}

func (r *orders) SetPaymentIntent(ctx context.Context, id uuid.UUID, pi string) error {
	return r.rows.Update(ctx, id, map[string]any{"payment_intent_id": pi, "updated_at": now()})
}

func (r *orders) MarkPaid(ctx context.Context, id uuid.UUID, at time.Time) error {
	return r.rows.Update(ctx, id, map[string]any{"status": domain.OrderPaid, "paid_at": at, "updated_at": now()})
}

type idempotencyKeys struct {
	rows db.Repository[domain.IdempotencyKey]
}

// NewIdempotencyKeys returns the gorm backed IdempotencyKeys repository.
func NewIdempotencyKeys() IdempotencyKeys { return &idempotencyKeys{} }

func (r *idempotencyKeys) Claim(ctx context.Context, scope, key string) (bool, error) {
	return r.rows.CreateIgnore(ctx, &domain.IdempotencyKey{Scope: scope, Key: key, CreatedAt: now()}, "scope", "key")
}

func (r *idempotencyKeys) Resolve(ctx context.Context, scope, key string) (*uuid.UUID, error) {
	k, err := r.rows.FindOne(ctx, "scope = ? AND key = ?", scope, key)
	if err != nil {
		return nil, err
	}
	return k.ResourceID, nil
}

func (r *idempotencyKeys) Bind(ctx context.Context, scope, key string, resource uuid.UUID) error {
	_, err := r.rows.UpdateWhere(ctx, map[string]any{"resource_id": resource}, "scope = ? AND key = ?", scope, key)
	return err
}

type refunds struct {
	rows db.Repository[domain.Refund]
}

// NewRefunds returns the gorm backed Refunds repository.
func NewRefunds() Refunds { return &refunds{} }

// Open stores r unless a refund with the same order and request key exists,
// and returns the stored refund.
func (r *refunds) Open(ctx context.Context, ref *domain.Refund) (*domain.Refund, error) {
	if _, err := r.rows.CreateIgnore(ctx, ref, "order_id", "request_key"); err != nil {
		return nil, err
	}
	return r.rows.FindOne(ctx, "order_id = ? AND request_key = ?", ref.OrderID, ref.RequestKey)
}

func (r *refunds) Complete(ctx context.Context, id uuid.UUID, stripeRefundID, status string) error {
	return r.rows.Update(ctx, id, map[string]any{
		"stripe_refund_id": stripeRefundID,
		"status":           status,
		"updated_at":       now(),
	})
}

type payouts struct {
	rows db.Repository[domain.Payout]
}

// NewPayouts returns the gorm backed Payouts repository.
func NewPayouts() Payouts { return &payouts{} }

func (r *payouts) CreateIfAbsent(ctx context.Context, p *domain.Payout) (bool, error) {
	return r.rows.CreateIgnore(ctx, p, "developer_id", "request_key")
}

func (r *payouts) Get(ctx context.Context, id uuid.UUID) (*domain.Payout, error) {
	return r.rows.Get(ctx, id)
}

func (r *payouts) ByStripeTransfer(ctx context.Context, transferID string) (*domain.Payout, error) {
	return r.rows.FindOne(ctx, "stripe_transfer_id = ?", transferID)
}

func (r *payouts) Update(ctx context.Context, id uuid.UUID, cols map[string]any) error {
	cols["updated_at"] = now()
	return r.rows.Update(ctx, id, cols)
}

func (r *payouts) Transition(ctx context.Context, id uuid.UUID, from, to string, extra map[string]any) (bool, error) {
	cols := map[string]any{"status": to, "updated_at": now()}
	for k, v := range extra {
		cols[k] = v
	}
	n, err := r.rows.UpdateWhere(ctx, cols, "id = ? AND status = ?", id, from)
	return n == 1, err
}
