// Package orders implements plan purchases: order creation, checkout,
// payment authorisation, capture and cancellation.
package orders

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/google/uuid"

	"github.com/globetrek/esim-platform/internal/idem"
	"github.com/globetrek/esim-platform/internal/model"
	"github.com/globetrek/esim-platform/internal/providers/adyen"
	"github.com/globetrek/esim-platform/internal/service/ports"
	"github.com/globetrek/esim-platform/internal/store"
	"github.com/globetrek/esim-platform/internal/tasks"
)

const scopePurchase = "purchase"

// Service is the order workflow.
type Service struct {
	db    *store.DB
	psp   ports.Payments
	tasks tasks.Enqueuer
	log   *slog.Logger
	now   func() time.Time
}

// New returns an order service.
func New(db *store.DB, psp ports.Payments, q tasks.Enqueuer, log *slog.Logger) *Service {
	return &Service{db: db, psp: psp, tasks: q, log: log, now: time.Now}
}

// PurchaseInput is a request to buy a plan.
type PurchaseInput struct {
	CustomerID   string `json:"customer_id"`
	PlanSKU      string `json:"plan_sku"`
	ResellerCode string `json:"reseller_code,omitempty"`
}

// Purchase creates an order for a plan. The caller's idempotency key is
// claimed in the order's transaction; a repeated key returns the first order.
func (s *Service) Purchase(ctx context.Context, key string, in PurchaseInput) (*model.Order, error) {
	if key == "" {
		return nil, ErrKeyRequired
	}
	plan, err := s.db.Plans.Get(ctx, in.PlanSKU)
	if errors.Is(err, store.ErrNotFound) {
		return nil, ErrPlanNotFound
	}
	if err != nil {
		return nil, err
	}
	if !plan.Active {
		return nil, ErrPlanInactive
	}
	var resellerID *string
	if in.ResellerCode != "" {
		rs, err := s.db.Resellers.Find(ctx, "by_code", in.ResellerCode)
		if errors.Is(err, store.ErrNotFound) {
			return nil, ErrUnknownReseller
		}
		if err != nil {
			return nil, err
		}
		resellerID = &rs.ID
	}

	scope := scopePurchase + ":" + in.CustomerID
	var order *model.Order
	err = s.db.InTx(ctx, func(r *store.Repos) error {
		claimed, existing, err := r.Keys.Claim(ctx, scope, key, idem.Hash(in))
		if err != nil {
			return err
		}
		if !claimed {
			if existing == "" {
				return ErrInFlight
			}
			order, err = r.Orders.Get(ctx, existing)
			return err
		}
		now := s.now().UTC()
		o := &model.Order{
			ID:          uuid.NewString(),
			CustomerID:  in.CustomerID,
			ResellerID:  resellerID,
			PlanSKU:     plan.SKU,
			Carrier:     plan.Carrier,
			AmountMinor: plan.PriceMinor,
			Currency:    plan.Currency,
			Status:      model.OrderPendingPayment,
			CreatedAt:   now,
			UpdatedAt:   now,
		}
		if err := r.Orders.Insert(ctx, o); err != nil {
			return err
		}
		order = o
		return r.Keys.Bind(ctx, scope, key, o.ID)
	})
	if err != nil {
		return nil, err
	}
	return order, nil
}

