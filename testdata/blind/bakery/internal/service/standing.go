package service

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/google/uuid"
	"github.com/jmoiron/sqlx"

	"github.com/crumbworks/ovenline/internal/domain"
)

// StandingOrders manages recurring orders and turns them into daily orders.
type StandingOrders struct {
	db        Pool
	standing  StandingOrderRepo
	orders    OrderRepo
	customers CustomerRepo
	starter   FulfilmentStarter
	now       Clock
	log       *slog.Logger
}

// NewStandingOrders builds the standing order service.
func NewStandingOrders(db Pool, standing StandingOrderRepo, orders OrderRepo, customers CustomerRepo,
	starter FulfilmentStarter, now Clock, log *slog.Logger) *StandingOrders {
	return &StandingOrders{db: db, standing: standing, orders: orders, customers: customers,
		starter: starter, now: now, log: log}
}

// CreateStandingOrderInput describes a new standing order.
type CreateStandingOrderInput struct {
	Weekdays []int16     `json:"weekdays"`
	StartsOn time.Time   `json:"starts_on"`
	EndsOn   *time.Time  `json:"ends_on,omitempty"`
	Notes    string      `json:"notes"`
	Lines    []LineInput `json:"lines"`
}

func (in CreateStandingOrderInput) validate() error {
	if len(in.Weekdays) == 0 {
		return domain.Invalid("choose at least one delivery day")
	}
	for _, d := range in.Weekdays {
		if d < 1 || d > 7 {
			return domain.Invalid("weekday %d is out of range 1-7", d)
		}
	}
	if in.EndsOn != nil && in.EndsOn.Before(in.StartsOn) {
		return domain.Invalid("ends_on is before starts_on")
	}
	if len(in.Lines) == 0 {
		return domain.Invalid("a standing order needs at least one line")
	}
	for _, l := range in.Lines {
		if l.Quantity <= 0 {
			return domain.Invalid("quantity for %s must be positive", l.ProductID)
		}
	}
	return nil
}

// Create sets up a standing order for a customer.
func (s *StandingOrders) Create(ctx context.Context, customerID uuid.UUID, in CreateStandingOrderInput) (domain.StandingOrder, error) {
	if err := in.validate(); err != nil {
		return domain.StandingOrder{}, err
	}
	cust, err := s.customers.Get(ctx, s.db, customerID)
	if err != nil {
		return domain.StandingOrder{}, err
	}
	if !cust.Active {
		return domain.StandingOrder{}, domain.Conflict("customer account %s is closed", cust.AccountCode)
	}

	so := domain.StandingOrder{
		ID:         uuid.New(),
		CustomerID: customerID,
		Weekdays:   in.Weekdays,
		StartsOn:   in.StartsOn,
		EndsOn:     in.EndsOn,
		Status:     "active",
		Notes:      in.Notes,
		CreatedAt:  s.now(),
	}
	for _, l := range in.Lines {
		so.Lines = append(so.Lines, domain.StandingOrderLine{StandingOrderID: so.ID, ProductID: l.ProductID, Quantity: l.Quantity})
	}

	err = s.db.WithTx(ctx, func(tx *sqlx.Tx) error {
		if err := s.standing.Insert(ctx, tx, &so); err != nil {
			return err
		}
		return s.standing.InsertLines(ctx, tx, so.Lines)
	})
	if err != nil {
		return domain.StandingOrder{}, fmt.Errorf("create standing order: %w", err)
	}
	return so, nil
}

// MaterialiseDay creates the orders that standing orders generate for day
// and starts their fulfilment. It is run nightly for two days ahead.
func (s *StandingOrders) MaterialiseDay(ctx context.Context, day time.Time) (int, error) {
	standing, err := s.standing.ActiveOn(ctx, s.db, day)
	if err != nil {
		return 0, fmt.Errorf("load standing orders: %w", err)
	}

	created := 0
	var errs []error
	for _, so := range standing {
		if !so.RunsOn(day) {
			continue
		}
		isNew, err := s.materialiseOne(ctx, so, day)
		if err != nil {
			s.log.ErrorContext(ctx, "materialise standing order", "standing_order_id", so.ID, "err", err)
			errs = append(errs, err)
			continue
		}
		if isNew {
			created++
		}
	}
	return created, errors.Join(errs...)
}

func (s *StandingOrders) materialiseOne(ctx context.Context, so domain.StandingOrder, day time.Time) (bool, error) {
	products, err := s.customers.Products(ctx, s.db, standingProductIDs(so.Lines))
	if err != nil {
		return false, err
	}

	header := domain.Order{
		ID:              uuid.New(),
		CustomerID:      so.CustomerID,
		StandingOrderID: &so.ID,
		Source:          "standing",
		DeliveryDate:    day,
		Status:          domain.OrderPlaced,
		Notes:           so.Notes,
	}
	orderID, isNew, err := s.orders.InsertFromStanding(ctx, s.db, &header)
	if err != nil {
		return false, fmt.Errorf("insert order header: %w", err)
	}
	if isNew {
		for _, l := range so.Lines {
			p, ok := products[l.ProductID]
			if !ok || !p.Active {
				s.log.WarnContext(ctx, "standing order line skipped: product unavailable",
					"standing_order_id", so.ID, "product_id", l.ProductID)
				continue
			}
			line := domain.OrderLine{OrderID: orderID, ProductID: p.ID, Quantity: l.Quantity, UnitPricePence: p.UnitPricePence}
			if err := s.orders.InsertLine(ctx, s.db, line); err != nil {
				return isNew, fmt.Errorf("insert order line: %w", err)
			}
		}
	}

	if err := s.starter.StartFulfilment(ctx, orderID, day); err != nil {
		return isNew, fmt.Errorf("start fulfilment: %w", err)
	}
	return isNew, nil
}

func standingProductIDs(lines []domain.StandingOrderLine) []uuid.UUID {
	ids := make([]uuid.UUID, len(lines))
	for i, l := range lines {
		ids[i] = l.ProductID
	}
	return ids
}
