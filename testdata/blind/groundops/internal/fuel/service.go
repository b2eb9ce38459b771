// Package fuel manages into-plane fuel orders: the dispatcher requests an
// uplift, the worker places the order with the fuel supplier, and the
// supplier's delivery callback bills the airline.
package fuel

import (
	"context"
	"errors"
	"fmt"
	"time"

	"gorm.io/gorm"

	"github.com/apronworks/groundops/internal/models"
	"github.com/apronworks/groundops/internal/platform/database"
	"github.com/apronworks/groundops/internal/platform/jobs"
	"github.com/apronworks/groundops/internal/pricing"
	"github.com/apronworks/groundops/internal/providers/fuelsupplier"
)

const JobDispatch = "fuel.dispatch"

var (
	ErrNotFound       = errors.New("fuel order not found")
	ErrTurnaroundDone = errors.New("turnaround has already departed")
)

// Supplier is the subset of the fuel supplier client the service uses.
type Supplier interface {
	PlaceOrder(ctx context.Context, req fuelsupplier.OrderRequest) (*fuelsupplier.Order, error)
	GetOrder(ctx context.Context, orderRef string) (*fuelsupplier.Order, error)
}

type RequestInput struct {
	RequestID  string
	QuantityKg int
}

type DeliveryNotice struct {
	OrderRef    string    `json:"order_ref"`
	DeliveredKg int       `json:"delivered_kg"`
	DeliveredAt time.Time `json:"delivered_at"`
}

type Service struct {
	uow         database.UnitOfWork
	orders      *database.Repository[models.FuelOrder]
	turnarounds *database.Repository[models.Turnaround]
	flights     *database.Repository[models.Flight]
	lines       *database.Repository[models.ServiceLine]
	queue       jobs.Queue
	supplier    Supplier
	rates       pricing.RateBook
	now         func() time.Time
}

func NewService(db *gorm.DB, uow database.UnitOfWork, queue jobs.Queue, supplier Supplier, rates pricing.RateBook) *Service {
	return &Service{
		uow:         uow,
		orders:      database.NewRepository[models.FuelOrder](db),
		turnarounds: database.NewRepository[models.Turnaround](db),
		flights:     database.NewRepository[models.Flight](db),
		lines:       database.NewRepository[models.ServiceLine](db),
		queue:       queue,
		supplier:    supplier,
		rates:       rates,
		now:         func() time.Time { return time.Now().UTC() },
	}
}

// RequestFuel records the dispatcher's uplift request and queues the
// supplier order. The dispatcher UI generates RequestID once per form.
func (s *Service) RequestFuel(ctx context.Context, turnaroundID string, in RequestInput) (*models.FuelOrder, error) {
	var order *models.FuelOrder
	err := s.uow.Do(ctx, func(ctx context.Context) error {
		t, err := s.turnarounds.Get(ctx, turnaroundID)
		if err != nil {
			return err
		}
		if t.Status == models.TurnaroundDeparted || t.Status == models.TurnaroundCancelled {
			return ErrTurnaroundDone
		}
		order = &models.FuelOrder{
			RequestID:    in.RequestID,
			TurnaroundID: turnaroundID,
			RequestedKg:  in.QuantityKg,
			Status:       models.FuelRequested,
		}
		inserted, err := s.orders.CreateIfAbsent(ctx, order, "request_id")
		if err != nil {
			return err
		}
		if !inserted {
			order, err = s.orders.FindOne(ctx, "request_id = ?", in.RequestID)
			return err
		}
		_, err = s.queue.Enqueue(ctx, JobDispatch, dispatchPayload{OrderID: order.ID},
			jobs.Key(JobDispatch+":"+order.ID))
		return err
	})
	return order, err
}

type dispatchPayload struct {
	OrderID string `json:"order_id"`
}

// Dispatch places the order with the supplier. Run by the worker.
func (s *Service) Dispatch(ctx context.Context, orderID string) error {
	order, err := s.orders.Get(ctx, orderID)
	if err != nil {
		return err
	}
	if order.SupplierOrderRef != nil {
		// Placed by an earlier run; make sure our status matches theirs.
		remote, err := s.supplier.GetOrder(ctx, *order.SupplierOrderRef)
		if err != nil {
			return err
		}
		if remote.Status == "rejected" {
			return fmt.Errorf("supplier rejected fuel order %s", order.ID)
		}
		_, err = s.orders.UpdateWhere(ctx, map[string]any{"status": models.FuelDispatched},
			"id = ? AND status = ?", order.ID, models.FuelRequested)
		return err
	}
	if order.Status != models.FuelRequested {
		return nil
	}
	t, err := s.turnarounds.Get(ctx, order.TurnaroundID)
	if err != nil {
		return err
	}
	flight, err := s.flights.Get(ctx, t.FlightID)
	if err != nil {
		return err
	}
	placed, err := s.supplier.PlaceOrder(ctx, fuelsupplier.OrderRequest{
		Station:      t.Station,
		Stand:        t.Stand,
		Registration: flight.Registration,
		FlightNumber: flight.Carrier + flight.FlightNumber,
		QuantityKg:   order.RequestedKg,
		RequiredBy:   requiredBy(flight, s.now()),
	})
	if err != nil {
		return fmt.Errorf("place fuel order %s: %w", order.ID, err)
	}
	_, err = s.orders.UpdateWhere(ctx,
		map[string]any{"status": models.FuelDispatched, "supplier_order_ref": placed.OrderRef},
		"id = ? AND status = ?", order.ID, models.FuelRequested)
	return err
}

// RecordDelivery handles the supplier's delivery callback.
func (s *Service) RecordDelivery(ctx context.Context, n DeliveryNotice) error {
	order, err := s.orders.FindOne(ctx, "supplier_order_ref = ?", n.OrderRef)
	if errors.Is(err, database.ErrNotFound) {
		return ErrNotFound
	}
	if err != nil {
		return err
	}
	if order.Status == models.FuelDelivered {
		return nil
	}
	if err := s.orders.Update(ctx, order.ID, map[string]any{
		"status":       models.FuelDelivered,
		"delivered_kg": n.DeliveredKg,
		"delivered_at": n.DeliveredAt,
	}); err != nil {
		return err
	}
	t, err := s.turnarounds.Get(ctx, order.TurnaroundID)
	if err != nil {
		return err
	}
	price, err := s.rates.UnitPrice(ctx, t.AirlineID, t.Station, pricing.CodeFuelIntoPl, n.DeliveredAt)
	if err != nil {
		return err
	}
	// Into-plane service is priced per tonne delivered.
	return s.lines.Create(ctx, &models.ServiceLine{
		TurnaroundID:   t.ID,
		AirlineID:      t.AirlineID,
		ServiceCode:    pricing.CodeFuelIntoPl,
		Quantity:       float64(n.DeliveredKg) / 1000,
		UnitPriceCents: price,
		Source:         "fuel",
		SourceRef:      "fuel:" + order.ID,
		ServiceDate:    n.DeliveredAt.Truncate(24 * time.Hour),
	})
}

func requiredBy(f *models.Flight, now time.Time) time.Time {
	if f.STD != nil {
		return f.STD.Add(-25 * time.Minute)
	}
	return now.Add(30 * time.Minute)
}

// JobHandlers returns the worker handlers owned by the fuel package.
func (s *Service) JobHandlers() jobs.Handlers {
	return jobs.Handlers{
		JobDispatch: jobs.Typed(func(ctx context.Context, job *models.Job, p dispatchPayload) error {
			return s.Dispatch(ctx, p.OrderID)
		}),
	}
}
