package service

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"log/slog"
	"sort"
	"strings"

	"github.com/google/uuid"

	"github.com/merchline/preorders/internal/core/domain"
	"github.com/merchline/preorders/internal/core/ports"
)

// OrderService owns the fan-facing order lifecycle up to the point the
// order is handed to the warehouse.
type OrderService struct {
	base
	store     ports.Store
	tx        ports.TxRunner
	payments  ports.PaymentProvider
	warehouse ports.WarehouseClient
}

func NewOrderService(store ports.Store, tx ports.TxRunner, payments ports.PaymentProvider, warehouse ports.WarehouseClient, log *slog.Logger, opts ...Option) *OrderService {
	return &OrderService{
		base:      newBase(log.With("svc", "orders"), opts),
		store:     store,
		tx:        tx,
		payments:  payments,
		warehouse: warehouse,
	}
}

// PlaceOrder records the pre-order under the client's Idempotency-Key and
// opens a manual-capture PaymentIntent for it. Retries with the same key
// return the same order and the same PaymentIntent.
func (s *OrderService) PlaceOrder(ctx context.Context, in domain.PlaceOrderInput) (domain.PlaceOrderResult, error) {
	if err := validatePlaceOrder(in); err != nil {
		return domain.PlaceOrderResult{}, err
	}
	skus := make([]string, 0, len(in.Lines))
	for _, l := range in.Lines {
		skus = append(skus, l.SKU)
	}
	products, err := s.store.ListProductsBySKU(ctx, skus)
	if err != nil {
		return domain.PlaceOrderResult{}, err
	}
	bySKU := make(map[string]domain.Product, len(products))
	for _, p := range products {
		bySKU[p.SKU] = p
	}
	var total int64
	for _, l := range in.Lines {
		p, ok := bySKU[l.SKU]
		if !ok || p.TourID != in.TourID {
			return domain.PlaceOrderResult{}, domain.Invalid("lines", "unknown sku "+l.SKU)
		}
		if !strings.EqualFold(p.Currency, in.Currency) {
			return domain.PlaceOrderResult{}, domain.Invalid("currency", "does not match "+l.SKU)
		}
		total += p.UnitPriceCents * int64(l.Quantity)
	}

	now := s.now()
	var (
		order domain.Order
		items []domain.OrderItem
		op    domain.PaymentOperation
	)
	err = s.tx.InTx(ctx, func(st ports.Store) error {
		stored, created, err := st.InsertOrder(ctx, domain.Order{
			ID:              s.newID(),
			IdempotencyKey:  in.IdempotencyKey,
			RequestHash:     requestHash(in),
			TourID:          in.TourID,
			FanEmail:        in.FanEmail,
			FanName:         in.FanName,
			Currency:        strings.ToLower(in.Currency),
			TotalCents:      total,
			Status:          domain.OrderPendingAuthorization,
			ShippingAddress: in.ShippingAddress,
			CreatedAt:       now,
		})
		if err != nil {
			return err
		}
		order = stored
		if !created {
			if stored.RequestHash != requestHash(in) {
				return domain.ErrKeyReused
			}
			if items, err = st.ListOrderItems(ctx, stored.ID); err != nil {
				return err
			}
			op, err = st.GetOperationByKey(ctx, authorizeKey(stored.ID))
			return err
		}
		for _, l := range in.Lines {
			p := bySKU[l.SKU]
			ok, err := st.ReserveStock(ctx, p.SKU, l.Quantity)
			if err != nil {
				return err
			}
			if !ok {
				return fmt.Errorf("%s: %w", p.SKU, domain.ErrSoldOut)
			}
			it := domain.OrderItem{
				ID:             s.newID(),
				OrderID:        stored.ID,
				ProductID:      p.ID,
				ArtistID:       p.ArtistID,
				SKU:            p.SKU,
				Quantity:       l.Quantity,
				UnitPriceCents: p.UnitPriceCents,
				Status:         domain.ItemActive,
				CreatedAt:      now,
			}
			if err := st.InsertOrderItem(ctx, it); err != nil {
				return err
			}
			items = append(items, it)
		}
		op, err = st.InsertOperation(ctx, domain.PaymentOperation{
			ID:           s.newID(),
			OrderID:      stored.ID,
			Kind:         domain.OpAuthorize,
			OperationKey: authorizeKey(stored.ID),
			AmountCents:  total,
			CreatedAt:    now,
		})
		return err
	})
	if err != nil {
		return domain.PlaceOrderResult{}, err
	}
	if order.Status != domain.OrderPendingAuthorization {
		return domain.PlaceOrderResult{Order: order, Items: items}, nil
	}
	if op.Status == domain.OpSucceeded && order.PaymentIntentID != "" {
		// A retry after the intent was recorded: Stripe's key may have
		// expired by now, so read the intent instead of creating it.
		pi, err := s.payments.GetPaymentIntent(ctx, order.PaymentIntentID)
		if err != nil {
			return domain.PlaceOrderResult{}, err
		}
		return domain.PlaceOrderResult{Order: order, Items: items, ClientSecret: pi.ClientSecret}, nil
	}

	pi, err := s.payments.CreateAuthorization(ctx, ports.AuthorizationInput{
		OrderID:        order.ID.String(),
		AmountCents:    op.AmountCents,
		Currency:       order.Currency,
		Email:          order.FanEmail,
		Description:    "Tour merch pre-order " + order.ID.String(),
		IdempotencyKey: op.OperationKey,
	})
	if err != nil {
		return domain.PlaceOrderResult{}, fmt.Errorf("authorize order %s: %w", order.ID, err)
	}
	err = s.tx.InTx(ctx, func(st ports.Store) error {
		if err := st.SetPaymentIntent(ctx, order.ID, pi.ID); err != nil {
			return err
		}
		return st.CompleteOperation(ctx, op.ID, pi.ID)
	})
	if err != nil {
		return domain.PlaceOrderResult{}, err
	}
	order.PaymentIntentID = pi.ID
	return domain.PlaceOrderResult{Order: order, Items: items, ClientSecret: pi.ClientSecret}, nil
}