// ApplyPromo applies a promo code to an unpaid order. Each order redeems at
// most one code.
func (s *Service) ApplyPromo(ctx context.Context, orderID, customerID, code string) (*model.Order, error) {
	var out *model.Order
	err := s.db.InTx(ctx, func(r *store.Repos) error {
		o, err := r.Orders.GetForUpdate(ctx, orderID)
		if errors.Is(err, store.ErrNotFound) || (err == nil && o.CustomerID != customerID) {
			return ErrNotFound
		}
		if err != nil {
			return err
		}
		if o.Status != model.OrderPendingPayment {
			return ErrBadState
		}
		redeemed, err := r.PromoRedemptions.InsertIgnore(ctx, &model.PromoRedemption{
			OrderID: o.ID, Code: code, CreatedAt: s.now().UTC(),
		})
		if err != nil {
			return err
		}
		if !redeemed {
			out = o
			return nil
		}
		n, err := r.PromoCodes.Exec(ctx, "consume", code)
		if err != nil {
			return err
		}
		if n == 0 {
			return ErrPromoInvalid
		}
		promo, err := r.PromoCodes.Get(ctx, code)
		if err != nil {
			return err
		}
		amount := o.AmountMinor * int64(10000-promo.DiscountBps) / 10000
		if _, err := r.Orders.Exec(ctx, "apply_discount", o.ID, amount, code); err != nil {
			return err
		}
		o.AmountMinor, o.PromoCode = amount, &code
		out = o
		return nil
	})
	return out, err
}

// Checkout stores the payment method and queues the authorisation.
func (s *Service) Checkout(ctx context.Context, orderID, customerID, paymentMethodID string) (*model.Order, error) {
	o, err := s.owned(ctx, orderID, customerID)
	if err != nil {
		return nil, err
	}
	if o.Status != model.OrderPendingPayment {
		return o, nil
	}
	if _, err := s.db.Orders.Exec(ctx, "set_payment_method", o.ID, paymentMethodID); err != nil {
		return nil, err
	}
	o.PaymentMethodID = &paymentMethodID
	if err := s.tasks.Enqueue(ctx, tasks.ChargeOrder(o.ID)); err != nil {
		return nil, err
	}
	return o, nil
}

// Charge authorises the order amount against the stored payment method.
func (s *Service) Charge(ctx context.Context, orderID string) error {
	o, err := s.db.Orders.Get(ctx, orderID)
	if err != nil {
		return err
	}
	if o.Status == model.OrderAuthorised {
		return s.tasks.Enqueue(ctx, tasks.ReserveEsim(o.ID))
	}
	if o.Status != model.OrderPendingPayment || o.PaymentMethodID == nil {
		return nil
	}
	attempt, err := s.attempt(ctx, o, "authorise")
	if err != nil {
		return err
	}
	if attempt.Status != "started" {
		return nil
	}
	res, err := s.psp.Authorise(ctx, adyen.PaymentRequest{
		Reference:             o.ID,
		Amount:                adyen.Amount{Currency: o.Currency, Value: o.AmountMinor},
		ShopperReference:      o.CustomerID,
		StoredPaymentMethodID: *o.PaymentMethodID,
		ShopperInteraction:    "ContAuth",
		RecurringProcessing:   "CardOnFile",
		Metadata:              map[string]string{"plan": o.PlanSKU},
	}, adyen.WithIdempotencyKey(attempt.ID))
	if err != nil {
		return err
	}
	next := model.OrderPaymentFailed
	switch res.ResultCode {
	case adyen.ResultAuthorised:
		next = model.OrderAuthorised
	case adyen.ResultPending:
		next = model.OrderPendingPayment
	}
	err = s.db.InTx(ctx, func(r *store.Repos) error {
		if _, err := r.PaymentAttempts.Exec(ctx, "record_result", attempt.ID, res.PSPReference, res.ResultCode); err != nil {
			return err
		}
		_, err := r.Orders.Exec(ctx, "transition", o.ID, []string{model.OrderPendingPayment}, next)
		return err
	})
	if err != nil {
		return err
	}
	if next == model.OrderAuthorised {
		return s.tasks.Enqueue(ctx, tasks.ReserveEsim(o.ID))
	}
	return nil
}

// attempt returns the payment attempt of kind for o, creating it on first use.
func (s *Service) attempt(ctx context.Context, o *model.Order, kind string) (*model.PaymentAttempt, error) {
	a := &model.PaymentAttempt{
		ID:          uuid.NewString(),
		OrderID:     o.ID,
		Kind:        kind,
		Status:      "started",
		AmountMinor: o.AmountMinor,
		Currency:    o.Currency,
		CreatedAt:   s.now().UTC(),
	}
	if _, err := s.db.PaymentAttempts.InsertIgnore(ctx, a); err != nil {
		return nil, err
	}
	return s.db.PaymentAttempts.Find(ctx, "by_order_kind", o.ID, kind)
}

