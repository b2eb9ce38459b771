package service

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"math"

	"github.com/ironbridge-leasing/railcars/internal/domain"
	"github.com/ironbridge-leasing/railcars/internal/platform/db"
	"github.com/ironbridge-leasing/railcars/internal/platform/ids"
	"github.com/ironbridge-leasing/railcars/internal/provider/shopnet"
)

// RepairNetwork routes work orders to repair shops.
type RepairNetwork interface {
	CreateRepairOrder(ctx context.Context, ro shopnet.RepairOrder) (*shopnet.RepairOrderAck, error)
}

// RentAbater credits off-rent days to a lease.
type RentAbater interface {
	AbateRent(ctx context.Context, leaseID string, days int) error
}

// MaintenanceService manages work orders and shop invoices.
type MaintenanceService struct {
	tx      *db.TxRunner
	orders  WorkOrderStore
	cars    CarStore
	leases  LeaseStore
	events  EventStore
	network RepairNetwork
	rent    RentAbater
	now     Clock
	log     *slog.Logger
}

// MaintenanceDeps are the MaintenanceService's collaborators.
type MaintenanceDeps struct {
	Tx      *db.TxRunner
	Orders  WorkOrderStore
	Cars    CarStore
	Leases  LeaseStore
	Events  EventStore
	Network RepairNetwork
	Rent    RentAbater
	Clock   Clock
	Log     *slog.Logger
}

// NewMaintenanceService wires a MaintenanceService.
func NewMaintenanceService(d MaintenanceDeps) *MaintenanceService {
	if d.Clock == nil {
		d.Clock = SystemClock
	}
	return &MaintenanceService{tx: d.Tx, orders: d.Orders, cars: d.Cars, leases: d.Leases,
		events: d.Events, network: d.Network, rent: d.Rent, now: d.Clock, log: d.Log}
}

// WorkOrderInput opens a work order.
type WorkOrderInput struct {
	CarMark     string   `json:"car_mark"`
	ShopID      string   `json:"shop_id"`
	DefectCodes []string `json:"defect_codes"`
	Description string   `json:"description"`
	RequestedBy string   `json:"-"`
}

// CreateWorkOrder opens a work order for a bad-ordered car.
func (s *MaintenanceService) CreateWorkOrder(ctx context.Context, in WorkOrderInput) (*domain.WorkOrder, error) {
	if in.CarMark == "" || in.ShopID == "" || len(in.DefectCodes) == 0 {
		return nil, invalid("car_mark, shop_id and defect_codes are required")
	}
	return db.InTxResult(ctx, s.tx, func(ctx context.Context) (*domain.WorkOrder, error) {
		q := s.tx.Q(ctx)
		car, err := s.cars.Get(ctx, q, normalizeMark(in.CarMark))
		if err != nil {
			return nil, err
		}
		if _, err := s.orders.GetShop(ctx, q, in.ShopID); err != nil {
			return nil, fmt.Errorf("shop %s: %w", in.ShopID, err)
		}
		wo := &domain.WorkOrder{
			ID:          ids.Prefixed("wo"),
			CarMark:     car.CarMark,
			ShopID:      in.ShopID,
			Status:      domain.WorkOrderOpen,
			DefectCodes: in.DefectCodes,
			Description: in.Description,
			RequestedBy: in.RequestedBy,
		}
		if l, err := s.leases.ActiveForCar(ctx, q, car.CarMark); err == nil {
			wo.LeaseID = l.ID
		} else if !errors.Is(err, db.ErrNotFound) {
			return nil, err
		}
		if err := s.orders.Insert(ctx, q, wo); err != nil {
			return nil, err
		}
		if err := s.cars.SetStatus(ctx, q, car.CarMark, "BAD_ORDER"); err != nil {
			return nil, err
		}
		return wo, nil
	})
}

// Get returns a work order.
func (s *MaintenanceService) Get(ctx context.Context, id string) (*domain.WorkOrder, error) {
	return s.orders.Get(ctx, s.tx.Q(ctx), id)
}

