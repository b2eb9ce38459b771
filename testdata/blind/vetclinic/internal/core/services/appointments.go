package services

import (
	"context"
	"time"

	"github.com/google/uuid"
	"github.com/rs/xid"

	"github.com/pawpath/vetclinic/internal/core/domain"
	"github.com/pawpath/vetclinic/internal/core/jobargs"
	"github.com/pawpath/vetclinic/internal/core/ports"
	"github.com/pawpath/vetclinic/internal/errs"
	"github.com/pawpath/vetclinic/internal/platform/ids"
)

type AppointmentService struct {
	tx       ports.TxRunner
	appts    ports.AppointmentRepository
	deposits ports.DepositRepository
	clinics  ports.ClinicRepository
	pets     ports.PetRepository
	keys     ports.IdempotencyStore
	gateway  ports.PaymentGateway
	queue    ports.JobQueue
	currency string
	now      func() time.Time
}

func NewAppointmentService(
	tx ports.TxRunner,
	appts ports.AppointmentRepository,
	deposits ports.DepositRepository,
	clinics ports.ClinicRepository,
	pets ports.PetRepository,
	keys ports.IdempotencyStore,
	gateway ports.PaymentGateway,
	queue ports.JobQueue,
	settings Settings,
) *AppointmentService {
	return &AppointmentService{
		tx: tx, appts: appts, deposits: deposits, clinics: clinics, pets: pets,
		keys: keys, gateway: gateway, queue: queue,
		currency: settings.Currency, now: settings.clock(),
	}
}

type BookRequest struct {
	ClinicID    string    `json:"clinic_id"`
	VetID       string    `json:"vet_id"`
	PetID       string    `json:"pet_id"`
	StartsAt    time.Time `json:"starts_at"`
	DurationMin int       `json:"duration_min"`
	Reason      string    `json:"reason"`
}

func (r BookRequest) validate(now time.Time) error {
	const op errs.Op = "appointments.validate"
	switch {
	case r.ClinicID == "" || r.VetID == "" || r.PetID == "":
		return errs.E(op, errs.Invalid, "clinic_id, vet_id and pet_id are required")
	case r.StartsAt.Before(now):
		return errs.E(op, errs.Invalid, "starts_at is in the past")
	case r.DurationMin < 10 || r.DurationMin > 240:
		return errs.E(op, errs.Invalid, "duration_min must be between 10 and 240")
	}
	return nil
}

// Book reserves a slot for a pet. The client's Idempotency-Key is claimed in
// the booking's transaction.
func (s *AppointmentService) Book(ctx context.Context, key string, req BookRequest) (domain.Appointment, bool, error) {
	const op errs.Op = "appointments.Book"
	if err := req.validate(s.now()); err != nil {
		return domain.Appointment{}, false, err
	}
	appt, replayed, err := Keyed(ctx, s.tx, s.keys, "appointments.book", key, req,
		func(ctx context.Context) (domain.Appointment, error) {
			pet, err := s.pets.Get(ctx, req.PetID)
			if err != nil {
				return domain.Appointment{}, err
			}
			a := domain.Appointment{
				ID:       ids.New(),
				ClinicID: req.ClinicID,
				VetID:    req.VetID,
				PetID:    pet.ID,
				OwnerID:  pet.OwnerID,
				StartsAt: req.StartsAt.UTC(),
				EndsAt:   req.StartsAt.UTC().Add(time.Duration(req.DurationMin) * time.Minute),
				Reason:   req.Reason,
				Status:   domain.AppointmentBooked,
			}
			if err := s.appts.Insert(ctx, a); err != nil {
				if errs.Is(errs.Conflict, err) {
					return domain.Appointment{}, errs.E(op, errs.Conflict, "slot is no longer available", err)
				}
				return domain.Appointment{}, err
			}
			return s.appts.Get(ctx, a.ID)
		})
	return appt, replayed, errs.Wrap(op, err)
}

// TakeDeposit charges the clinic's booking deposit to the given payment
// method. Each appointment has one deposit row; its ID is the Stripe
// idempotency key, so repeated calls resolve to the same PaymentIntent.
func (s *AppointmentService) TakeDeposit(ctx context.Context, appointmentID, paymentMethodID string) (domain.Deposit, error) {
	const op errs.Op = "appointments.TakeDeposit"
	if paymentMethodID == "" {
		return domain.Deposit{}, errs.E(op, errs.Invalid, "payment_method_id is required")
	}
	appt, err := s.appts.Get(ctx, appointmentID)
	if err != nil {
		return domain.Deposit{}, errs.Wrap(op, err)
	}
	if appt.Status != domain.AppointmentBooked {
		return domain.Deposit{}, errs.Errorf(op, errs.Precondition, "appointment is %s", appt.Status)
	}
	clinic, err := s.clinics.Get(ctx, appt.ClinicID)
	if err != nil {
		return domain.Deposit{}, errs.Wrap(op, err)
	}
	dep, err := s.deposits.Ensure(ctx, domain.Deposit{
		ID:            ids.New(),
		AppointmentID: appt.ID,
		AmountCents:   clinic.DepositCents,
		Currency:      s.currency,
		Status:        domain.DepositPending,
	})
	if err != nil {
		return domain.Deposit{}, errs.Wrap(op, err)
	}
	if dep.Status == domain.DepositPaid || dep.Status == domain.DepositRefunded {
		return dep, nil
	}
	res, err := s.gateway.CreateIntent(ctx, ports.IntentRequest{
		AmountCents:     dep.AmountCents,
		Currency:        dep.Currency,
		PaymentMethodID: paymentMethodID,
		Description:     "Appointment deposit - " + clinic.Name,
		Metadata: map[string]string{
			"kind":           "deposit",
			"deposit_id":     dep.ID,
			"appointment_id": appt.ID,
		},
		IdempotencyKey: "deposit-" + dep.ID,
	})
	if err != nil {
		return domain.Deposit{}, errs.Wrap(op, err)
	}
	status := domain.DepositRequiresCapture
	if res.Status == "succeeded" {
		status = domain.DepositPaid
	}
	if err := s.deposits.AttachIntent(ctx, dep.ID, res.ID, status); err != nil {
		return domain.Deposit{}, errs.Wrap(op, err)
	}
	return s.deposits.ByAppointment(ctx, appt.ID)
}

