package ordering

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"log/slog"
	"strconv"
	"time"

	"github.com/google/uuid"

	"github.com/pantryco/fulfilment/internal/domain"
	"github.com/pantryco/fulfilment/internal/platform/ids"
	"github.com/pantryco/fulfilment/internal/platform/pg"
)

const (
	scopePlaceOrder = "place_order"
	reminderLead    = 2 * time.Hour
)

type service struct {
	tx     pg.TxManager
	orders OrderRepository
	slots  SlotRepository
	keys   RequestKeyRepository
	promos PromotionRepository
	jobs   Jobs
	log    *slog.Logger
}

// NewService wires the ordering service.
func NewService(tx pg.TxManager, orders OrderRepository, slots SlotRepository, keys RequestKeyRepository,
	promos PromotionRepository, jobs Jobs, log *slog.Logger) Service {
	return &service{tx: tx, orders: orders, slots: slots, keys: keys, promos: promos, jobs: jobs, log: log}
}

func (in PlaceOrderInput) validate() error {
	switch {
	case in.IdempotencyKey == "":
		return fmt.Errorf("%w: idempotency_key is required", domain.ErrInvalidArgument)
	case in.CustomerID == uuid.Nil:
		return fmt.Errorf("%w: customer_id is required", domain.ErrInvalidArgument)
	case len(in.Lines) == 0:
		return fmt.Errorf("%w: at least one line is required", domain.ErrInvalidArgument)
	}
	for i, l := range in.Lines {
		if l.Quantity <= 0 || l.UnitPriceCents < 0 || l.SKU == "" {
			return fmt.Errorf("%w: line %d", domain.ErrInvalidArgument, i+1)
		}
	}
	return nil
}

// fingerprint hashes the request so that a reused key with a different
// body is rejected instead of replayed.
func (in PlaceOrderInput) fingerprint() string {
	h := sha256.New()
	h.Write([]byte(in.CustomerID.String()))
	h.Write([]byte(in.StoreID))
	h.Write([]byte(strconv.FormatInt(in.SlotID, 10)))
	for _, l := range in.Lines {
		h.Write([]byte(l.SKU))
		h.Write([]byte(strconv.Itoa(l.Quantity)))
		h.Write([]byte(strconv.FormatInt(l.UnitPriceCents, 10)))
	}
	return hex.EncodeToString(h.Sum(nil))
}

func keyScope(customerID uuid.UUID) string {
	return scopePlaceOrder + ":" + customerID.String()
}

// PlaceOrder creates the order, reserves slot capacity and records the
// caller's idempotency key, all in one transaction. A repeated key replays
// the original order.
func (s *service) PlaceOrder(ctx context.Context, in PlaceOrderInput) (domain.Order, error) {
	if err := in.validate(); err != nil {
		return domain.Order{}, err
	}
	scope, fp := keyScope(in.CustomerID), in.fingerprint()

	return pg.WithTxResult(ctx, s.tx, func(ctx context.Context) (domain.Order, error) {
		claimed, err := s.keys.Claim(ctx, scope, in.IdempotencyKey, fp)
		if err != nil {
			return domain.Order{}, err
		}
		if !claimed {
			return s.replay(ctx, scope, in.IdempotencyKey, fp)
		}

		slot, err := s.slots.GetForUpdate(ctx, in.SlotID)
		if err != nil {
			return domain.Order{}, err
		}
		if slot.StoreID != in.StoreID {
			return domain.Order{}, fmt.Errorf("%w: slot belongs to another store", domain.ErrInvalidArgument)
		}
		if err := s.slots.Reserve(ctx, slot.ID); err != nil {
			return domain.Order{}, err
		}

		order, lines := buildOrder(in)
		if err := s.orders.Insert(ctx, order, lines); err != nil {
			return domain.Order{}, err
		}
		if err := s.orders.AppendEvent(ctx, domain.OrderEvent{
			ID: ids.NewUUID(), OrderID: order.ID, Type: "placed",
		}); err != nil {
			return domain.Order{}, err
		}
		if err := s.keys.SetResult(ctx, scope, in.IdempotencyKey, order.ID.String()); err != nil {
			return domain.Order{}, err
		}
		if err := s.jobs.ScheduleSlotReminder(ctx, order.ID, "slot_reminder", slot.Starts.Add(-reminderLead)); err != nil {
			return domain.Order{}, err
		}
		return order, nil
	})
}

func (s *service) replay(ctx context.Context, scope, key, fp string) (domain.Order, error) {
	storedFP, ref, err := s.keys.Lookup(ctx, scope, key)
	if err != nil {
		return domain.Order{}, err
	}
	if storedFP != fp {
		return domain.Order{}, fmt.Errorf("%w: idempotency key reused with a different request", domain.ErrInvalidArgument)
	}
	id, err := uuid.Parse(ref)
	if err != nil {
		return domain.Order{}, fmt.Errorf("stored result for key is not an order id: %w", err)
	}
	return s.orders.Get(ctx, id)
}

func buildOrder(in PlaceOrderInput) (domain.Order, []domain.OrderLine) {
	order := domain.Order{
		ID:            ids.NewUUID(),
		CustomerID:    in.CustomerID,
		StoreID:       in.StoreID,
		RetailerID:    in.RetailerID,
		SlotID:        in.SlotID,
		Status:        domain.OrderPendingPayment,
		Currency:      in.Currency,
		Phone:         in.Phone,
		PaymentMethod: in.PaymentMethod,
	}
	if order.Currency == "" {
		order.Currency = "gbp"
	}
	lines := make([]domain.OrderLine, 0, len(in.Lines))
	for i, l := range in.Lines {
		lines = append(lines, domain.OrderLine{
			OrderID: order.ID, LineNo: i + 1, SKU: l.SKU, Quantity: l.Quantity, UnitPriceCents: l.UnitPriceCents,
		})
		order.SubtotalCents += int64(l.Quantity) * l.UnitPriceCents
	}
	order.TotalCents = order.SubtotalCents
	return order, lines
}

