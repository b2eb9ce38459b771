package service

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"log/slog"

	"github.com/google/uuid"
	"github.com/segmentio/ksuid"

	"github.com/basketline/grocery/internal/domain"
	"github.com/basketline/grocery/internal/events"
	"github.com/basketline/grocery/internal/payments"
)

type CheckoutService struct {
	tx        TxRunner
	baskets   BasketStore
	stock     StockStore
	slots     SlotStore
	orders    OrderStore
	payments  PaymentStore
	loyalty   LoyaltyStore
	idem      IdempotencyStore
	outbox    OutboxStore
	processor PaymentProcessor
	newID     UUIDGen
	now       Clock
	log       *slog.Logger
}

type CheckoutDeps struct {
	Tx        TxRunner
	Baskets   BasketStore
	Stock     StockStore
	Slots     SlotStore
	Orders    OrderStore
	Payments  PaymentStore
	Loyalty   LoyaltyStore
	Idem      IdempotencyStore
	Outbox    OutboxStore
	Processor PaymentProcessor
	NewID     UUIDGen
	Now       Clock
	Log       *slog.Logger
}

func NewCheckoutService(d CheckoutDeps) *CheckoutService {
	return &CheckoutService{
		tx: d.Tx, baskets: d.Baskets, stock: d.Stock, slots: d.Slots, orders: d.Orders,
		payments: d.Payments, loyalty: d.Loyalty, idem: d.Idem, outbox: d.Outbox,
		processor: d.Processor, newID: d.NewID, now: d.Now, log: d.Log,
	}
}

type CheckoutInput struct {
	CustomerID     uuid.UUID
	CustomerPhone  string
	BasketID       uuid.UUID
	ReservationID  uuid.UUID
	CardToken      string
	IdempotencyKey string
}

type CheckoutResult struct {
	OrderID       uuid.UUID            `json:"order_id"`
	Status        domain.OrderStatus   `json:"status"`
	TotalPence    int64                `json:"total_pence"`
	PaymentStatus domain.PaymentStatus `json:"payment_status"`
	DeclineCode   string               `json:"decline_code,omitempty"`
}

func (in CheckoutInput) hash() string {
	h := sha256.New()
	fmt.Fprintf(h, "%s|%s|%s", in.BasketID, in.ReservationID, in.CardToken)
	return hex.EncodeToString(h.Sum(nil))
}

// Checkout turns the basket into an order and authorises the card.
//
// The order, its lines, the pending authorisation and the caller's
// idempotency key are written in one transaction. The card is then
// authorised with the authorisation row's id as the processor's
// idempotency key, so a repeated request finds the same row and the
// processor returns the original answer.
func (s *CheckoutService) Checkout(ctx context.Context, in CheckoutInput) (*CheckoutResult, error) {
	if in.IdempotencyKey == "" {
		return nil, fmt.Errorf("%w: Idempotency-Key header is required", domain.ErrInvalid)
	}
	scope := "checkout:" + in.CustomerID.String()

	var (
		order *domain.Order
		auth  *domain.PaymentAuthorisation
	)
	err := s.tx.RunInTx(ctx, func(ctx context.Context) error {
		rec, claimed, err := s.idem.Claim(ctx, scope, in.IdempotencyKey, in.hash())
		if err != nil {
			return err
		}
		if !claimed {
			if rec.ResourceID == nil {
				return domain.ErrRequestInProgress
			}
			id, err := uuid.Parse(*rec.ResourceID)
			if err != nil {
				return fmt.Errorf("idempotency record %s: %w", in.IdempotencyKey, err)
			}
			order, auth, err = s.load(ctx, id)
			return err
		}

		basket, err := s.baskets.Lock(ctx, in.BasketID)
		if err != nil {
			return err
		}
		if basket.CustomerID != in.CustomerID {
			return domain.ErrNotFound
		}
		if basket.Status != domain.BasketOpen {
			// Checked out under another key (a second tab, say): hand back
			// the order that already exists rather than failing.
			existing, err := s.orders.ByBasket(ctx, basket.ID)
			if err != nil {
				if errors.Is(err, domain.ErrNotFound) {
					return domain.ErrBasketClosed
				}
				return err
			}
			order, auth, err = s.load(ctx, existing.ID)
			if err != nil {
				return err
			}
			return s.idem.Complete(ctx, scope, in.IdempotencyKey, order.ID.String(), 200, nil)
		}
		if len(basket.Items) == 0 {
			return domain.ErrBasketEmpty
		}

		order, auth, err = s.createOrder(ctx, basket, in)
		if err != nil {
			return err
		}
		return s.idem.Complete(ctx, scope, in.IdempotencyKey, order.ID.String(), 201, nil)
	})
	if err != nil {
		return nil, err
	}

	if auth.Status == domain.PaymentPending {
		if err := s.authorise(ctx, order, auth); err != nil {
			return nil, err
		}
	}
	return &CheckoutResult{
		OrderID:       order.ID,
		Status:        order.Status,
		TotalPence:    order.TotalPence,
		PaymentStatus: auth.Status,
		DeclineCode:   deref(auth.DeclineCode),
	}, nil
}

