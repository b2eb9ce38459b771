// Package app is the service layer: the handlers call OrderService, the
// service calls OrderRepository, and cmd/server decides what implements
// each.
package app

import (
	"context"
	"time"
)

type Order struct {
	ID        string
	Customer  string
	Total     int64
	CreatedAt time.Time
}

// A Payment is recorded under the key its caller gives; Memo is
// optional.
type Payment struct {
	Key    string
	Memo   string
	Amount int64
}

type OrderService interface {
	PlaceOrder(ctx context.Context, o Order) error
	AddNote(ctx context.Context, orderID, text string) error
	Pay(ctx context.Context, p Payment) error
}

type OrderRepository interface {
	Save(ctx context.Context, o Order) error
	SaveNote(ctx context.Context, orderID, text string) error
	SavePayment(ctx context.Context, p Payment) error
}

type orderService struct {
	repo OrderRepository
	now  func() time.Time
}

// NewOrderService returns the service the handlers use.
func NewOrderService(repo OrderRepository) OrderService {
	return &orderService{repo: repo, now: time.Now}
}

func (s *orderService) PlaceOrder(ctx context.Context, o Order) error {
	o.CreatedAt = s.now()
	return s.repo.Save(ctx, o)
}

func (s *orderService) AddNote(ctx context.Context, orderID, text string) error {
	return s.repo.SaveNote(ctx, orderID, text)
}

func (s *orderService) Pay(ctx context.Context, p Payment) error {
	return s.repo.SavePayment(ctx, p)
}
