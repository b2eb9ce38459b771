package service

import (
	"context"
	"time"

	"github.com/google/uuid"
	"go.uber.org/zap"

	"github.com/dinein/platform/internal/dispatch"
	"github.com/dinein/platform/internal/obs"
	"github.com/dinein/platform/internal/result"
	"github.com/dinein/platform/internal/store"
)

// ObserveOrders decorates an OrderService with logs and metrics.
func ObserveOrders(next OrderService, log *zap.Logger, m *obs.Metrics) OrderService {
	return &observedOrders{next: next, o: newObserver("orders", log, m)}
}

type observedOrders struct {
	next OrderService
	o    observer
}

func (d *observedOrders) Place(ctx context.Context, in PlaceOrderInput) (*PlaceOrderResult, error) {
	return observe(ctx, d.o, "place", func(ctx context.Context) (*PlaceOrderResult, error) {
		return d.next.Place(ctx, in)
	}, zap.Stringer("customer", in.CustomerID), zap.Stringer("restaurant", in.RestaurantID))
}

func (d *observedOrders) Cancel(ctx context.Context, customerID, orderID uuid.UUID) (*store.Order, error) {
	return observe(ctx, d.o, "cancel", func(ctx context.Context) (*store.Order, error) {
		return d.next.Cancel(ctx, customerID, orderID)
	}, zap.Stringer("order", orderID))
}

func (d *observedOrders) Accept(ctx context.Context, restaurantID, orderID uuid.UUID) (*store.Order, error) {
	return observe(ctx, d.o, "accept", func(ctx context.Context) (*store.Order, error) {
		return d.next.Accept(ctx, restaurantID, orderID)
	}, zap.Stringer("order", orderID))
}

func (d *observedOrders) MarkReady(ctx context.Context, restaurantID, orderID uuid.UUID) (*store.Order, error) {
	return observe(ctx, d.o, "ready", func(ctx context.Context) (*store.Order, error) {
		return d.next.MarkReady(ctx, restaurantID, orderID)
	}, zap.Stringer("order", orderID))
}

func (d *observedOrders) Reject(ctx context.Context, restaurantID, orderID uuid.UUID, reason string) (*store.Order, error) {
	return observe(ctx, d.o, "reject", func(ctx context.Context) (*store.Order, error) {
		return d.next.Reject(ctx, restaurantID, orderID, reason)
	}, zap.Stringer("order", orderID), zap.String("reason", reason))
}

func (d *observedOrders) ReportMissingItems(ctx context.Context, customerID, orderID uuid.UUID, items []MissingItem) ([]store.Adjustment, error) {
	return observe(ctx, d.o, "missing_items", func(ctx context.Context) ([]store.Adjustment, error) {
		return d.next.ReportMissingItems(ctx, customerID, orderID, items)
	}, zap.Stringer("order", orderID), zap.Int("items", len(items)))
}

// ObserveCheckout decorates a CheckoutService with logs and metrics.
func ObserveCheckout(next CheckoutService, log *zap.Logger, m *obs.Metrics) CheckoutService {
	return &observedCheckout{next: next, o: newObserver("checkout", log, m)}
}

type observedCheckout struct {
	next CheckoutService
	o    observer
}

func (d *observedCheckout) Checkout(ctx context.Context, customerID, orderID uuid.UUID) (*CheckoutResult, error) {
	return observe(ctx, d.o, "checkout", func(ctx context.Context) (*CheckoutResult, error) {
		return d.next.Checkout(ctx, customerID, orderID)
	}, zap.Stringer("order", orderID))
}

func (d *observedCheckout) AddTip(ctx context.Context, customerID, orderID uuid.UUID, cents int64) (*store.Tip, error) {
	return observe(ctx, d.o, "tip", func(ctx context.Context) (*store.Tip, error) {
		return d.next.AddTip(ctx, customerID, orderID, cents)
	}, zap.Stringer("order", orderID), zap.Int64("cents", cents))
}

// ObserveCredits decorates a CreditService with logs and metrics.
func ObserveCredits(next CreditService, log *zap.Logger, m *obs.Metrics) CreditService {
	return &observedCredits{next: next, o: newObserver("credits", log, m)}
}

type observedCredits struct {
	next CreditService
	o    observer
}

func (d *observedCredits) IssueSupportCredit(ctx context.Context, in SupportCreditInput) (*store.CreditGrant, error) {
	return observe(ctx, d.o, "support_credit", func(ctx context.Context) (*store.CreditGrant, error) {
		return d.next.IssueSupportCredit(ctx, in)
	}, zap.String("ticket", in.TicketID), zap.String("agent", in.AgentID), zap.Int64("cents", in.AmountCents))
}

func (d *observedCredits) RedeemPromo(ctx context.Context, customerID uuid.UUID, code string) (*RedeemResult, error) {
	return observe(ctx, d.o, "redeem_promo", func(ctx context.Context) (*RedeemResult, error) {
		return d.next.RedeemPromo(ctx, customerID, code)
	}, zap.Stringer("customer", customerID))
}

func (d *observedCredits) GrantReferralBonus(ctx context.Context, in ReferralInput) (*store.CreditGrant, error) {
	return observe(ctx, d.o, "referral_bonus", func(ctx context.Context) (*store.CreditGrant, error) {
		return d.next.GrantReferralBonus(ctx, in)
	}, zap.Stringer("referrer", in.ReferrerID), zap.String("campaign", in.Campaign))
}

// ObserveDispatch decorates a DispatchService with logs and metrics.
func ObserveDispatch(next DispatchService, log *zap.Logger, m *obs.Metrics) DispatchService {
	return &observedDispatch{next: next, o: newObserver("dispatch", log, m)}
}

type observedDispatch struct {
	next DispatchService
	o    observer
}

func (d *observedDispatch) RequestCourier(ctx context.Context, orderID uuid.UUID, attempt int) (*store.DispatchRequest, error) {
	return observe(ctx, d.o, "request_courier", func(ctx context.Context) (*store.DispatchRequest, error) {
		return d.next.RequestCourier(ctx, orderID, attempt)
	}, zap.Stringer("order", orderID), zap.Int("attempt", attempt))
}

func (d *observedDispatch) Redispatch(ctx context.Context, orderID uuid.UUID, reason string) (*dispatch.Delivery, error) {
	return observe(ctx, d.o, "redispatch", func(ctx context.Context) (*dispatch.Delivery, error) {
		return d.next.Redispatch(ctx, orderID, reason)
	}, zap.Stringer("order", orderID))
}

func (d *observedDispatch) ForwardTip(ctx context.Context, tipID string) error {
	return observeErr(ctx, d.o, "forward_tip", func(ctx context.Context) error {
		return d.next.ForwardTip(ctx, tipID)
	}, zap.String("tip", tipID))
}

func (d *observedDispatch) SweepUnassigned(ctx context.Context, readyFor time.Duration) []result.Result[string] {
	start := time.Now()
	rs := d.next.SweepUnassigned(ctx, readyFor)
	sum := result.Summarize(rs)
	d.o.metrics.ObserveOp(d.o.service, "sweep", start, nil)
	d.o.log.Info("sweep finished", zap.Int("booked", sum.Succeeded), zap.Int("failed", sum.Failed))
	return rs
}