// Capture captures the authorised amount once the traveller has installed
// the profile. The outcome arrives as a CAPTURE notification.
func (s *Service) Capture(ctx context.Context, orderID string) error {
	o, err := s.db.Orders.Get(ctx, orderID)
	if err != nil {
		return err
	}
	if o.Status != model.OrderAuthorised {
		return nil
	}
	auth, err := s.db.PaymentAttempts.Find(ctx, "by_order_kind", o.ID, "authorise")
	if err != nil {
		return fmt.Errorf("load authorisation: %w", err)
	}
	if auth.PSPReference == nil {
		return fmt.Errorf("order %s: authorisation has no psp reference", o.ID)
	}
	res, err := s.psp.Capture(ctx, *auth.PSPReference, adyen.ModificationRequest{
		Reference: "capture-" + o.ID,
		Amount:    &adyen.Amount{Currency: o.Currency, Value: o.AmountMinor},
	})
	if err != nil {
		return err
	}
	s.log.InfoContext(ctx, "capture requested", "order", o.ID, "psp_reference", res.PSPReference)
	_, err = s.db.Orders.Exec(ctx, "transition", o.ID, []string{model.OrderAuthorised}, model.OrderCapturing)
	return err
}

// Cancel cancels an order that has not been fulfilled, voiding its
// authorisation when there is one.
func (s *Service) Cancel(ctx context.Context, orderID, customerID string) (*model.Order, error) {
	o, err := s.owned(ctx, orderID, customerID)
	if err != nil {
		return nil, err
	}
	switch o.Status {
	case model.OrderCancelled:
		return o, nil
	case model.OrderPendingPayment, model.OrderPaymentFailed:
		n, err := s.db.Orders.Exec(ctx, "transition", o.ID, []string{model.OrderPendingPayment, model.OrderPaymentFailed}, model.OrderCancelled)
		if err != nil {
			return nil, err
		}
		if n == 0 {
			return nil, ErrNotCancellable
		}
		o.Status = model.OrderCancelled
		return o, nil
	case model.OrderAuthorised, model.OrderCancelling:
	default:
		return nil, ErrNotCancellable
	}

	if _, err := s.db.Esims.Find(ctx, "by_order", o.ID); err == nil {
		return nil, ErrNotCancellable
	} else if !errors.Is(err, store.ErrNotFound) {
		return nil, err
	}
	if _, err := s.db.Orders.Exec(ctx, "transition", o.ID, []string{model.OrderAuthorised}, model.OrderCancelling); err != nil {
		return nil, err
	}
	auth, err := s.db.PaymentAttempts.Find(ctx, "by_order_kind", o.ID, "authorise")
	if err != nil {
		return nil, err
	}
	if auth.PSPReference != nil {
		_, err = s.psp.Cancel(ctx, *auth.PSPReference, adyen.ModificationRequest{Reference: "cancel-" + o.ID},
			adyen.WithIdempotencyKey("cancel:"+auth.ID))
		if err != nil {
			return nil, err
		}
	}
	if _, err := s.db.Orders.Exec(ctx, "transition", o.ID, []string{model.OrderCancelling}, model.OrderCancelled); err != nil {
		return nil, err
	}
	o.Status = model.OrderCancelled
	return o, nil
}

// Get returns an order owned by customerID.
func (s *Service) Get(ctx context.Context, orderID, customerID string) (*model.Order, error) {
	return s.owned(ctx, orderID, customerID)
}

func (s *Service) owned(ctx context.Context, orderID, customerID string) (*model.Order, error) {
	o, err := s.db.Orders.Get(ctx, orderID)
	if errors.Is(err, store.ErrNotFound) {
		return nil, ErrNotFound
	}
	if err != nil {
		return nil, err
	}
	if customerID != "" && o.CustomerID != customerID {
		return nil, ErrNotFound
	}
	return o, nil
}
