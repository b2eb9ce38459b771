package service

import (
	"context"
	"errors"
	"fmt"
	"log/slog"

	"github.com/google/uuid"

	"github.com/merchline/preorders/internal/core/domain"
	"github.com/merchline/preorders/internal/core/ports"
)

// FulfilmentService talks to the warehouse and reacts to its events.
type FulfilmentService struct {
	base
	store     ports.Store
	tx        ports.TxRunner
	payments  ports.PaymentProvider
	warehouse ports.WarehouseClient
	mailer    ports.Mailer
}

func NewFulfilmentService(store ports.Store, tx ports.TxRunner, payments ports.PaymentProvider, warehouse ports.WarehouseClient, mailer ports.Mailer, log *slog.Logger, opts ...Option) *FulfilmentService {
	return &FulfilmentService{
		base:      newBase(log.With("svc", "fulfilment"), opts),
		store:     store,
		tx:        tx,
		payments:  payments,
		warehouse: warehouse,
		mailer:    mailer,
	}
}

// SubmitToWarehouse hands an authorised order to the warehouse. The
// warehouse dedups on our per-order key, so a repeated message (or a
// crash before we record the submission) gets the same fulfilment order.
func (s *FulfilmentService) SubmitToWarehouse(ctx context.Context, orderID uuid.UUID) error {
	order, err := s.store.GetOrder(ctx, orderID)
	if err != nil {
		return err
	}
	if order.Status != domain.OrderAuthorized {
		s.log.DebugContext(ctx, "order not awaiting submission", "order_id", orderID, "status", order.Status)
		return nil
	}
	items, err := s.store.ListOrderItems(ctx, orderID)
	if err != nil {
		return err
	}
	var lines []domain.ShipmentLine
	for _, it := range items {
		if it.Status == domain.ItemActive {
			lines = append(lines, domain.ShipmentLine{SKU: it.SKU, Quantity: it.Quantity})
		}
	}
	ref, err := s.warehouse.CreateFulfilmentOrder(ctx, ports.FulfilmentOrderRequest{
		ClientOrderRef: order.WarehouseRef(),
		ShipTo:         order.ShippingAddress,
		Email:          order.FanEmail,
		Lines:          lines,
		IdempotencyKey: "fo:" + order.ID.String(),
	})
	if err != nil {
		return fmt.Errorf("submit order %s: %w", orderID, err)
	}
	return s.tx.InTx(ctx, func(st ports.Store) error {
		if err := st.UpsertSubmission(ctx, domain.Submission{
			OrderID:           order.ID,
			WarehouseOrderRef: ref,
			Status:            "accepted",
			SubmittedAt:       s.now(),
		}); err != nil {
			return err
		}
		_, err := st.TransitionStatus(ctx, order.ID, []domain.OrderStatus{domain.OrderAuthorized}, domain.OrderSubmitted)
		return err
	})
}

