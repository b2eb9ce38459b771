// Package xhookuse writes models of another package whose create hook
// makes their ID.
package xhookuse

import (
	"context"

	"freshid/xhookmodels"

	"github.com/hibiken/asynq"
	"gorm.io/gorm"
)

var orm *gorm.DB

// Positive: the hook, declared in the models' package, makes the ID
// at this write.
func book(ctx context.Context, t *asynq.Task) error {
	b := &xhookmodels.Booking{Slot: string(t.Payload())}
	return orm.WithContext(ctx).Create(b).Error // want `a retry creates a second Booking with a new ID: Booking.BeforeCreate's uuid.NewString\(\) is fresh on every attempt \(asynq handler book\)`
}

// Negative: the task's ID is the booking's.
func bookKeyed(ctx context.Context, t *asynq.Task) error {
	b := &xhookmodels.Booking{ID: t.ResultWriter().TaskID(), Slot: string(t.Payload())}
	return orm.Clauses().Create(b).Error
}

// Negative: the slot's hook makes no ID.
func openSlot(ctx context.Context, t *asynq.Task) error {
	return orm.Create(&xhookmodels.Slot{ID: string(t.Payload())}).Error
}
