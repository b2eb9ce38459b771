package postgres

import (
	"context"
	"time"

	"github.com/pawpath/vetclinic/internal/core/domain"
	"github.com/pawpath/vetclinic/internal/errs"
)

type AppointmentRepo struct{ Store }

func NewAppointmentRepo(s Store) *AppointmentRepo { return &AppointmentRepo{s} }

var appointmentsTable = Table[domain.Appointment]{
	Name: "appointments",
	Cols: []string{"id", "clinic_id", "vet_id", "pet_id", "owner_id", "starts_at", "ends_at", "reason", "status"},
}

func (r *AppointmentRepo) Insert(ctx context.Context, a domain.Appointment) error {
	return appointmentsTable.Insert(ctx, r.q(ctx), "appointments.Insert", a)
}

func (r *AppointmentRepo) Get(ctx context.Context, id string) (domain.Appointment, error) {
	return one[domain.Appointment](ctx, r.q(ctx), "appointments.Get",
		`SELECT * FROM appointments WHERE id = $1`, id)
}

func (r *AppointmentRepo) GetForUpdate(ctx context.Context, id string) (domain.Appointment, error) {
	return one[domain.Appointment](ctx, r.q(ctx), "appointments.GetForUpdate",
		`SELECT * FROM appointments WHERE id = $1 FOR UPDATE`, id)
}

func (r *AppointmentRepo) Cancel(ctx context.Context, id, reason string, at time.Time) (bool, error) {
	n, err := exec(ctx, r.q(ctx), "appointments.Cancel", `
		UPDATE appointments
		   SET status = 'cancelled', cancelled_at = $3, cancel_reason = $2, updated_at = now()
		 WHERE id = $1 AND status IN ('booked', 'checked_in')`, id, reason, at)
	return n == 1, err
}

func (r *AppointmentRepo) Move(ctx context.Context, id string, startsAt, endsAt time.Time) (domain.Appointment, error) {
	const op errs.Op = "appointments.Move"
	var a domain.Appointment
	err := r.q(ctx).GetContext(ctx, &a, `
		UPDATE appointments
		   SET starts_at = $2, ends_at = $3, updated_at = now()
		 WHERE id = $1 AND status = 'booked'
		RETURNING *`, id, startsAt, endsAt)
	if err != nil {
		return a, mapPQ(op, err)
	}
	return a, nil
}

func (r *AppointmentRepo) Complete(ctx context.Context, id string, at time.Time) error {
	_, err := exec(ctx, r.q(ctx), "appointments.Complete", `
		UPDATE appointments
		   SET status = 'completed', completed_at = $2, updated_at = now()
		 WHERE id = $1 AND status IN ('booked', 'checked_in')`, id, at)
	return err
}

func (r *AppointmentRepo) DueForReminder(ctx context.Context, kind string, from, to time.Time) ([]domain.ReminderDue, error) {
	return many[domain.ReminderDue](ctx, r.q(ctx), "appointments.DueForReminder", `
		SELECT a.id AS appointment_id, a.starts_at
		  FROM appointments a
		  JOIN owners o ON o.id = a.owner_id
		 WHERE a.status = 'booked'
		   AND a.starts_at >= $2 AND a.starts_at < $3
		   AND o.sms_opt_in
		   AND NOT EXISTS (
		       SELECT 1 FROM reminders r
		        WHERE r.appointment_id = a.id AND r.kind = $1 AND r.status <> 'failed')
		 ORDER BY a.starts_at`, kind, from, to)
}

type DepositRepo struct{ Store }

func NewDepositRepo(s Store) *DepositRepo { return &DepositRepo{s} }

var depositsTable = Table[domain.Deposit]{
	Name:     "deposits",
	Cols:     []string{"id", "appointment_id", "amount_cents", "currency", "status"},
	Conflict: "ON CONSTRAINT deposits_appointment_key",
}

