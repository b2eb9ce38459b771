package consumers

import (
	"context"
	"fmt"

	"github.com/google/uuid"

	"github.com/northgate-museums/visitor-platform/internal/events"
	"github.com/northgate-museums/visitor-platform/internal/models"
	"github.com/northgate-museums/visitor-platform/internal/platform/database"
	"github.com/northgate-museums/visitor-platform/internal/platform/ids"
	"github.com/northgate-museums/visitor-platform/internal/providers/fulfilment"
	"github.com/northgate-museums/visitor-platform/internal/providers/payments"
	"github.com/northgate-museums/visitor-platform/internal/store"
)

// ShipmentCreator sends paid shop orders to Parcelway.
type ShipmentCreator struct {
	orders    *store.ShopOrderRepo
	shipments *store.ShipmentRepo
	partner   PartnerOrders
}

func NewShipmentCreator(orders *store.ShopOrderRepo, shipments *store.ShipmentRepo, partner PartnerOrders) *ShipmentCreator {
	return &ShipmentCreator{orders: orders, shipments: shipments, partner: partner}
}

func (c *ShipmentCreator) Handle(ctx context.Context, evt events.ShopOrderPaid, _ Meta) error {
	id, err := uuid.Parse(evt.OrderID)
	if err != nil {
		return nil
	}
	existing, err := c.shipments.ForOrder(ctx, id)
	if err != nil || existing != nil {
		return err
	}
	order, err := c.orders.Get(ctx, id)
	if err != nil {
		return err
	}
	req := fulfilment.OrderRequest{
		ClientReference: ids.NewReference("NGS"),
		Recipient: fulfilment.Address{
			Name:     order.CustomerName,
			Line1:    order.ShipLine1,
			City:     order.ShipCity,
			Postcode: order.ShipPostcode,
			Country:  order.ShipCountry,
			Email:    order.CustomerEmail,
		},
		ServiceLevel: "tracked48",
		Tags:         []string{"shop"},
	}
	if order.ShipLine2 != nil {
		req.Recipient.Line2 = *order.ShipLine2
	}
	for _, l := range order.Lines {
		req.Items = append(req.Items, fulfilment.Item{SKU: l.SKU, Quantity: l.Quantity, Title: l.Title})
	}
	po, err := c.partner.CreateOrder(ctx, req)
	if err != nil {
		return fmt.Errorf("submit order %s to parcelway: %w", order.ID, err)
	}
	return c.shipments.Record(ctx, &models.Shipment{
		OrderID:         order.ID,
		PartnerOrderID:  po.ID,
		ClientReference: req.ClientReference,
		Status:          "submitted",
	})
}

// Capturer is the part of the payments client used to capture and refund.
type Capturer interface {
	Capture(ctx context.Context, pspReference string, req payments.ModificationRequest, opts ...payments.CallOption) (*payments.ModificationResponse, error)
}

// DispatchCapturer captures the shop payment when Parcelway dispatches.
type DispatchCapturer struct {
	tx       *database.TxManager
	orders   *store.ShopOrderRepo
	intents  *store.IntentRepo
	captures *store.CaptureRepo
	psp      Capturer
}

func NewDispatchCapturer(tx *database.TxManager, orders *store.ShopOrderRepo, intents *store.IntentRepo, captures *store.CaptureRepo, psp Capturer) *DispatchCapturer {
	return &DispatchCapturer{tx: tx, orders: orders, intents: intents, captures: captures, psp: psp}
}

func (c *DispatchCapturer) Handle(ctx context.Context, evt events.ShipmentDispatched, _ Meta) error {
	id, err := uuid.Parse(evt.OrderID)
	if err != nil {
		return nil
	}
	intent, err := c.intents.ForResource(ctx, models.PurposeShopOrder, evt.OrderID)
	if err != nil {
		return err
	}
	if intent.PSPReference == nil {
		return fmt.Errorf("order %s: payment has no processor reference", evt.OrderID)
	}
	resp, err := c.psp.Capture(ctx, *intent.PSPReference, payments.ModificationRequest{
		Amount:    payments.Amount{Value: intent.AmountMinor, Currency: intent.Currency},
		Reference: "capture-" + evt.OrderID,
	}, payments.IdempotencyKey("capture:"+evt.OrderID))
	if err != nil {
		return err
	}
	return c.tx.WithinTx(ctx, func(ctx context.Context) error {
		if err := c.captures.Insert(ctx, &models.ShopCapture{
			OrderID:      id,
			PSPReference: resp.PSPReference,
			AmountMinor:  intent.AmountMinor,
		}); err != nil {
			return err
		}
		return c.intents.SetStatus(ctx, intent.OperationID, models.IntentCaptured)
	})
}

// ReturnsProcessor puts returned stock back and raises the refund.
type ReturnsProcessor struct {
	tx        *database.TxManager
	orders    *store.ShopOrderRepo
	inventory *store.InventoryRepo
	refunds   *store.RefundRepo
	intents   *store.IntentRepo
	outbox    Outbox
}

type Outbox interface {
	Add(ctx context.Context, topic, key string, payload any) error
}

func NewReturnsProcessor(tx *database.TxManager, orders *store.ShopOrderRepo, inventory *store.InventoryRepo, refunds *store.RefundRepo, intents *store.IntentRepo, ob Outbox) *ReturnsProcessor {
	return &ReturnsProcessor{tx: tx, orders: orders, inventory: inventory, refunds: refunds, intents: intents, outbox: ob}
}

func (c *ReturnsProcessor) Handle(ctx context.Context, evt events.ShipmentReturned, _ Meta) error {
	id, err := uuid.Parse(evt.OrderID)
	if err != nil {
		return nil
	}
	order, err := c.orders.Get(ctx, id)
	if err != nil {
		return err
	}
	if order.Status == models.ShopOrderReturned {
		return nil
	}

	if err := c.tx.WithinTx(ctx, func(ctx context.Context) error {
		for sku, qty := range evt.Items {
			if err := c.inventory.Restock(ctx, sku, qty); err != nil {
				return err
			}
		}
		return nil
	}); err != nil {
		return fmt.Errorf("restock order %s: %w", order.ID, err)
	}

	return c.tx.WithinTx(ctx, func(ctx context.Context) error {
		if err := c.orders.SetStatus(ctx, order.ID, models.ShopOrderReturned); err != nil {
			return err
		}
		intent, err := c.intents.ForResource(ctx, models.PurposeShopOrder, order.ID.String())
		if err != nil {
			return err
		}
		rr, created, err := c.refunds.CreateIfAbsent(ctx, &models.RefundRequest{
			ID:          uuid.New(),
			OrderKind:   models.PurposeShopOrder,
			OrderID:     order.ID.String(),
			AmountMinor: intent.AmountMinor,
			Currency:    intent.Currency,
			Reason:      "returned to warehouse",
			Status:      models.RefundRequested,
			RequestedBy: "parcelway-returns",
		})
		if err != nil || !created {
			return err
		}
		return c.outbox.Add(ctx, events.TopicRefundRequested, rr.OrderID, events.RefundRequested{
			RefundID: rr.ID.String(), OrderKind: string(rr.OrderKind), OrderID: rr.OrderID,
		})
	})
}