// GetOrder loads an order.
func (s *service) GetOrder(ctx context.Context, id uuid.UUID) (domain.Order, error) {
	return s.orders.Get(ctx, id)
}

// CancelOrder cancels an order that has not left the store, frees its slot
// capacity, refunds the authorisation and tells the retailer.
func (s *service) CancelOrder(ctx context.Context, id uuid.UUID, reason string) error {
	order, err := s.orders.Get(ctx, id)
	if err != nil {
		return err
	}
	if order.Status == domain.OrderCancelled {
		s.log.InfoContext(ctx, "order already cancelled", "order_id", id)
		return nil
	}
	switch order.Status {
	case domain.OrderPendingPayment, domain.OrderConfirmed, domain.OrderPicking:
	default:
		return fmt.Errorf("%w: cannot cancel order in status %s", domain.ErrInvalidState, order.Status)
	}

	if err := s.orders.SetStatus(ctx, id, domain.OrderCancelled); err != nil {
		return err
	}
	if err := s.slots.Release(ctx, order.SlotID); err != nil {
		return fmt.Errorf("release slot after cancel: %w", err)
	}
	if order.Status != domain.OrderPendingPayment {
		if err := s.jobs.EnqueueRefund(ctx, id, "cancelled", order.TotalCents); err != nil {
			return fmt.Errorf("enqueue refund: %w", err)
		}
	}
	if err := s.jobs.EnqueueRetailerCancellation(ctx, id, order.RetailerID, reason); err != nil {
		return fmt.Errorf("enqueue retailer cancellation: %w", err)
	}
	return nil
}

// Reschedule moves an order to another slot of the same store. The order
// row is locked so the slot comparison and both capacity changes happen
// atomically.
func (s *service) Reschedule(ctx context.Context, id uuid.UUID, newSlotID int64) (domain.Order, error) {
	return pg.WithTxResult(ctx, s.tx, func(ctx context.Context) (domain.Order, error) {
		order, err := s.orders.GetForUpdate(ctx, id)
		if err != nil {
			return domain.Order{}, err
		}
		if order.SlotID == newSlotID {
			return order, nil
		}
		if order.Status != domain.OrderPendingPayment && order.Status != domain.OrderConfirmed {
			return domain.Order{}, fmt.Errorf("%w: cannot reschedule order in status %s", domain.ErrInvalidState, order.Status)
		}

		slot, err := s.slots.GetForUpdate(ctx, newSlotID)
		if err != nil {
			return domain.Order{}, err
		}
		if slot.StoreID != order.StoreID {
			return domain.Order{}, fmt.Errorf("%w: slot belongs to another store", domain.ErrInvalidArgument)
		}
		if err := s.slots.Reserve(ctx, newSlotID); err != nil {
			return domain.Order{}, err
		}
		if err := s.slots.Release(ctx, order.SlotID); err != nil {
			return domain.Order{}, err
		}
		if err := s.orders.SetSlot(ctx, id, newSlotID); err != nil {
			return domain.Order{}, err
		}
		if err := s.orders.AppendEvent(ctx, domain.OrderEvent{
			ID: ids.NewUUID(), OrderID: id, Type: "rescheduled",
			Detail: fmt.Sprintf("%d->%d", order.SlotID, newSlotID),
		}); err != nil {
			return domain.Order{}, err
		}
		order.SlotID = newSlotID
		return order, nil
	})
}

// ApplyPromo redeems a promo code against an order.
func (s *service) ApplyPromo(ctx context.Context, id uuid.UUID, code string) (domain.Order, error) {
	return pg.WithTxResult(ctx, s.tx, func(ctx context.Context) (domain.Order, error) {
		order, err := s.orders.GetForUpdate(ctx, id)
		if err != nil {
			return domain.Order{}, err
		}
		if order.Status != domain.OrderPendingPayment && order.Status != domain.OrderConfirmed {
			return domain.Order{}, fmt.Errorf("%w: promotions can only be applied before picking", domain.ErrInvalidState)
		}
		promo, err := s.promos.Get(ctx, code)
		if err != nil {
			if errors.Is(err, pg.ErrNotFound) {
				return domain.Order{}, domain.ErrPromoInvalid
			}
			return domain.Order{}, err
		}
		if time.Now().After(promo.ValidUntil) || order.SubtotalCents < promo.MinSubtotal {
			return domain.Order{}, domain.ErrPromoInvalid
		}

		if err := s.promos.Redeem(ctx, id, promo.Code, promo.DiscountCents); err != nil {
			return domain.Order{}, err
		}
		if err := s.orders.ApplyDiscount(ctx, id, promo.DiscountCents); err != nil {
			return domain.Order{}, err
		}
		if err := s.orders.AppendEvent(ctx, domain.OrderEvent{
			ID: ids.NewUUID(), OrderID: id, Type: "promo_applied", Detail: promo.Code,
		}); err != nil {
			return domain.Order{}, err
		}
		order.DiscountCents += promo.DiscountCents
		order.TotalCents -= promo.DiscountCents
		return order, nil
	})
}
