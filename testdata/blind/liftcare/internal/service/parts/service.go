// Package parts manages spare-parts orders placed with the manufacturer's
// distributor and the stock they replenish.
package parts

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"github.com/liftwell-systems/liftcare/internal/domain"
	"github.com/liftwell-systems/liftcare/internal/jobargs"
	"github.com/liftwell-systems/liftcare/internal/platform/keys"
	"github.com/liftwell-systems/liftcare/internal/provider/httpx"
	"github.com/liftwell-systems/liftcare/internal/provider/partsupplier"
	"github.com/liftwell-systems/liftcare/internal/store"
)

// Service is the parts use-case boundary.
type Service interface {
	CreateOrder(ctx context.Context, in NewOrder) (uuid.UUID, error)
	SubmitOrder(ctx context.Context, orderID uuid.UUID) error
	ReceiveShipment(ctx context.Context, s Shipment) error
}

// NewOrder is a technician's or the stores desk's request for parts.
type NewOrder struct {
	RequestKey string // client-supplied, stable across retries
	CalloutID  *uuid.UUID
	SKU        string
	Quantity   int32
}

// Shipment is the supplier's notice that (part of) an order shipped and
// was received at the depot.
type Shipment struct {
	SupplierShipmentID string
	SupplierOrderRef   string
	Quantity           int32
}

// Repository is the persistence the service needs.
type Repository interface {
	UpsertOrder(ctx context.Context, p store.UpsertPartsOrderParams) (store.UpsertPartsOrderRow, error)
	Order(ctx context.Context, id uuid.UUID) (store.PartsOrder, error)
	OrderBySupplierRef(ctx context.Context, ref string) (store.PartsOrder, error)
	MarkSubmitted(ctx context.Context, id uuid.UUID, supplierRef string) error
	MarkDelivered(ctx context.Context, id uuid.UUID) error
	RecordAttempt(ctx context.Context, p store.InsertSupplierAttemptParams) error
	AddShipment(ctx context.Context, orderID uuid.UUID, supplierShipmentID string, qty int32) error
	AddStock(ctx context.Context, sku string, qty int32) error
}

// Supplier is the part of the PartsDirect client used here.
type Supplier interface {
	PlaceOrder(ctx context.Context, in partsupplier.PlaceOrderRequest) (partsupplier.Order, error)
}

// Config holds depot details sent to the supplier.
type Config struct {
	DepotAddress string
}

type service struct {
	repo     Repository
	supplier Supplier
	jobs     domain.Enqueuer
	tx       domain.TxRunner
	cfg      Config
}

// New builds the service.
func New(repo Repository, sup Supplier, jobs domain.Enqueuer, tx domain.TxRunner, cfg Config) Service {
	if cfg.DepotAddress == "" {
		cfg.DepotAddress = "LiftWell Depot, Unit 4 Harbour Trading Estate"
	}
	return &service{repo: repo, supplier: sup, jobs: jobs, tx: tx, cfg: cfg}
}

// CreateOrder records the order and queues its submission. Repeating a
// request with the same RequestKey returns the order created first.
func (s *service) CreateOrder(ctx context.Context, in NewOrder) (uuid.UUID, error) {
	if in.RequestKey == "" || in.SKU == "" || in.Quantity <= 0 {
		return uuid.Nil, fmt.Errorf("%w: request key, sku and positive quantity are required", domain.ErrInvalid)
	}
	var orderID uuid.UUID
	err := s.tx.InTx(ctx, func(ctx context.Context) error {
		row, err := s.repo.UpsertOrder(ctx, store.UpsertPartsOrderParams{
			ID:              uuid.New(),
			ClientRequestID: in.RequestKey,
			CalloutID:       in.CalloutID,
			SupplierSKU:     in.SKU,
			Quantity:        in.Quantity,
		})
		if err != nil {
			return err
		}
		orderID = row.ID
		if !row.Inserted {
			return nil
		}
		return s.jobs.Enqueue(ctx, jobargs.SubmitPartsOrder{OrderID: row.ID}, nil)
	})
	return orderID, err
}

// SubmitOrder places a pending order with the supplier.
func (s *service) SubmitOrder(ctx context.Context, orderID uuid.UUID) error {
	o, err := s.repo.Order(ctx, orderID)
	if err != nil {
		return err
	}
	if o.Status != "pending" {
		return nil
	}
	req := partsupplier.PlaceOrderRequest{
		SKU:            o.SupplierSKU,
		Quantity:       o.Quantity,
		DeliverTo:      s.cfg.DepotAddress,
		CustomerRef:    o.ID.String(),
		IdempotencyKey: keys.NewRequestKey(),
	}
	placed, err := s.supplier.PlaceOrder(ctx, req)
	s.recordAttempt(ctx, o.ID, "place_order", err)
	if err != nil {
		return fmt.Errorf("place supplier order: %w", err)
	}
	return s.repo.MarkSubmitted(ctx, o.ID, placed.Ref)
}

// ReceiveShipment books received stock against its order.
func (s *service) ReceiveShipment(ctx context.Context, sh Shipment) error {
	return s.tx.InTx(ctx, func(ctx context.Context) error {
		o, err := s.repo.OrderBySupplierRef(ctx, sh.SupplierOrderRef)
		if err != nil {
			if errors.Is(err, pgx.ErrNoRows) {
				return fmt.Errorf("%w: order %s", domain.ErrNotFound, sh.SupplierOrderRef)
			}
			return err
		}
		if err := s.repo.AddShipment(ctx, o.ID, sh.SupplierShipmentID, sh.Quantity); err != nil {
			return err
		}
		if err := s.repo.AddStock(ctx, o.SupplierSKU, sh.Quantity); err != nil {
			return err
		}
		return s.repo.MarkDelivered(ctx, o.ID)
	})
}

// recordAttempt appends to the supplier call log used by the stores desk
// to chase the distributor. One row per call, successful or not.
func (s *service) recordAttempt(ctx context.Context, orderID uuid.UUID, op string, callErr error) {
	p := store.InsertSupplierAttemptParams{
		ID:           uuid.New(),
		PartsOrderID: orderID,
		Operation:    op,
		AttemptedAt:  time.Now(),
	}
	if callErr != nil {
		msg := callErr.Error()
		p.ErrorText = &msg
		var se *httpx.StatusError
		if errors.As(callErr, &se) {
			code := int32(se.Code)
			p.StatusCode = &code
		}
	} else {
		ok := int32(200)
		p.StatusCode = &ok
	}
	// Best effort: the log must never fail the call it describes.
	_ = s.repo.RecordAttempt(context.WithoutCancel(ctx), p)
}