type CancelResult struct {
	Appointment   domain.Appointment `json:"appointment"`
	RefundedCents int64              `json:"refunded_cents"`
	RefundID      string             `json:"refund_id,omitempty"`
}

// Cancel cancels a booking and returns the refundable part of its deposit.
// Late cancellations (under 24h) keep half of the deposit.
func (s *AppointmentService) Cancel(ctx context.Context, appointmentID, reason string) (CancelResult, error) {
	const op errs.Op = "appointments.Cancel"
	appt, err := s.appts.Get(ctx, appointmentID)
	if err != nil {
		return CancelResult{}, errs.Wrap(op, err)
	}
	if appt.Status == domain.AppointmentCompleted {
		return CancelResult{}, errs.E(op, errs.Precondition, "appointment already completed")
	}
	if _, err := s.appts.Cancel(ctx, appt.ID, reason, s.now()); err != nil {
		return CancelResult{}, errs.Wrap(op, err)
	}
	appt, err = s.appts.Get(ctx, appt.ID)
	if err != nil {
		return CancelResult{}, errs.Wrap(op, err)
	}
	res := CancelResult{Appointment: appt}

	dep, err := s.deposits.ByAppointment(ctx, appt.ID)
	if errs.Is(errs.NotFound, err) {
		return res, nil
	}
	if err != nil {
		return res, errs.Wrap(op, err)
	}
	if dep.Status != domain.DepositPaid || !dep.StripePaymentIntentID.Valid {
		return res, nil
	}
	amount := refundable(dep.AmountCents, appt.StartsAt, appt.CancelledAt.Time)
	if amount == 0 {
		return res, nil
	}
	refund, err := s.gateway.Refund(ctx, ports.RefundRequest{
		PaymentIntentID: dep.StripePaymentIntentID.String,
		AmountCents:     amount,
		Reason:          "requested_by_customer",
		Metadata:        map[string]string{"deposit_id": dep.ID, "appointment_id": appt.ID},
		IdempotencyKey:  "refund-" + uuid.NewString(),
	})
	if err != nil {
		return res, errs.Wrap(op, err)
	}
	if err := s.deposits.MarkRefunded(ctx, dep.ID, refund.ID, amount); err != nil {
		return res, errs.Wrap(op, err)
	}
	res.RefundedCents = amount
	res.RefundID = refund.ID
	return res, nil
}

func refundable(deposit int64, startsAt, cancelledAt time.Time) int64 {
	if cancelledAt.IsZero() {
		cancelledAt = time.Now()
	}
	if startsAt.Sub(cancelledAt) >= 24*time.Hour {
		return deposit
	}
	return deposit / 2
}

// Reschedule moves a booked appointment to a new start time, keeping its
// length, and queues an SMS telling the owner.
func (s *AppointmentService) Reschedule(ctx context.Context, appointmentID string, startsAt time.Time) (domain.Appointment, error) {
	const op errs.Op = "appointments.Reschedule"
	if startsAt.Before(s.now()) {
		return domain.Appointment{}, errs.E(op, errs.Invalid, "starts_at is in the past")
	}
	var out domain.Appointment
	err := s.tx.WithTx(ctx, func(ctx context.Context) error {
		cur, err := s.appts.GetForUpdate(ctx, appointmentID)
		if err != nil {
			return err
		}
		if cur.Status != domain.AppointmentBooked {
			return errs.Errorf(op, errs.Precondition, "appointment is %s", cur.Status)
		}
		length := cur.EndsAt.Sub(cur.StartsAt)
		moved, err := s.appts.Move(ctx, cur.ID, startsAt.UTC(), startsAt.UTC().Add(length))
		if err != nil {
			if errs.Is(errs.Conflict, err) {
				return errs.E(op, errs.Conflict, "slot is no longer available", err)
			}
			return err
		}
		out = moved
		return s.queue.Enqueue(ctx, jobargs.RescheduleNotice{
			AppointmentID: moved.ID,
			StartsAt:      moved.StartsAt,
			CorrelationID: xid.New().String(),
		}, ports.InQueue(jobargs.QueueMessaging), ports.UniqueByArgs(24*time.Hour))
	})
	return out, errs.Wrap(op, err)
}
