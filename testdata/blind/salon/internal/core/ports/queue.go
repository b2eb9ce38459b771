package ports

import (
	"context"
	"time"

	"github.com/google/uuid"
	"github.com/jmoiron/sqlx"
)

// PublishOption tunes one event publication.
type PublishOption func(*PublishOptions)

type PublishOptions struct {
	MessageID string
	Headers   map[string]string
}

// WithMessageID sets the stream message ID used for duplicate detection.
func WithMessageID(id string) PublishOption {
	return func(o *PublishOptions) { o.MessageID = id }
}

// WithHeader adds a header to the published message.
func WithHeader(k, v string) PublishOption {
	return func(o *PublishOptions) {
		if o.Headers == nil {
			o.Headers = map[string]string{}
		}
		o.Headers[k] = v
	}
}

type EventPublisher interface {
	Publish(ctx context.Context, subject string, payload any, opts ...PublishOption) error
}

// JobScheduler enqueues background work, optionally inside a transaction.
type JobScheduler interface {
	ScheduleReminder(ctx context.Context, tx *sqlx.Tx, appointmentID uuid.UUID, template string, startsAt, at time.Time) error
	ScheduleNoShowCharge(ctx context.Context, tx *sqlx.Tx, appointmentID uuid.UUID) error
	ScheduleCommission(ctx context.Context, tx *sqlx.Tx, appointmentID uuid.UUID) error
	ScheduleVoucherDelivery(ctx context.Context, tx *sqlx.Tx, voucherID uuid.UUID) error
	ScheduleMessage(ctx context.Context, tx *sqlx.Tx, messageID uuid.UUID) error
	ScheduleWeeklyPayout(ctx context.Context, stylistID uuid.UUID, periodStart time.Time) error
	ScheduleLoyaltyExpiry(ctx context.Context, clientID uuid.UUID, period string) error
	SchedulePaymentReconcile(ctx context.Context, paymentID uuid.UUID) error
}