func validatePlaceOrder(in domain.PlaceOrderInput) error {
	switch {
	case in.IdempotencyKey == "":
		return domain.Invalid("Idempotency-Key", "header required")
	case in.TourID == uuid.Nil:
		return domain.Invalid("tour_id", "required")
	case !strings.Contains(in.FanEmail, "@"):
		return domain.Invalid("email", "invalid")
	case len(in.Lines) == 0:
		return domain.Invalid("lines", "at least one line required")
	case len(in.Currency) != 3:
		return domain.Invalid("currency", "ISO 4217 code required")
	}
	seen := map[string]bool{}
	for _, l := range in.Lines {
		if l.Quantity <= 0 || l.Quantity > 10 {
			return domain.Invalid("lines.quantity", "must be 1-10")
		}
		if seen[l.SKU] {
			return domain.Invalid("lines", "duplicate sku "+l.SKU)
		}
		seen[l.SKU] = true
	}
	return in.ShippingAddress.Validate()
}

// requestHash fingerprints the body so a reused key with a different
// basket is refused instead of silently returning the first order.
func requestHash(in domain.PlaceOrderInput) string {
	lines := append([]domain.LineRequest(nil), in.Lines...)
	sort.Slice(lines, func(i, j int) bool { return lines[i].SKU < lines[j].SKU })
	h := sha256.New()
	fmt.Fprintf(h, "%s|%s|%s|", in.TourID, strings.ToLower(in.FanEmail), strings.ToLower(in.Currency))
	for _, l := range lines {
		fmt.Fprintf(h, "%s:%d;", l.SKU, l.Quantity)
	}
	return hex.EncodeToString(h.Sum(nil))
}

