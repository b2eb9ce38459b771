package store

import (
	"context"

	"gorm.io/gorm"
)

// Tx bundles repositories bound to one database transaction.
type Tx struct {
	Households    HouseholdRepo
	Seasons       SeasonRepo
	Registrations RegistrationRepo
	Idempotency   IdempotencyRepo
	Coaches       CoachRepo
	Checks        CheckRepo
	Teams         TeamRepo
	Assignments   AssignmentRepo
	Waitlist      WaitlistRepo
	Outbox        OutboxRepo
	StatusEvents  StatusEventRepo
	Inbox         WebhookInbox
}

// UnitOfWork runs a function inside a transaction with tx-bound repositories.
type UnitOfWork interface {
	Do(ctx context.Context, fn func(ctx context.Context, tx Tx) error) error
}

type unitOfWork struct{ db *gorm.DB }

// NewUnitOfWork returns the gorm implementation.
func NewUnitOfWork(db *gorm.DB) UnitOfWork { return &unitOfWork{db: db} }

// Do commits if fn returns nil and rolls back otherwise.
func (u *unitOfWork) Do(ctx context.Context, fn func(ctx context.Context, tx Tx) error) error {
	return u.db.WithContext(ctx).Transaction(func(g *gorm.DB) error {
		return fn(ctx, Tx{
			Households:    &householdRepo{db: g},
			Seasons:       &seasonRepo{db: g},
			Registrations: &registrationRepo{db: g},
			Idempotency:   &idempotencyRepo{db: g},
			Coaches:       &coachRepo{db: g},
			Checks:        &checkRepo{db: g},
			Teams:         &teamRepo{db: g},
			Assignments:   &assignmentRepo{db: g},
			Waitlist:      &waitlistRepo{db: g},
			Outbox:        &outboxRepo{db: g},
			StatusEvents:  &statusEventRepo{db: g},
			Inbox:         &webhookInbox{db: g},
		})
	})
}
