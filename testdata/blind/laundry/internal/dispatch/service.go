// Package dispatch books couriers for the pickup and delivery legs of an
// order and follows the partner's status updates.
package dispatch

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/google/uuid"

	"github.com/freshpress/laundry/internal/courier"
	"github.com/freshpress/laundry/internal/store"
)

// Courier is the partner API as used here.
type Courier interface {
	Book(ctx context.Context, req courier.BookingRequest) (*courier.Booking, error)
	Cancel(ctx context.Context, bookingID, reason string) error
	PayTip(ctx context.Context, req courier.TipRequest) (*courier.TipPayout, error)
}

// Plant describes the processing plant that is the other end of every leg.
type Plant struct {
	Code string
	Stop courier.Stop
}

var (
	ErrNotBookable = errors.New("dispatch: order is not ready for a courier")
	ErrNoAddress   = errors.New("dispatch: order address missing")
)

type Service struct {
	uow      store.UnitOfWork
	repos    store.Repos
	tips     store.DriverTips
	courier  Courier
	plant    Plant
	currency string
	log      *slog.Logger
}

func NewService(uow store.UnitOfWork, repos store.Repos, tips store.DriverTips, c Courier, plant Plant, currency string, log *slog.Logger) *Service {
	return &Service{uow: uow, repos: repos, tips: tips, courier: c, plant: plant, currency: currency, log: log}
}

func (s *Service) customerStop(ctx context.Context, o *store.Order) (courier.Stop, error) {
	cust, err := s.repos.Customers.Get(ctx, o.CustomerID)
	if err != nil {
		return courier.Stop{}, err
	}
	addr, err := s.repos.Customers.Address(ctx, o.CustomerID, o.AddressLabel)
	if err != nil {
		return courier.Stop{}, fmt.Errorf("%w: %v", ErrNoAddress, err)
	}
	stop := courier.Stop{
		Name:     cust.Name,
		Phone:    cust.Phone,
		Line1:    addr.Line1,
		City:     addr.City,
		Postcode: addr.Postcode,
	}
	if addr.Line2 != nil {
		stop.Line2 = *addr.Line2
	}
	if addr.Lat != nil && addr.Lng != nil {
		stop.Lat, stop.Lng = *addr.Lat, *addr.Lng
	}
	if addr.AccessNote != nil {
		stop.Note = *addr.AccessNote
	}
	return stop, nil
}

func bookingRef(orderID uuid.UUID, leg courier.Leg) string {
	return fmt.Sprintf("fp-%s-%s", orderID, leg)
}

func strPtr(s string) *string {
	if s == "" {
		return nil
	}
	return &s
}

// nextWindow moves a pickup window to the same hours on the next day.
func nextWindow(from, to time.Time, now time.Time) (time.Time, time.Time) {
	for !from.After(now.Add(time.Hour)) {
		from, to = from.Add(24*time.Hour), to.Add(24*time.Hour)
	}
	return from, to
}