// ConfirmAuthorization is called by the storefront after Stripe.js has
// confirmed the card. It reads the PaymentIntent and moves the order on
// if the funds are held; the amount_capturable_updated webhook does the
// same, whichever arrives first.
func (s *OrderService) ConfirmAuthorization(ctx context.Context, orderID uuid.UUID) (domain.Order, error) {
	order, err := s.store.GetOrder(ctx, orderID)
	if err != nil {
		return domain.Order{}, err
	}
	if order.Status != domain.OrderPendingAuthorization {
		return order, nil
	}
	if order.PaymentIntentID == "" {
		return order, fmt.Errorf("order %s has no payment intent yet: %w", orderID, domain.ErrConflict)
	}
	pi, err := s.payments.GetPaymentIntent(ctx, order.PaymentIntentID)
	if err != nil {
		return domain.Order{}, err
	}
	if pi.Status != ports.PIRequiresCapture {
		return order, nil
	}
	now := s.now()
	err = s.tx.InTx(ctx, func(st ports.Store) error {
		moved, err := st.MarkAuthorized(ctx, order.ID, now, now.Add(authTTL))
		if err != nil || !moved {
			return err
		}
		return s.enqueue(ctx, st, domain.TopicOrders, order.ID.String(), "order.authorized:"+order.ID.String(),
			map[string]string{"type": "order.authorized", "order_id": order.ID.String()})
	})
	if err != nil {
		return domain.Order{}, err
	}
	return s.store.GetOrder(ctx, orderID)
}

// UpdateShippingAddress replaces the delivery address, at the warehouse
// too if the order has already been handed over.
func (s *OrderService) UpdateShippingAddress(ctx context.Context, orderID uuid.UUID, addr domain.Address) (domain.Order, error) {
	if err := addr.Validate(); err != nil {
		return domain.Order{}, err
	}
	order, err := s.store.GetOrder(ctx, orderID)
	if err != nil {
		return domain.Order{}, err
	}
	if !order.Status.Open() {
		return domain.Order{}, fmt.Errorf("order is %s: %w", order.Status, domain.ErrConflict)
	}
	if order.Status == domain.OrderSubmitted {
		if err := s.warehouse.UpdateShippingAddress(ctx, order.WarehouseRef(), addr); err != nil {
			return domain.Order{}, fmt.Errorf("update warehouse address: %w", err)
		}
	}
	if err := s.store.UpdateShippingAddress(ctx, orderID, addr); err != nil {
		return domain.Order{}, err
	}
	order.ShippingAddress = addr
	return order, nil
}

// CancelOrder is the fan cancelling before anything has shipped: the
// warehouse order is withdrawn, the card hold released and the units go
// back to the pre-order pool.
func (s *OrderService) CancelOrder(ctx context.Context, orderID uuid.UUID) (domain.Order, error) {
	order, err := s.store.GetOrder(ctx, orderID)
	if err != nil {
		return domain.Order{}, err
	}
	if order.Status == domain.OrderCancelled {
		return order, nil
	}
	if !order.Status.Open() || order.Captured() {
		return domain.Order{}, fmt.Errorf("order is %s: %w", order.Status, domain.ErrConflict)
	}
	if order.Status == domain.OrderSubmitted {
		if err := s.warehouse.CancelFulfilmentOrder(ctx, order.WarehouseRef()); err != nil {
			return domain.Order{}, fmt.Errorf("cancel at warehouse: %w", err)
		}
	}
	if order.PaymentIntentID != "" {
		_, err := s.payments.Cancel(ctx, ports.CancelInput{
			PaymentIntentID: order.PaymentIntentID,
			Reason:          "requested_by_customer",
			IdempotencyKey:  cancelKey(order.PaymentIntentID),
		})
		if err != nil && !errors.Is(err, ports.ErrIntentState) {
			return domain.Order{}, fmt.Errorf("release card hold: %w", err)
		}
	}
	items, err := s.store.ListOrderItems(ctx, orderID)
	if err != nil {
		return domain.Order{}, err
	}
	if err := s.store.SetStatus(ctx, orderID, domain.OrderCancelled); err != nil {
		return domain.Order{}, err
	}
	for _, it := range items {
		if it.Status != domain.ItemActive {
			continue
		}
		if err := s.store.ReleaseReservation(ctx, it.SKU, it.Quantity); err != nil {
			return domain.Order{}, fmt.Errorf("release %s: %w", it.SKU, err)
		}
		if _, err := s.store.SetItemStatus(ctx, it.ID, domain.ItemActive, domain.ItemVoid); err != nil {
			return domain.Order{}, err
		}
	}
	order.Status = domain.OrderCancelled
	return order, nil
}

