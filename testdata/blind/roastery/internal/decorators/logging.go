// Package decorators wraps service interfaces with cross-cutting behaviour
// (structured logging, metrics) so the services stay free of it. dig applies
// them with Container.Decorate.
package decorators

import (
	"context"
	"log/slog"
	"time"

	"github.com/google/uuid"

	"github.com/ridgeline-coffee/roastery/internal/loyalty"
	"github.com/ridgeline-coffee/roastery/internal/models"
	"github.com/ridgeline-coffee/roastery/internal/refunds"
	"github.com/ridgeline-coffee/roastery/internal/subscriptions"
	"github.com/ridgeline-coffee/roastery/internal/wholesale"
)

// logged runs fn and logs its outcome and duration.
func logged[T any](ctx context.Context, log *slog.Logger, op string, attrs []any, fn func() (T, error)) (T, error) {
	started := time.Now()
	v, err := fn()
	attrs = append(attrs, "op", op, "duration_ms", time.Since(started).Milliseconds())
	if err != nil {
		log.WarnContext(ctx, "service call failed", append(attrs, "err", err)...)
	} else {
		log.DebugContext(ctx, "service call", attrs...)
	}
	return v, err
}

// LoggingWholesale logs wholesale calls.
type LoggingWholesale struct {
	Next wholesale.Service
	Log  *slog.Logger
}

func (l LoggingWholesale) PlaceOrder(ctx context.Context, req wholesale.PlaceOrderRequest) (*models.WholesaleOrder, error) {
	return logged(ctx, l.Log, "wholesale.PlaceOrder", []any{"cafe_id", req.CafeID, "lines", len(req.Lines)},
		func() (*models.WholesaleOrder, error) { return l.Next.PlaceOrder(ctx, req) })
}

func (l LoggingWholesale) GetOrder(ctx context.Context, id string) (*models.WholesaleOrder, error) {
	return logged(ctx, l.Log, "wholesale.GetOrder", []any{"order_id", id},
		func() (*models.WholesaleOrder, error) { return l.Next.GetOrder(ctx, id) })
}

// LoggingSubscriptions logs subscription calls.
type LoggingSubscriptions struct {
	Next subscriptions.Service
	Log  *slog.Logger
}

func (l LoggingSubscriptions) Subscribe(ctx context.Context, req subscriptions.SubscribeRequest) (*models.Subscription, error) {
	return logged(ctx, l.Log, "subscriptions.Subscribe", []any{"sku", req.SKU, "bags", req.BagsPerMonth},
		func() (*models.Subscription, error) { return l.Next.Subscribe(ctx, req) })
}

// LoggingRefunds logs refund calls.
type LoggingRefunds struct {
	Next refunds.Service
	Log  *slog.Logger
}

func (l LoggingRefunds) RequestDamagedBag(ctx context.Context, req refunds.DamagedBagRequest) (*models.Refund, error) {
	return logged(ctx, l.Log, "refunds.RequestDamagedBag", []any{"shipment_id", req.ShipmentID, "bags", req.Bags},
		func() (*models.Refund, error) { return l.Next.RequestDamagedBag(ctx, req) })
}

func (l LoggingRefunds) Approve(ctx context.Context, refundID, approver string) (*models.Refund, error) {
	return logged(ctx, l.Log, "refunds.Approve", []any{"refund_id", refundID, "approver", approver},
		func() (*models.Refund, error) { return l.Next.Approve(ctx, refundID, approver) })
}

// LoggingLoyalty logs loyalty calls.
type LoggingLoyalty struct {
	Next loyalty.Service
	Log  *slog.Logger
}

func (l LoggingLoyalty) Balance(ctx context.Context, customerID uuid.UUID) (*models.LoyaltyAccount, error) {
	return logged(ctx, l.Log, "loyalty.Balance", []any{"customer_id", customerID},
		func() (*models.LoyaltyAccount, error) { return l.Next.Balance(ctx, customerID) })
}

func (l LoggingLoyalty) Redeem(ctx context.Context, req loyalty.RedeemRequest) (*models.LoyaltyRedemption, error) {
	return logged(ctx, l.Log, "loyalty.Redeem", []any{"customer_id", req.CustomerID, "points", req.Points},
		func() (*models.LoyaltyRedemption, error) { return l.Next.Redeem(ctx, req) })
}
