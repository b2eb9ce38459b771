package jobs

import (
	"context"
	"database/sql"
	"time"

	"github.com/google/uuid"
	"github.com/jmoiron/sqlx"
	"github.com/riverqueue/river"
)

// Scheduler implements ports.JobScheduler on a river client. When tx is
// non-nil the job is inserted in that transaction.
type Scheduler struct {
	client *river.Client[*sql.Tx]
}

func NewScheduler(client *river.Client[*sql.Tx]) *Scheduler { return &Scheduler{client: client} }

func (s *Scheduler) insert(ctx context.Context, tx *sqlx.Tx, args river.JobArgs, opts *river.InsertOpts) error {
	var err error
	if tx != nil {
		_, err = s.client.InsertTx(ctx, tx.Tx, args, opts)
	} else {
		_, err = s.client.Insert(ctx, args, opts)
	}
	return err
}

func at(t time.Time) *river.InsertOpts {
	if t.IsZero() {
		return nil
	}
	return &river.InsertOpts{ScheduledAt: t}
}

func (s *Scheduler) ScheduleReminder(ctx context.Context, tx *sqlx.Tx, appointmentID uuid.UUID, template string, startsAt, when time.Time) error {
	return s.insert(ctx, tx, ReminderArgs{AppointmentID: appointmentID, Template: template, StartsAt: startsAt.UTC()}, at(when))
}

func (s *Scheduler) ScheduleNoShowCharge(ctx context.Context, tx *sqlx.Tx, appointmentID uuid.UUID) error {
	return s.insert(ctx, tx, NoShowChargeArgs{AppointmentID: appointmentID}, nil)
}

func (s *Scheduler) ScheduleCommission(ctx context.Context, tx *sqlx.Tx, appointmentID uuid.UUID) error {
	return s.insert(ctx, tx, CommissionArgs{AppointmentID: appointmentID}, nil)
}

func (s *Scheduler) ScheduleVoucherDelivery(ctx context.Context, tx *sqlx.Tx, voucherID uuid.UUID) error {
	return s.insert(ctx, tx, VoucherDeliveryArgs{VoucherID: voucherID}, nil)
}

func (s *Scheduler) ScheduleMessage(ctx context.Context, tx *sqlx.Tx, messageID uuid.UUID) error {
	return s.insert(ctx, tx, MessageArgs{MessageID: messageID}, nil)
}

func (s *Scheduler) ScheduleWeeklyPayout(ctx context.Context, stylistID uuid.UUID, periodStart time.Time) error {
	return s.insert(ctx, nil, WeeklyPayoutArgs{StylistID: stylistID, PeriodStart: periodStart.UTC()}, nil)
}

func (s *Scheduler) ScheduleLoyaltyExpiry(ctx context.Context, clientID uuid.UUID, period string) error {
	return s.insert(ctx, nil, LoyaltyExpiryArgs{ClientID: clientID, Period: period}, nil)
}

func (s *Scheduler) SchedulePaymentReconcile(ctx context.Context, paymentID uuid.UUID) error {
	return s.insert(ctx, nil, ReconcilePaymentArgs{PaymentID: paymentID}, nil)
}