// RemoveItem lets the fan drop one line from an order that has not gone
// to the warehouse yet. The hold on the card is not reduced; we capture
// the lower total at ship time.
func (s *OrderService) RemoveItem(ctx context.Context, orderID, itemID uuid.UUID) (domain.Order, error) {
	order, err := s.store.GetOrder(ctx, orderID)
	if err != nil {
		return domain.Order{}, err
	}
	if order.Status != domain.OrderPendingAuthorization && order.Status != domain.OrderAuthorized {
		return domain.Order{}, fmt.Errorf("order is %s: %w", order.Status, domain.ErrConflict)
	}
	items, err := s.store.ListOrderItems(ctx, orderID)
	if err != nil {
		return domain.Order{}, err
	}
	var target *domain.OrderItem
	active := 0
	for i := range items {
		if items[i].Status == domain.ItemActive {
			active++
		}
		if items[i].ID == itemID {
			target = &items[i]
		}
	}
	switch {
	case target == nil:
		return domain.Order{}, domain.ErrNotFound
	case target.Status == domain.ItemRemoved:
		return order, nil
	case target.Status != domain.ItemActive:
		return domain.Order{}, fmt.Errorf("item is %s: %w", target.Status, domain.ErrConflict)
	case active == 1:
		return domain.Order{}, domain.Invalid("item_id", "last item on the order; cancel the order instead")
	}
	if err := s.store.RemoveItem(ctx, *target); err != nil {
		return domain.Order{}, err
	}
	return s.store.GetOrder(ctx, orderID)
}

// ExpireStalePending cancels orders whose card was never confirmed. A
// fan who confirmed at the last moment is picked up as authorised.
func (s *OrderService) ExpireStalePending(ctx context.Context, olderThan int32) (int, error) {
	cutoff := s.now().Add(-pendingTimeout)
	orders, err := s.store.ListStalePending(ctx, cutoff, olderThan)
	if err != nil {
		return 0, err
	}
	expired := 0
	for _, o := range orders {
		if o.PaymentIntentID != "" {
			_, err := s.payments.Cancel(ctx, ports.CancelInput{
				PaymentIntentID: o.PaymentIntentID,
				Reason:          "abandoned",
				IdempotencyKey:  cancelKey(o.PaymentIntentID),
			})
			if errors.Is(err, ports.ErrIntentState) {
				if _, cerr := s.ConfirmAuthorization(ctx, o.ID); cerr != nil {
					s.log.WarnContext(ctx, "late authorisation check failed", "order_id", o.ID, "err", cerr)
				}
				continue
			}
			if err != nil {
				return expired, fmt.Errorf("cancel intent for %s: %w", o.ID, err)
			}
		}
		err := s.tx.InTx(ctx, func(st ports.Store) error {
			moved, err := st.TransitionStatus(ctx, o.ID, []domain.OrderStatus{domain.OrderPendingAuthorization}, domain.OrderExpired)
			if err != nil || !moved {
				return err
			}
			items, err := st.ListOrderItems(ctx, o.ID)
			if err != nil {
				return err
			}
			for _, it := range items {
				if it.Status != domain.ItemActive {
					continue
				}
				if err := st.ReleaseReservation(ctx, it.SKU, it.Quantity); err != nil {
					return err
				}
				if _, err := st.SetItemStatus(ctx, it.ID, domain.ItemActive, domain.ItemVoid); err != nil {
					return err
				}
			}
			expired++
			return nil
		})
		if err != nil {
			return expired, err
		}
	}
	return expired, nil
}