func (r *DepositRepo) Ensure(ctx context.Context, d domain.Deposit) (domain.Deposit, error) {
	const op errs.Op = "deposits.Ensure"
	q := r.q(ctx)
	if _, err := depositsTable.InsertIgnore(ctx, q, op, d); err != nil {
		return domain.Deposit{}, err
	}
	return one[domain.Deposit](ctx, q, op, `SELECT * FROM deposits WHERE appointment_id = $1`, d.AppointmentID)
}

func (r *DepositRepo) ByAppointment(ctx context.Context, appointmentID string) (domain.Deposit, error) {
	return one[domain.Deposit](ctx, r.q(ctx), "deposits.ByAppointment",
		`SELECT * FROM deposits WHERE appointment_id = $1`, appointmentID)
}

func (r *DepositRepo) AttachIntent(ctx context.Context, id, paymentIntentID string, status domain.DepositStatus) error {
	_, err := exec(ctx, r.q(ctx), "deposits.AttachIntent", `
		UPDATE deposits
		   SET stripe_payment_intent_id = $2,
		       status = CASE WHEN status = 'paid' THEN status ELSE $3 END,
		       updated_at = now()
		 WHERE id = $1`, id, paymentIntentID, string(status))
	return err
}

func (r *DepositRepo) MarkPaidByIntent(ctx context.Context, paymentIntentID string) (bool, error) {
	n, err := exec(ctx, r.q(ctx), "deposits.MarkPaidByIntent", `
		UPDATE deposits SET status = 'paid', updated_at = now()
		 WHERE stripe_payment_intent_id = $1 AND status <> 'paid' AND status <> 'refunded'`, paymentIntentID)
	return n == 1, err
}

func (r *DepositRepo) MarkRefunded(ctx context.Context, id, refundID string, amount int64) error {
	_, err := exec(ctx, r.q(ctx), "deposits.MarkRefunded", `
		UPDATE deposits
		   SET status = 'refunded', stripe_refund_id = $2, refunded_cents = $3, updated_at = now()
		 WHERE id = $1`, id, refundID, amount)
	return err
}

type ReminderRepo struct{ Store }

func NewReminderRepo(s Store) *ReminderRepo { return &ReminderRepo{s} }

var remindersTable = Table[domain.Reminder]{
	Name:     "reminders",
	Cols:     []string{"id", "appointment_id", "kind", "channel", "status"},
	Conflict: "ON CONSTRAINT reminders_appointment_kind_key",
}

func (r *ReminderRepo) Claim(ctx context.Context, rem domain.Reminder) (domain.Reminder, error) {
	const op errs.Op = "reminders.Claim"
	q := r.q(ctx)
	if _, err := remindersTable.InsertIgnore(ctx, q, op, rem); err != nil {
		return domain.Reminder{}, err
	}
	return one[domain.Reminder](ctx, q, op,
		`SELECT * FROM reminders WHERE appointment_id = $1 AND kind = $2`, rem.AppointmentID, rem.Kind)
}

func (r *ReminderRepo) MarkSent(ctx context.Context, id, providerMessageID string, at time.Time) error {
	_, err := exec(ctx, r.q(ctx), "reminders.MarkSent", `
		UPDATE reminders SET status = 'sent', provider_message_id = $2, sent_at = $3, error = NULL
		 WHERE id = $1`, id, providerMessageID, at)
	return err
}

func (r *ReminderRepo) MarkFailed(ctx context.Context, id, reason string) error {
	_, err := exec(ctx, r.q(ctx), "reminders.MarkFailed",
		`UPDATE reminders SET status = 'failed', error = $2 WHERE id = $1 AND status <> 'sent'`, id, reason)
	return err
}

func (r *ReminderRepo) ApplyDeliveryStatus(ctx context.Context, providerMessageID, status string, at time.Time) (bool, error) {
	n, err := exec(ctx, r.q(ctx), "reminders.ApplyDeliveryStatus", `
		UPDATE reminders
		   SET status = CASE WHEN $2 = 'delivered' THEN 'delivered' ELSE 'undelivered' END,
		       delivered_at = CASE WHEN $2 = 'delivered' THEN $3 ELSE delivered_at END
		 WHERE provider_message_id = $1`, providerMessageID, status, at)
	return n > 0, err
}