// Dispatch sends an open work order to its shop through ShopNet.
func (s *MaintenanceService) Dispatch(ctx context.Context, id string) (*domain.WorkOrder, error) {
	q := s.tx.Q(ctx)
	wo, err := s.orders.Get(ctx, q, id)
	if err != nil {
		return nil, err
	}
	if wo.Status != domain.WorkOrderOpen {
		return wo, nil
	}
	shop, err := s.orders.GetShop(ctx, q, wo.ShopID)
	if err != nil {
		return nil, err
	}
	ack, err := s.network.CreateRepairOrder(ctx, shopnet.RepairOrder{
		ExternalReference: wo.ID,
		ShopID:            shop.ShopnetID,
		CarMark:           wo.CarMark,
		DefectCodes:       wo.DefectCodes,
		Instructions:      wo.Description,
	})
	if err != nil {
		return nil, fmt.Errorf("dispatch %s to %s: %w", wo.ID, shop.Name, err)
	}
	err = s.tx.InTx(ctx, func(ctx context.Context) error {
		q := s.tx.Q(ctx)
		if err := s.orders.MarkDispatched(ctx, q, wo.ID, ack.RONumber, s.now()); err != nil {
			return err
		}
		return s.cars.SetStatus(ctx, q, wo.CarMark, "IN_SHOP")
	})
	if err != nil {
		return nil, err
	}
	return s.orders.Get(ctx, s.tx.Q(ctx), wo.ID)
}

// ReceiveShopInvoice stores a shop invoice pushed by ShopNet and marks the
// work order invoiced.
func (s *MaintenanceService) ReceiveShopInvoice(ctx context.Context, w shopnet.InvoiceWebhook) (string, error) {
	return db.InTxResult(ctx, s.tx, func(ctx context.Context) (string, error) {
		q := s.tx.Q(ctx)
		shop, err := s.orders.ShopByShopnetID(ctx, q, w.ShopID)
		if err != nil {
			return "", fmt.Errorf("shopnet shop %s: %w", w.ShopID, err)
		}
		wo, err := s.orders.Get(ctx, q, w.ExternalReference)
		if err != nil {
			return "", fmt.Errorf("work order %s: %w", w.ExternalReference, err)
		}
		si := &domain.ShopInvoice{
			ID:            ids.New(),
			ShopID:        shop.ID,
			InvoiceNumber: w.InvoiceNumber,
			WorkOrderID:   wo.ID,
			DaysInShop:    int(math.Ceil(w.ReleasedAt.Sub(w.ArrivedAt).Hours() / 24)),
		}
		for _, l := range w.Lines {
			si.TotalCents += l.LaborCents + l.MaterialCents
		}
		id, created, err := s.orders.ReceiveShopInvoice(ctx, q, si)
		if err != nil || !created {
			return id, err
		}
		for _, l := range w.Lines {
			if err := s.orders.AddShopInvoiceLine(ctx, q, id, domain.ShopInvoiceLine{
				LineNo: l.LineNo, JobCode: l.JobCode, WhyMadeCode: l.WhyMadeCode,
				LaborCents: l.LaborCents, MaterialCents: l.MaterialCents,
			}); err != nil {
				return "", err
			}
		}
		if err := s.orders.SetStatus(ctx, q, wo.ID, domain.WorkOrderInvoiced); err != nil {
			return "", err
		}
		return id, emit(ctx, s.tx, s.events, domain.EventWorkOrderCompleted, wo.ID, domain.WorkOrderDone{
			WorkOrderID: wo.ID, ShopInvoiceID: id, CarMark: wo.CarMark, DaysInShop: si.DaysInShop,
		})
	})
}

// HandleWorkOrderCompleted returns the car to service, closes the work order
// and abates the lessee's rent for the days the car was in the shop.
func (s *MaintenanceService) HandleWorkOrderCompleted(ctx context.Context, e domain.Event) error {
	var p domain.WorkOrderDone
	if err := json.Unmarshal(e.Payload, &p); err != nil {
		return err
	}
	wo, err := s.orders.Get(ctx, s.tx.Q(ctx), p.WorkOrderID)
	if err != nil {
		return err
	}
	if wo.Status == domain.WorkOrderCompleted {
		return nil
	}
	if wo.LeaseID != "" {
		if err := s.rent.AbateRent(ctx, wo.LeaseID, p.DaysInShop); err != nil {
			return fmt.Errorf("abate rent: %w", err)
		}
	}
	return s.tx.InTx(ctx, func(ctx context.Context) error {
		q := s.tx.Q(ctx)
		if err := s.orders.MarkCompleted(ctx, q, wo.ID, s.now()); err != nil {
			return err
		}
		return s.cars.SetStatus(ctx, q, wo.CarMark, "IN_SERVICE")
	})
}
