package store

import (
	"context"

	"gorm.io/gorm"
)

// Repos groups the interface-backed repositories that are used together
// inside a unit of work.
type Repos struct {
	Orders    OrderRepository
	Payments  PaymentRepository
	Customers CustomerRepository
	Idem      IdempotencyStore
	Outbox    OutboxRepository
	Bookings  BookingRepository
}

func NewRepos(db *gorm.DB) Repos {
	return Repos{
		Orders:    &gormOrders{db: db},
		Payments:  &gormPayments{db: db},
		Customers: &gormCustomers{db: db},
		Idem:      &gormIdem{db: db},
		Outbox:    &gormOutbox{db: db},
		Bookings:  &gormBookings{db: db},
	}
}

// UnitOfWork runs a function against repositories bound to one transaction.
type UnitOfWork interface {
	Do(ctx context.Context, fn func(ctx context.Context, r Repos) error) error
}

type gormUoW struct{ db *gorm.DB }

func NewUnitOfWork(db *gorm.DB) UnitOfWork { return &gormUoW{db: db} }

func (u *gormUoW) Do(ctx context.Context, fn func(ctx context.Context, r Repos) error) error {
	return u.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		return fn(ctx, NewRepos(tx))
	})
}