func (s *CheckoutService) load(ctx context.Context, orderID uuid.UUID) (*domain.Order, *domain.PaymentAuthorisation, error) {
	order, err := s.orders.Get(ctx, orderID)
	if err != nil {
		return nil, nil, err
	}
	auth, err := s.payments.ByOrder(ctx, orderID)
	if err != nil {
		return nil, nil, err
	}
	return order, auth, nil
}

func (s *CheckoutService) createOrder(ctx context.Context, basket *domain.Basket, in CheckoutInput) (*domain.Order, *domain.PaymentAuthorisation, error) {
	now := s.now()
	res, err := s.slots.Reservation(ctx, in.ReservationID)
	if err != nil {
		if errors.Is(err, domain.ErrNotFound) {
			return nil, nil, fmt.Errorf("%w: unknown slot reservation", domain.ErrInvalid)
		}
		return nil, nil, err
	}
	if res.BasketID != basket.ID || res.Status != domain.ReservationHeld {
		return nil, nil, fmt.Errorf("%w: reservation does not belong to this basket", domain.ErrInvalid)
	}
	if res.ExpiresAt.Before(now) {
		return nil, nil, domain.ErrSlotExpired
	}
	slot, err := s.slots.Get(ctx, res.SlotID)
	if err != nil {
		return nil, nil, err
	}

	skus := make([]string, 0, len(basket.Items))
	for _, it := range basket.Items {
		skus = append(skus, it.SKU)
	}
	levels, err := s.stock.GetMany(ctx, basket.StoreID, skus)
	if err != nil {
		return nil, nil, err
	}

	order := &domain.Order{
		ID:                s.newID(),
		BasketID:          basket.ID,
		CustomerID:        basket.CustomerID,
		CustomerPhone:     in.CustomerPhone,
		StoreID:           basket.StoreID,
		Status:            domain.OrderPendingPayment,
		SlotID:            &slot.ID,
		SlotReservationID: &res.ID,
		DeliveryFeePence:  slot.FeePence,
	}
	for _, it := range basket.Items {
		level, ok := levels[it.SKU]
		if !ok {
			return nil, nil, fmt.Errorf("%w: %s is no longer sold at this store", domain.ErrConflict, it.SKU)
		}
		line := &domain.OrderLine{
			ID:              s.newID(),
			OrderID:         order.ID,
			SKU:             it.SKU,
			Name:            level.Name,
			Quantity:        it.Quantity,
			UnitPricePence:  level.UnitPricePence,
			AllowSubstitute: it.AllowSubstitute,
			Status:          domain.LineStatusPending,
		}
		order.Lines = append(order.Lines, line)
		order.SubtotalPence += line.TotalPence()
	}

	red, err := s.loyalty.RedemptionForBasket(ctx, basket.ID)
	switch {
	case err == nil:
		order.LoyaltyDiscountPence = min(red.DiscountPence, order.SubtotalPence)
	case errors.Is(err, domain.ErrNotFound):
	default:
		return nil, nil, err
	}
	order.TotalPence = order.SubtotalPence + order.DeliveryFeePence - order.LoyaltyDiscountPence

	if err := s.orders.Create(ctx, order); err != nil {
		return nil, nil, fmt.Errorf("create order: %w", err)
	}
	auth := &domain.PaymentAuthorisation{
		ID:          "auth_" + ksuid.New().String(),
		OrderID:     order.ID,
		Currency:    "GBP",
		AmountPence: authAmount(order.TotalPence),
		Status:      domain.PaymentPending,
		CardToken:   in.CardToken,
	}
	if err := s.payments.Create(ctx, auth); err != nil {
		return nil, nil, fmt.Errorf("create authorisation: %w", err)
	}
	if err := s.slots.ConfirmReservation(ctx, res.ID, order.ID); err != nil {
		return nil, nil, err
	}
	if err := s.baskets.MarkCheckedOut(ctx, basket.ID); err != nil {
		return nil, nil, err
	}
	if _, err := s.outbox.Add(ctx, events.OrderPlaced, events.OrderPlacedEvent{
		OrderID:    order.ID,
		CustomerID: order.CustomerID,
		StoreID:    order.StoreID,
		TotalPence: order.TotalPence,
	}); err != nil {
		return nil, nil, err
	}
	return order, auth, nil
}

