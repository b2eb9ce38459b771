// Package supply manages clinic inventory and purchase orders placed with
// the medical supply distributor.
package supply

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/google/uuid"

	"github.com/renalnet/dialysis-ops/internal/apperr"
	"github.com/renalnet/dialysis-ops/internal/db"
	"github.com/renalnet/dialysis-ops/internal/events"
	"github.com/renalnet/dialysis-ops/internal/outbox"
	"github.com/renalnet/dialysis-ops/internal/partners/distributor"
	"github.com/renalnet/dialysis-ops/internal/store"
	"github.com/renalnet/dialysis-ops/internal/webhookreceipt"
)

// Distributor is the subset of the distributor client the service uses.
type Distributor interface {
	PlaceOrder(ctx context.Context, req distributor.OrderRequest) (distributor.Order, error)
	CreateRMA(ctx context.Context, req distributor.RMARequest) (distributor.RMA, error)
}

// SubmitQueue hands orders to the submission worker.
type SubmitQueue interface {
	EnqueueSupplySubmission(ctx context.Context, orderID uuid.UUID) error
}

type Service struct {
	store *store.Store
	dist  Distributor
	queue SubmitQueue
	newID func() uuid.UUID
	newPO func() string
	now   func() time.Time
	log   *slog.Logger
}

type Deps struct {
	Store       *store.Store
	Distributor Distributor
	Queue       SubmitQueue
	NewID       func() uuid.UUID
	NewPO       func() string
	Now         func() time.Time
	Log         *slog.Logger
}

func NewService(d Deps) *Service {
	return &Service{
		store: d.Store,
		dist:  d.Distributor,
		queue: d.Queue,
		newID: d.NewID,
		newPO: d.NewPO,
		now:   d.Now,
		log:   d.Log,
	}
}

type Line struct {
	SKU      string
	Quantity int32
}

type CreateOrderInput struct {
	ClinicID  uuid.UUID
	RequestID string
	Lines     []Line
	CreatedBy string
}

// CreateOrder records a staff purchase order and queues it for submission.
// The order is keyed by (clinic, request id) and gets its PO number when the
// row is first written, so every later submission attempt sends the same PO.
func (s *Service) CreateOrder(ctx context.Context, in CreateOrderInput) (db.SupplyOrder, error) {
	if in.RequestID == "" {
		return db.SupplyOrder{}, apperr.Invalid("request_id is required")
	}
	if len(in.Lines) == 0 {
		return db.SupplyOrder{}, apperr.Invalid("order has no lines")
	}

	order, err := store.InTxValue(ctx, s.store, func(q *db.Queries) (db.SupplyOrder, error) {
		o, err := q.InsertSupplyOrder(ctx, db.InsertSupplyOrderParams{
			ID:        s.newID(),
			ClinicID:  in.ClinicID,
			RequestID: in.RequestID,
			PoNumber:  store.NullString(s.newPO()),
			Origin:    "staff",
			CreatedBy: in.CreatedBy,
		})
		if store.IsNotFound(err) {
			return q.GetSupplyOrderByRequest(ctx, db.GetSupplyOrderByRequestParams{
				ClinicID:  in.ClinicID,
				RequestID: in.RequestID,
			})
		}
		if err != nil {
			return o, err
		}
		for _, l := range in.Lines {
			if l.Quantity <= 0 {
				return o, apperr.Invalid("quantity for %s must be positive", l.SKU)
			}
			if err := q.InsertSupplyOrderLine(ctx, db.InsertSupplyOrderLineParams{
				OrderID:  o.ID,
				Sku:      l.SKU,
				Quantity: l.Quantity,
			}); err != nil {
				return o, err
			}
			if err := q.AddOnOrder(ctx, db.AddOnOrderParams{
				ClinicID: in.ClinicID,
				Sku:      l.SKU,
				Quantity: l.Quantity,
			}); err != nil {
				return o, err
			}
		}
		return o, nil
	})
	if err != nil {
		return order, err
	}
	if order.Status == "pending" {
		if err := s.queue.EnqueueSupplySubmission(ctx, order.ID); err != nil {
			return order, err
		}
	}
	return order, nil
}

func (s *Service) orderRequest(ctx context.Context, q *db.Queries, order db.SupplyOrder, po string) (distributor.OrderRequest, error) {
	clinic, err := q.GetClinic(ctx, order.ClinicID)
	if err != nil {
		return distributor.OrderRequest{}, err
	}
	lines, err := q.ListSupplyOrderLines(ctx, order.ID)
	if err != nil {
		return distributor.OrderRequest{}, err
	}
	req := distributor.OrderRequest{
		PONumber:    po,
		ShipToCode:  clinic.Code,
		ShipToName:  clinic.Name,
		ShipToAddr:  clinic.Address,
		RequestedBy: order.CreatedBy,
	}
	for _, l := range lines {
		req.Lines = append(req.Lines, distributor.OrderLine{SKU: l.Sku, Quantity: l.Quantity, Unit: l.Unit})
	}
	return req, nil
}