// HandleShipmentDispatched records a shipment and captures the order's
// payment on its first shipment. The capture is recorded as an operation
// before it is sent, keyed per order, so a redelivered event either
// finds it done or repeats it under the same Stripe key.
func (s *FulfilmentService) HandleShipmentDispatched(ctx context.Context, ev domain.ShipmentDispatched) error {
	orderID, err := orderIDFromRef(ev.ClientOrderRef)
	if err != nil {
		return err
	}
	order, err := s.store.GetOrder(ctx, orderID)
	if err != nil {
		return err
	}
	items, err := s.store.ListOrderItems(ctx, orderID)
	if err != nil {
		return err
	}
	bySKU := make(map[string]domain.OrderItem, len(items))
	for _, it := range items {
		bySKU[it.SKU] = it
	}
	artists := newArtistCache(s.store)
	for _, l := range ev.Lines {
		it, ok := bySKU[l.SKU]
		if !ok {
			return fmt.Errorf("shipment %s lists %s which is not on order %s: %w", ev.ShipmentID, l.SKU, orderID, domain.ErrInvalid)
		}
		if _, err := artists.get(ctx, it.ArtistID); err != nil {
			return err
		}
	}

	var (
		shipment domain.Shipment
		capture  domain.PaymentOperation
	)
	err = s.tx.InTx(ctx, func(st ports.Store) error {
		sh, _, err := st.InsertShipment(ctx, domain.Shipment{
			ID:                  s.newID(),
			OrderID:             order.ID,
			WarehouseShipmentID: ev.ShipmentID,
			Carrier:             ev.Carrier,
			TrackingNumber:      ev.TrackingNumber,
			ShippedAt:           ev.ShippedAt,
		})
		if err != nil {
			return err
		}
		shipment = sh
		if order.Captured() {
			return nil
		}
		capture, err = st.InsertOperation(ctx, domain.PaymentOperation{
			ID:           s.newID(),
			OrderID:      order.ID,
			Kind:         domain.OpCapture,
			OperationKey: captureKey(order.ID),
			AmountCents:  domain.ActiveTotal(items),
			CreatedAt:    s.now(),
		})
		return err
	})
	if err != nil {
		return err
	}

	needCapture := capture.ID != uuid.Nil && capture.Status == domain.OpPending
	if needCapture {
		_, err := s.payments.Capture(ctx, ports.CaptureInput{
			PaymentIntentID: order.PaymentIntentID,
			AmountCents:     capture.AmountCents,
			IdempotencyKey:  capture.OperationKey,
		})
		if errors.Is(err, ports.ErrIntentState) {
			// Captured by an earlier attempt whose key has since expired.
			pi, gerr := s.payments.GetPaymentIntent(ctx, order.PaymentIntentID)
			if gerr != nil {
				return gerr
			}
			if pi.Status != ports.PISucceeded {
				return fmt.Errorf("capture order %s: intent is %s: %w", orderID, pi.Status, err)
			}
			err = nil
		}
		if err != nil {
			return fmt.Errorf("capture order %s: %w", orderID, err)
		}
	}

	now := s.now()
	return s.tx.InTx(ctx, func(st ports.Store) error {
		if needCapture {
			if err := st.CompleteOperation(ctx, capture.ID, order.PaymentIntentID); err != nil {
				return err
			}
			if err := st.RecordCapture(ctx, order.ID, capture.AmountCents, now); err != nil {
				return err
			}
		}
		for _, l := range ev.Lines {
			it := bySKU[l.SKU]
			if err := st.InsertShipmentItem(ctx, shipment.ID, it.ID, l.Quantity); err != nil {
				return err
			}
			if _, err := st.SetItemStatus(ctx, it.ID, domain.ItemActive, domain.ItemShipped); err != nil {
				return err
			}
			artist, _ := artists.get(ctx, it.ArtistID)
			if _, err := st.InsertLedgerEntry(ctx, domain.LedgerEntry{
				ID:          s.newID(),
				ArtistID:    artist.ID,
				OrderItemID: &it.ID,
				EntryType:   domain.LedgerSale,
				GrossCents:  it.LineTotal(),
				AmountCents: artist.ShareOf(it.LineTotal()),
				Currency:    order.Currency,
				SourceRef:   "sale:" + it.ID.String(),
				CreatedAt:   now,
			}); err != nil {
				return err
			}
		}
		if _, err := st.TransitionStatus(ctx, order.ID,
			[]domain.OrderStatus{domain.OrderAuthorized, domain.OrderSubmitted}, domain.OrderShipped); err != nil {
			return err
		}
		return s.enqueue(ctx, st, domain.TopicNotifications, order.ID.String(), "shipment:"+shipment.ID.String(),
			map[string]string{
				"template":        "merch_shipped",
				"to":              order.FanEmail,
				"order_id":        order.ID.String(),
				"carrier":         shipment.Carrier,
				"tracking_number": shipment.TrackingNumber,
			})
	})
}

// HandleDeliveryException asks the warehouse to send lost or damaged
// parcels again; other exceptions are recorded for support.
func (s *FulfilmentService) HandleDeliveryException(ctx context.Context, ev domain.DeliveryException) error {
	sh, err := s.store.GetShipmentByWarehouseID(ctx, ev.ShipmentID)
	if err != nil {
		return err
	}
	if ev.Code != domain.ExceptionLost && ev.Code != domain.ExceptionDamaged {
		return s.store.SetShipmentStatus(ctx, sh.ID, domain.ShipmentException)
	}
	already, err := s.store.HasReship(ctx, sh.ID)
	if err != nil || already {
		return err
	}
	order, err := s.store.GetOrder(ctx, sh.OrderID)
	if err != nil {
		return err
	}
	reshipID, err := s.warehouse.CreateReship(ctx, ports.ReshipRequest{
		ShipmentID:     ev.ShipmentID,
		ClientOrderRef: order.WarehouseRef(),
		Reason:         ev.Code,
	})
	if err != nil {
		return fmt.Errorf("reship %s: %w", ev.ShipmentID, err)
	}
	return s.tx.InTx(ctx, func(st ports.Store) error {
		if _, err := st.InsertReship(ctx, domain.Reship{
			ID:                s.newID(),
			ShipmentID:        sh.ID,
			WarehouseReshipID: reshipID,
			ExceptionCode:     ev.Code,
			CreatedAt:         s.now(),
		}); err != nil {
			return err
		}
		return st.SetShipmentStatus(ctx, sh.ID, domain.ShipmentException)
	})
}