// authAmount pads the authorisation so that modest substitutions do not
// need an incremental authorisation: 10%, at least £2.
func authAmount(total int64) int64 {
	pad := total / 10
	if pad < 200 {
		pad = 200
	}
	return total + pad
}

func (s *CheckoutService) authorise(ctx context.Context, order *domain.Order, auth *domain.PaymentAuthorisation) error {
	key := payments.KeyFor("auth", auth.ID)
	res, err := s.processor.Authorise(ctx, payments.AuthoriseRequest{
		IdempotencyKey: key,
		AmountPence:    auth.AmountPence,
		Currency:       auth.Currency,
		CardToken:      auth.CardToken,
		Reference:      order.ID.String(),
		Metadata:       map[string]string{"basket_id": order.BasketID.String()},
	})
	s.logAttempt(ctx, auth.ID, "authorise", key, err)
	if err != nil && !payments.IsDeclined(err) {
		// Leave the authorisation pending; the client's retry sends the
		// same key and picks up the processor's answer.
		return fmt.Errorf("authorise: %w", err)
	}

	approved := err == nil && res.Approved()
	code := "declined"
	ref := ""
	if res != nil {
		ref = res.ID
		if res.DeclineCode != "" {
			code = res.DeclineCode
		}
	}
	err = s.tx.RunInTx(ctx, func(ctx context.Context) error {
		if approved {
			if err := s.payments.MarkAuthorised(ctx, auth.ID, ref, res.AuthorisedPence); err != nil {
				return err
			}
			_, err := s.orders.Transition(ctx, order.ID, []domain.OrderStatus{domain.OrderPendingPayment}, domain.OrderAuthorised)
			return err
		}
		if err := s.payments.MarkDeclined(ctx, auth.ID, ref, code); err != nil {
			return err
		}
		_, err := s.orders.Transition(ctx, order.ID, []domain.OrderStatus{domain.OrderPendingPayment}, domain.OrderPaymentFailed)
		return err
	})
	if err != nil {
		return err
	}
	if approved {
		auth.Status, auth.ProcessorRef, auth.AuthorisedPence = domain.PaymentAuthorised, &ref, res.AuthorisedPence
		order.Status = domain.OrderAuthorised
		s.log.InfoContext(ctx, "order authorised", "order_id", order.ID, "amount", auth.AmountPence)
		return nil
	}
	auth.Status, auth.DeclineCode = domain.PaymentDeclined, &code
	order.Status = domain.OrderPaymentFailed
	return nil
}

// logAttempt appends to the processor call log that support reads when a
// customer queries a charge. Failing to log never fails the request.
func (s *CheckoutService) logAttempt(ctx context.Context, authID, op, key string, callErr error) {
	a := &domain.PaymentAttempt{AuthorisationID: authID, Operation: op, IdempotencyKey: key, Outcome: "ok"}
	var apiErr *payments.APIError
	if errors.As(callErr, &apiErr) {
		a.HTTPStatus, a.Outcome, a.Detail = apiErr.Status, "rejected", apiErr.Code
	} else if callErr != nil {
		a.Outcome, a.Detail = "error", callErr.Error()
	}
	if err := s.payments.LogAttempt(ctx, a); err != nil {
		s.log.WarnContext(ctx, "payment attempt log", "auth_id", authID, "err", err)
	}
}

func deref[T any](p *T) T {
	var zero T
	if p == nil {
		return zero
	}
	return *p
}

func ptr[T any](v T) *T { return &v }

// pointsFor converts a spend into loyalty points: one point per whole
// pound.
func pointsFor(pence int64) int64 {
	if pence <= 0 {
		return 0
	}
	return pence / 100
}
