package service

import (
	"context"
	"fmt"
	"log/slog"

	"github.com/google/uuid"

	"github.com/merchline/preorders/internal/core/domain"
	"github.com/merchline/preorders/internal/core/ports"
)

// RefundService gives money back: single items (support, warehouse line
// cancellations), whole sold-out SKUs, and returns.
type RefundService struct {
	base
	store    ports.Store
	tx       ports.TxRunner
	payments ports.PaymentProvider
}

func NewRefundService(store ports.Store, tx ports.TxRunner, payments ports.PaymentProvider, log *slog.Logger, opts ...Option) *RefundService {
	return &RefundService{base: newBase(log.With("svc", "refunds"), opts), store: store, tx: tx, payments: payments}
}

// ItemOutcome says what happened to one line.
type ItemOutcome struct {
	ItemID uuid.UUID      `json:"item_id"`
	Action string         `json:"action"` // voided | refunded | unchanged
	Refund *domain.Refund `json:"refund,omitempty"`
}

// RefundItem takes one line off an order. Before capture that only means
// capturing less later; after capture it is a Stripe refund.
func (s *RefundService) RefundItem(ctx context.Context, orderID, itemID uuid.UUID, reason string) (ItemOutcome, error) {
	order, err := s.store.GetOrder(ctx, orderID)
	if err != nil {
		return ItemOutcome{}, err
	}
	item, err := s.store.GetOrderItem(ctx, itemID)
	if err != nil {
		return ItemOutcome{}, err
	}
	if item.OrderID != order.ID {
		return ItemOutcome{}, domain.ErrNotFound
	}
	return s.takeOffOrder(ctx, order, item, reason)
}

func (s *RefundService) takeOffOrder(ctx context.Context, order domain.Order, item domain.OrderItem, reason string) (ItemOutcome, error) {
	if !order.Captured() {
		if err := s.voidItem(ctx, order, item); err != nil {
			return ItemOutcome{}, err
		}
		return ItemOutcome{ItemID: item.ID, Action: "voided"}, nil
	}
	switch item.Status {
	case domain.ItemActive, domain.ItemShipped, domain.ItemRefunded:
	default:
		return ItemOutcome{}, fmt.Errorf("item is %s: %w", item.Status, domain.ErrNotRefundable)
	}
	ref, err := s.refundCaptured(ctx, order, item, reason, itemRefundKey(item.ID))
	if err != nil {
		return ItemOutcome{}, err
	}
	return ItemOutcome{ItemID: item.ID, Action: "refunded", Refund: &ref}, nil
}

// voidItem drops an uncaptured line: the order total, the item status
// and the reservation change together.
func (s *RefundService) voidItem(ctx context.Context, order domain.Order, item domain.OrderItem) error {
	return s.tx.InTx(ctx, func(st ports.Store) error {
		moved, err := st.SetItemStatus(ctx, item.ID, domain.ItemActive, domain.ItemVoid)
		if err != nil || !moved {
			return err
		}
		if err := st.ReduceOrderTotal(ctx, order.ID, item.LineTotal()); err != nil {
			return err
		}
		return st.ReleaseReservation(ctx, item.SKU, item.Quantity)
	})
}

// refundCaptured records the refund under opKey, sends it to Stripe keyed
// by the refund row and books the result.
func (s *RefundService) refundCaptured(ctx context.Context, order domain.Order, item domain.OrderItem, reason, opKey string) (domain.Refund, error) {
	ref, err := s.store.InsertRefund(ctx, domain.Refund{
		ID:           s.newID(),
		OrderID:      order.ID,
		OrderItemID:  &item.ID,
		OperationKey: opKey,
		Reason:       reason,
		AmountCents:  item.LineTotal(),
		CreatedAt:    s.now(),
	})
	if err != nil {
		return domain.Refund{}, err
	}
	if ref.Status == domain.RefundSucceeded {
		return ref, nil
	}
	res, err := s.payments.Refund(ctx, ports.RefundInput{
		PaymentIntentID: order.PaymentIntentID,
		AmountCents:     ref.AmountCents,
		Reason:          reason,
		Metadata:        map[string]string{"order_id": order.ID.String(), "item_id": item.ID.String(), "refund_id": ref.ID.String()},
		IdempotencyKey:  refundCallKey(ref.ID),
	})
	if err != nil {
		return domain.Refund{}, fmt.Errorf("refund item %s: %w", item.ID, err)
	}
	if err := s.bookRefund(ctx, ref, item, res.ID, domain.ItemRefunded); err != nil {
		return domain.Refund{}, err
	}
	ref.Status, ref.StripeRefundID = domain.RefundSucceeded, res.ID
	return ref, nil
}

