// Package salt manages road-salt stock at the yards: deliveries in, the
// reorder check against the supplier and the nightly stock snapshot.
package salt

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"github.com/google/uuid"

	"github.com/driftline-services/snowplow/internal/domain"
	"github.com/driftline-services/snowplow/internal/provider/saltsupplier"
	"github.com/driftline-services/snowplow/internal/repository"
	"github.com/driftline-services/snowplow/internal/service/ports"
)

// Repository is the salt storage the service needs.
type Repository interface {
	InsertDelivery(ctx context.Context, d domain.SaltDelivery) error
	AdjustOnHand(ctx context.Context, yardID string, delta int64) (int64, error)
	CloseOpenOrders(ctx context.Context, yardID string) (int64, error)
	LowYards(ctx context.Context) ([]repository.LowYard, error)
	InsertOrder(ctx context.Context, o domain.SaltOrder) error
	DaySummary(ctx context.Context, dayStart time.Time) ([]domain.SaltSnapshot, error)
	InsertSnapshot(ctx context.Context, s domain.SaltSnapshot) error
}

// Supplier places salt orders.
type Supplier interface {
	PlaceOrder(ctx context.Context, req saltsupplier.OrderRequest) (saltsupplier.Order, error)
}

// Service manages yard stock.
type Service struct {
	repo     Repository
	supplier Supplier
	tx       ports.TxRunner
	product  string
	loc      *time.Location
	log      *slog.Logger
}

// Option configures a Service.
type Option func(*Service)

// WithLogger sets the logger.
func WithLogger(l *slog.Logger) Option { return func(s *Service) { s.log = l } }

// WithLocation sets the time zone that defines a business day.
func WithLocation(loc *time.Location) Option { return func(s *Service) { s.loc = loc } }

// New returns a Service.
func New(repo Repository, supplier Supplier, runner ports.TxRunner, opts ...Option) *Service {
	s := &Service{repo: repo, supplier: supplier, tx: runner, product: "ROCK-SALT-BULK", loc: time.UTC, log: slog.Default()}
	for _, o := range opts {
		o(s)
	}
	return s
}

// RecordDelivery books a truckload into a yard and closes the yard's open
// supplier order.
func (s *Service) RecordDelivery(ctx context.Context, d domain.SaltDelivery) (int64, error) {
	if d.Kg <= 0 || d.YardID == "" || d.SupplierTicket == "" {
		return 0, fmt.Errorf("%w: yard_id, ticket and kg are required", domain.ErrInvalidArgument)
	}
	var onHand int64
	err := s.tx.Run(ctx, func(ctx context.Context) error {
		if err := s.repo.InsertDelivery(ctx, d); err != nil {
			return err
		}
		var err error
		if onHand, err = s.repo.AdjustOnHand(ctx, d.YardID, d.Kg); err != nil {
			return err
		}
		_, err = s.repo.CloseOpenOrders(ctx, d.YardID)
		return err
	})
	return onHand, err
}

// Reorder orders salt for every yard under its reorder point that has no
// order open. It runs on a schedule during the season.
func (s *Service) Reorder(ctx context.Context) (int, error) {
	low, err := s.repo.LowYards(ctx)
	if err != nil {
		return 0, err
	}
	placed := 0
	for _, y := range low {
		order, err := s.supplier.PlaceOrder(ctx, saltsupplier.OrderRequest{
			ShipTo:     y.DeliveryAddress,
			Product:    s.product,
			QuantityKg: y.ReorderQuantityKg,
			PONumber:   "YARD-" + y.YardID,
		})
		if err != nil {
			return placed, fmt.Errorf("order salt for %s: %w", y.YardID, err)
		}
		if err := s.repo.InsertOrder(ctx, domain.SaltOrder{
			ID:              uuid.New(),
			YardID:          y.YardID,
			SupplierOrderID: order.OrderID,
			Kg:              y.ReorderQuantityKg,
			PlacedAt:        time.Now(),
		}); err != nil {
			return placed, fmt.Errorf("record salt order %s: %w", order.OrderID, err)
		}
		placed++
		s.log.InfoContext(ctx, "salt ordered", "yard", y.YardID, "kg", y.ReorderQuantityKg, "order", order.OrderID)
	}
	return placed, nil
}

// Snapshot writes each yard's end-of-day figures for day (YYYY-MM-DD).
func (s *Service) Snapshot(ctx context.Context, day string) error {
	start, err := time.ParseInLocation("2006-01-02", day, s.loc)
	if err != nil {
		return fmt.Errorf("%w: day %q", domain.ErrInvalidArgument, day)
	}
	rows, err := s.repo.DaySummary(ctx, start)
	if err != nil {
		return err
	}
	for _, r := range rows {
		if err := s.repo.InsertSnapshot(ctx, r); err != nil {
			return fmt.Errorf("snapshot %s %s: %w", r.YardID, day, err)
		}
	}
	s.log.InfoContext(ctx, "salt snapshot written", "day", day, "yards", len(rows))
	return nil
}