// HandleDelivered closes out a shipment and sends the fan the "it has
// arrived" email with the review link.
func (s *FulfilmentService) HandleDelivered(ctx context.Context, ev domain.ParcelDelivered) error {
	sh, err := s.store.GetShipmentByWarehouseID(ctx, ev.ShipmentID)
	if err != nil {
		return err
	}
	if sh.Status == domain.ShipmentDelivered {
		return nil
	}
	order, err := s.store.GetOrder(ctx, sh.OrderID)
	if err != nil {
		return err
	}
	if err := s.mailer.Send(ctx, ports.Email{
		To:       order.FanEmail,
		Template: "merch_delivered",
		Data: map[string]string{
			"name":     order.FanName,
			"order_id": order.ID.String(),
			"carrier":  sh.Carrier,
		},
	}); err != nil {
		return fmt.Errorf("delivered email: %w", err)
	}
	return s.tx.InTx(ctx, func(st ports.Store) error {
		moved, err := st.MarkShipmentDelivered(ctx, sh.ID, ev.DeliveredAt)
		if err != nil || !moved {
			return err
		}
		_, err = st.TransitionStatus(ctx, order.ID, []domain.OrderStatus{domain.OrderShipped}, domain.OrderDelivered)
		return err
	})
}

// HandleBackorderDelay moves the expected ship date on every open order
// with the SKU and queues a notice to each fan.
func (s *FulfilmentService) HandleBackorderDelay(ctx context.Context, ev domain.BackorderDelayed) error {
	return s.tx.InTx(ctx, func(st ports.Store) error {
		fresh, err := st.MarkProcessed(ctx, "warehouse", ev.EventID)
		if err != nil || !fresh {
			return err
		}
		ids, err := st.ListOpenOrderIDsBySKU(ctx, ev.SKU)
		if err != nil {
			return err
		}
		for _, id := range ids {
			if err := st.SetExpectedShipDate(ctx, id, ev.ExpectedShipDate); err != nil {
				return err
			}
			if err := s.enqueue(ctx, st, domain.TopicNotifications, id.String(), "backorder:"+ev.EventID+":"+id.String(),
				map[string]string{
					"template":           "merch_delayed",
					"order_id":           id.String(),
					"sku":                ev.SKU,
					"expected_ship_date": ev.ExpectedShipDate.Format("2006-01-02"),
				}); err != nil {
				return err
			}
		}
		s.log.InfoContext(ctx, "backorder delay applied", "sku", ev.SKU, "orders", len(ids))
		return nil
	})
}

// PlaceHold stops the warehouse from shipping an order (fraud review,
// address dispute). Support releases holds in the partner console.
func (s *FulfilmentService) PlaceHold(ctx context.Context, orderID uuid.UUID, reason, actor string) (domain.Hold, error) {
	if reason == "" {
		return domain.Hold{}, domain.Invalid("reason", "required")
	}
	order, err := s.store.GetOrder(ctx, orderID)
	if err != nil {
		return domain.Hold{}, err
	}
	if order.Status != domain.OrderSubmitted {
		return domain.Hold{}, fmt.Errorf("only orders at the warehouse can be held (order is %s): %w", order.Status, domain.ErrConflict)
	}
	holdID, err := s.warehouse.PlaceHold(ctx, order.WarehouseRef(), reason)
	if err != nil {
		return domain.Hold{}, fmt.Errorf("place hold: %w", err)
	}
	h := domain.Hold{
		ID:              s.newID(),
		OrderID:         order.ID,
		WarehouseHoldID: holdID,
		Reason:          reason,
		PlacedBy:        actor,
		CreatedAt:       s.now(),
	}
	if err := s.store.InsertHold(ctx, h); err != nil {
		return domain.Hold{}, err
	}
	return h, nil
}