// bookRefund marks the refund done, moves the item and reverses the
// artist's share, in one transaction keyed by the refund row.
func (s *RefundService) bookRefund(ctx context.Context, ref domain.Refund, item domain.OrderItem, stripeRefundID string, to domain.ItemStatus) error {
	artists := newArtistCache(s.store)
	artist, err := artists.get(ctx, item.ArtistID)
	if err != nil {
		return err
	}
	order, err := s.store.GetOrder(ctx, ref.OrderID)
	if err != nil {
		return err
	}
	return s.tx.InTx(ctx, func(st ports.Store) error {
		if err := st.CompleteRefund(ctx, ref.ID, stripeRefundID); err != nil {
			return err
		}
		if _, err := st.SetItemStatus(ctx, item.ID, item.Status, to); err != nil {
			return err
		}
		_, err := st.InsertLedgerEntry(ctx, domain.LedgerEntry{
			ID:          s.newID(),
			ArtistID:    artist.ID,
			OrderItemID: &item.ID,
			EntryType:   domain.LedgerRefund,
			GrossCents:  -ref.AmountCents,
			AmountCents: -artist.ShareOf(ref.AmountCents),
			Currency:    order.Currency,
			SourceRef:   "refund:" + ref.ID.String(),
			Memo:        ref.Reason,
			CreatedAt:   s.now(),
		})
		return err
	})
}

type SoldOutSummary struct {
	SKU      string `json:"sku"`
	Voided   int    `json:"voided"`
	Refunded int    `json:"refunded"`
}

// RefundSoldOutSKU is run by the merch team when a SKU will not be
// produced: it stops sales and takes the SKU off every open order.
func (s *RefundService) RefundSoldOutSKU(ctx context.Context, sku string) (SoldOutSummary, error) {
	sum := SoldOutSummary{SKU: sku}
	if _, err := s.store.SetProductStatus(ctx, sku, domain.ProductSoldOut); err != nil {
		return sum, err
	}
	items, err := s.store.ListActiveItemsBySKU(ctx, sku)
	if err != nil {
		return sum, err
	}
	for _, it := range items {
		order, err := s.store.GetOrder(ctx, it.OrderID)
		if err != nil {
			return sum, err
		}
		if !order.Captured() {
			if err := s.voidItem(ctx, order, it); err != nil {
				return sum, err
			}
			sum.Voided++
			continue
		}
		ref, err := s.store.InsertRefund(ctx, domain.Refund{
			ID:           s.newID(),
			OrderID:      order.ID,
			OrderItemID:  &it.ID,
			OperationKey: itemRefundKey(it.ID),
			Reason:       domain.RefundReasonSoldOut,
			AmountCents:  it.LineTotal(),
			CreatedAt:    s.now(),
		})
		if err != nil {
			return sum, err
		}
		if ref.Status == domain.RefundSucceeded {
			continue
		}
		res, err := s.payments.Refund(ctx, ports.RefundInput{
			PaymentIntentID: order.PaymentIntentID,
			AmountCents:     ref.AmountCents,
			Reason:          domain.RefundReasonSoldOut,
			Metadata:        map[string]string{"order_id": order.ID.String(), "sku": sku, "refund_id": ref.ID.String()},
		})
		if err != nil {
			return sum, fmt.Errorf("refund %s on order %s: %w", sku, order.ID, err)
		}
		if err := s.bookRefund(ctx, ref, it, res.ID, domain.ItemRefunded); err != nil {
			return sum, err
		}
		sum.Refunded++
	}
	s.log.InfoContext(ctx, "sold-out sku cleared", "sku", sku, "voided", sum.Voided, "refunded", sum.Refunded)
	return sum, nil
}

