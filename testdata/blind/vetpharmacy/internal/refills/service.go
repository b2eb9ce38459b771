// Package refills handles repeat-prescription refill requests: owners ask,
// clinics approve or decline, and approved requests become orders.
package refills

import (
	"context"
	"time"

	"github.com/kestrelvet/refillrx/internal/db"
	"github.com/kestrelvet/refillrx/internal/notify"
	"github.com/kestrelvet/refillrx/internal/store"
)

const (
	StatusPending  = "pending"
	StatusApproved = "approved"
	StatusDeclined = "declined"
)

type Repository interface {
	Get(ctx context.Context, id string) (db.RefillRequest, error)
	Create(ctx context.Context, p db.InsertRefillRequestParams) (db.RefillRequest, error)
	CreateForClinic(ctx context.Context, p db.InsertClinicRefillRequestParams) (db.RefillRequest, bool, error)
	Decide(ctx context.Context, p db.DecideRefillRequestParams) (bool, error)
	ExpireStale(ctx context.Context, days int32) ([]string, error)
}

type Prescriptions interface {
	Get(ctx context.Context, id string) (db.Prescription, error)
}

type Owners interface {
	Owner(ctx context.Context, id string) (db.Owner, error)
	Product(ctx context.Context, id string) (db.Product, error)
}

// OrderCreator is implemented by orders.Service.
type OrderCreator interface {
	CreateForRefill(ctx context.Context, rr db.RefillRequest, rx db.Prescription) (string, error)
}

type Notifier interface {
	Schedule(ctx context.Context, m notify.Message) (string, error)
}

type Service struct {
	tx       store.Transactor
	refills  Repository
	rx       Prescriptions
	owners   Owners
	orders   OrderCreator
	notifier Notifier
	payURL   func(orderID string) string
	now      func() time.Time
}

type Deps struct {
	Tx       store.Transactor
	Refills  Repository
	Rx       Prescriptions
	Owners   Owners
	Orders   OrderCreator
	Notifier Notifier
}

func NewService(d Deps) *Service {
	return &Service{
		tx: d.Tx, refills: d.Refills, rx: d.Rx, owners: d.Owners, orders: d.Orders, notifier: d.Notifier,
		payURL: func(orderID string) string { return "https://app.refillrx.example/orders/" + orderID + "/pay" },
		now:    time.Now,
	}
}

func (s *Service) Get(ctx context.Context, id string) (db.RefillRequest, error) {
	return s.refills.Get(ctx, id)
}

func (s *Service) notifyOwner(ctx context.Context, ownerID, template string, data map[string]any) error {
	owner, err := s.owners.Owner(ctx, ownerID)
	if err != nil {
		return err
	}
	_, err = s.notifier.Schedule(ctx, notify.ForOwner(owner, template, data))
	return err
}