// SubmitOrder sends a pending staff order to the distributor. The PO number
// stored on the order is the distributor's de-duplication key.
func (s *Service) SubmitOrder(ctx context.Context, orderID uuid.UUID) error {
	q := s.store.Q()
	order, err := q.GetSupplyOrder(ctx, orderID)
	if store.IsNotFound(err) {
		return apperr.NotFound("supply order %s not found", orderID)
	}
	if err != nil {
		return err
	}
	if order.Status != "pending" {
		return nil
	}
	if !order.PoNumber.Valid {
		return fmt.Errorf("supply order %s has no PO number", orderID)
	}
	req, err := s.orderRequest(ctx, q, order, order.PoNumber.String)
	if err != nil {
		return err
	}
	placed, err := s.dist.PlaceOrder(ctx, req)
	if err != nil {
		_ = q.MarkSupplyOrderFailed(ctx, db.MarkSupplyOrderFailedParams{ID: order.ID, LastError: store.NullString(err.Error())})
		return err
	}
	return q.MarkSupplyOrderSubmitted(ctx, db.MarkSupplyOrderSubmittedParams{
		ID:                 order.ID,
		DistributorOrderID: store.NullString(placed.OrderID),
		SubmittedAt:        store.NullTime(s.now()),
	})
}

// ---- returns -----------------------------------------------------------------

type ReturnInput struct {
	SKU       string
	Quantity  int32
	Reason    string
	Comment   string
	CreatedBy string
}

// CreateReturn opens an RMA for damaged or recalled product on an order.
func (s *Service) CreateReturn(ctx context.Context, orderID uuid.UUID, in ReturnInput) (db.SupplyReturn, error) {
	q := s.store.Q()
	order, err := q.GetSupplyOrder(ctx, orderID)
	if store.IsNotFound(err) {
		return db.SupplyReturn{}, apperr.NotFound("supply order %s not found", orderID)
	}
	if err != nil {
		return db.SupplyReturn{}, err
	}
	if order.Status != "shipped" && order.Status != "received" {
		return db.SupplyReturn{}, apperr.Conflict("order is %s; only shipped or received orders can be returned", order.Status)
	}

	// The distributor assigns the RMA number, so the return is recorded once
	// it has answered.
	rma, err := s.dist.CreateRMA(ctx, distributor.RMARequest{
		OriginalOrderID: order.DistributorOrderID.String,
		PONumber:        order.PoNumber.String,
		SKU:             in.SKU,
		Quantity:        in.Quantity,
		ReasonCode:      in.Reason,
		Comment:         in.Comment,
	})
	if err != nil {
		return db.SupplyReturn{}, apperr.Unavailable(err, "distributor did not accept the return")
	}
	return q.InsertSupplyReturn(ctx, db.InsertSupplyReturnParams{
		ID:        s.newID(),
		OrderID:   order.ID,
		RmaNumber: rma.RMANumber,
		Reason:    in.Reason,
		Sku:       in.SKU,
		Quantity:  in.Quantity,
		CreatedBy: in.CreatedBy,
	})
}

// ---- shipment notices ----------------------------------------------------------

// ApplyShipmentNotice handles the distributor's ASN webhook. The delivery
// receipt is written in the same transaction as the inventory change.
func (s *Service) ApplyShipmentNotice(ctx context.Context, n distributor.ShipmentNotice) error {
	if n.DeliveryID == "" {
		return apperr.Invalid("delivery_id is required")
	}
	return s.store.InTx(ctx, func(q *db.Queries) error {
		first, err := webhookreceipt.Claim(ctx, q, webhookreceipt.SourceDistributorASN, n.DeliveryID, s.now())
		if err != nil {
			return err
		}
		if !first {
			return nil
		}
		order, err := q.GetSupplyOrderByPO(ctx, store.NullString(n.PONumber))
		if store.IsNotFound(err) {
			s.log.WarnContext(ctx, "shipment notice for unknown PO", "po", n.PONumber, "delivery_id", n.DeliveryID)
			return nil
		}
		if err != nil {
			return err
		}
		var shippedAt, deliveredAt time.Time
		if n.ShippedAt != nil {
			shippedAt = *n.ShippedAt
		}
		if n.DeliveredAt != nil {
			deliveredAt = *n.DeliveredAt
		}
		if err := q.InsertShipment(ctx, db.InsertShipmentParams{
			ID:             s.newID(),
			OrderID:        order.ID,
			Carrier:        n.Carrier,
			TrackingNumber: n.TrackingNumber,
			ShippedAt:      store.NullTime(shippedAt),
			DeliveredAt:    store.NullTime(deliveredAt),
		}); err != nil {
			return err
		}

		switch n.Status {
		case "shipped":
			if _, err := q.SetSupplyOrderStatus(ctx, db.SetSupplyOrderStatusParams{ID: order.ID, Status: "shipped"}); err != nil {
				return err
			}
		case "delivered":
			changed, err := q.SetSupplyOrderStatus(ctx, db.SetSupplyOrderStatusParams{ID: order.ID, Status: "received"})
			if err != nil {
				return err
			}
			if changed == 1 {
				if err := q.ReceiveOrderIntoInventory(ctx, db.ReceiveOrderIntoInventoryParams{
					OrderID:  order.ID,
					ClinicID: order.ClinicID,
				}); err != nil {
					return err
				}
			}
		default:
			return apperr.Invalid("unknown shipment status %q", n.Status)
		}

		return outbox.Write(ctx, q, events.Envelope{
			Topic:         events.TopicSupplies,
			Type:          "supply.shipment_" + n.Status,
			AggregateType: "supply_order",
			AggregateID:   order.ID,
			OrderingKey:   order.ClinicID.String(),
			Payload: events.ShipmentReceived{
				OrderID:        order.ID,
				ClinicID:       order.ClinicID,
				TrackingNumber: n.TrackingNumber,
				Status:         n.Status,
			},
		})
	})
}

var errNothingToOrder = errors.New("nothing below par")