// HandleReturn books a parcel of returned goods and refunds it.
func (s *RefundService) HandleReturn(ctx context.Context, ev domain.ReturnReceived) error {
	orderID, err := orderIDFromRef(ev.ClientOrderRef)
	if err != nil {
		return err
	}
	order, err := s.store.GetOrder(ctx, orderID)
	if err != nil {
		return err
	}
	item, err := s.store.GetOrderItemBySKU(ctx, order.ID, ev.SKU)
	if err != nil {
		return err
	}
	artist, err := s.store.GetArtist(ctx, item.ArtistID)
	if err != nil {
		return err
	}
	amount := item.UnitPriceCents * int64(ev.Quantity)
	now := s.now()

	var ref domain.Refund
	err = s.tx.InTx(ctx, func(st ports.Store) error {
		r, err := st.InsertRefund(ctx, domain.Refund{
			ID:           s.newID(),
			OrderID:      order.ID,
			OrderItemID:  &item.ID,
			OperationKey: "return:" + ev.EventID,
			Reason:       domain.RefundReasonReturned,
			AmountCents:  amount,
			CreatedAt:    now,
		})
		if err != nil {
			return err
		}
		ref = r
		recID := s.newID()
		if err := st.InsertReturn(ctx, domain.ReturnRecord{
			ID:                recID,
			OrderID:           order.ID,
			OrderItemID:       item.ID,
			WarehouseReturnID: ev.ReturnID,
			Quantity:          ev.Quantity,
			Condition:         ev.Condition,
			RefundID:          &r.ID,
			ReceivedAt:        ev.ReceivedAt,
		}); err != nil {
			return err
		}
		_, err = st.InsertLedgerEntry(ctx, domain.LedgerEntry{
			ID:          s.newID(),
			ArtistID:    artist.ID,
			OrderItemID: &item.ID,
			EntryType:   domain.LedgerReturn,
			GrossCents:  -amount,
			AmountCents: -artist.ShareOf(amount),
			Currency:    order.Currency,
			SourceRef:   "return:" + recID.String(),
			Memo:        ev.ReturnID,
			CreatedAt:   now,
		})
		return err
	})
	if err != nil {
		return err
	}
	if ref.Status == domain.RefundSucceeded {
		return nil
	}
	res, err := s.payments.Refund(ctx, ports.RefundInput{
		PaymentIntentID: order.PaymentIntentID,
		AmountCents:     ref.AmountCents,
		Reason:          domain.RefundReasonReturned,
		Metadata:        map[string]string{"order_id": order.ID.String(), "rma": ev.ReturnID},
		IdempotencyKey:  refundCallKey(ref.ID),
	})
	if err != nil {
		return err
	}
	return s.tx.InTx(ctx, func(st ports.Store) error {
		if err := st.CompleteRefund(ctx, ref.ID, res.ID); err != nil {
			return err
		}
		_, err := st.SetItemStatus(ctx, item.ID, domain.ItemShipped, domain.ItemReturned)
		return err
	})
}

// HandleWarehouseLineCancelled: the warehouse cannot fulfil a line
// (damaged stock, mis-pick at the factory). It shares the item refund key
// with support refunds so a line is never refunded twice.
func (s *RefundService) HandleWarehouseLineCancelled(ctx context.Context, ev domain.LineCancelled) error {
	orderID, err := orderIDFromRef(ev.ClientOrderRef)
	if err != nil {
		return err
	}
	order, err := s.store.GetOrder(ctx, orderID)
	if err != nil {
		return err
	}
	item, err := s.store.GetOrderItemBySKU(ctx, order.ID, ev.SKU)
	if err != nil {
		return err
	}
	switch item.Status {
	case domain.ItemVoid, domain.ItemRemoved, domain.ItemRefunded:
		return nil
	}
	_, err = s.takeOffOrder(ctx, order, item, domain.RefundReasonWarehouseLine)
	return err
}
