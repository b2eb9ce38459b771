// Package booking books and cancels appointments. New patients and long
// procedures require a card deposit that is charged when the slot is held
// and partly or fully refunded on cancellation depending on notice.
package booking

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/google/uuid"
	"gorm.io/gorm"

	"github.com/brightsmile-dental/practiceops/internal/models"
	"github.com/brightsmile-dental/practiceops/internal/platform/database"
	"github.com/brightsmile-dental/practiceops/internal/platform/ids"
	"github.com/brightsmile-dental/practiceops/internal/providers/stripepay"
)

var (
	ErrSlotTaken       = errors.New("the chair is already booked at that time")
	ErrNoCardOnFile    = errors.New("patient has no card on file")
	ErrCardDeclined    = errors.New("deposit card was declined")
	ErrNotCancellable  = errors.New("appointment cannot be cancelled in its current state")
	ErrInvalidSchedule = errors.New("appointment must start in the future and last at least 15 minutes")
)

// Service books and cancels appointments.
type Service interface {
	Book(ctx context.Context, in BookInput) (BookOutput, error)
	Cancel(ctx context.Context, in CancelInput) (CancelOutput, error)
}

type BookInput struct {
	RequestKey      string
	PracticeID      uuid.UUID
	PatientID       uuid.UUID
	AssociateID     uuid.UUID
	OperatoryID     uuid.UUID
	StartsAt        time.Time
	Duration        time.Duration
	ProcedureCode   string
	PaymentMethodID string
}

type BookOutput struct {
	AppointmentID string
	Status        string
	DepositCents  int64
	Replayed      bool
}

type CancelInput struct {
	AppointmentID string
	Reason        string
	CancelledBy   string
}

type CancelOutput struct {
	AppointmentID string
	Status        string
	RefundedCents int64
}

// Notifier is told about booking changes so the patient can be texted.
type Notifier func(ctx context.Context, appt models.Appointment, event string)

type service struct {
	db           *gorm.DB
	appointments *database.Repository[models.Appointment]
	deposits     *database.Repository[models.Deposit]
	patients     *database.Repository[models.Patient]
	payments     stripepay.Gateway
	policy       DepositPolicy
	notify       Notifier
	now          func() time.Time
}

// NewService wires the booking service.
func NewService(db *gorm.DB, payments stripepay.Gateway, policy DepositPolicy, notify Notifier) Service {
	if notify == nil {
		notify = func(context.Context, models.Appointment, string) {}
	}
	return &service{
		db:           db,
		appointments: database.NewRepository[models.Appointment](db),
		deposits:     database.NewRepository[models.Deposit](db),
		patients:     database.NewRepository[models.Patient](db),
		payments:     payments,
		policy:       policy,
		notify:       notify,
		now:          func() time.Time { return time.Now().UTC() },
	}
}

func (s *service) Book(ctx context.Context, in BookInput) (BookOutput, error) {
	if in.Duration < 15*time.Minute || !in.StartsAt.After(s.now()) {
		return BookOutput{}, ErrInvalidSchedule
	}
	patient, err := s.patients.Get(ctx, in.PatientID)
	if err != nil {
		return BookOutput{}, fmt.Errorf("load patient: %w", err)
	}
	deposit := s.policy.DepositFor(in.ProcedureCode)
	if deposit > 0 && (patient.StripeCustomerID == nil || in.PaymentMethodID == "") {
		return BookOutput{}, ErrNoCardOnFile
	}

	appt := models.Appointment{
		ID:                ids.New(),
		PracticeID:        in.PracticeID,
		PatientID:         in.PatientID,
		AssociateID:       in.AssociateID,
		OperatoryID:       in.OperatoryID,
		StartsAt:          in.StartsAt.UTC(),
		EndsAt:            in.StartsAt.UTC().Add(in.Duration),
		ProcedureCode:     in.ProcedureCode,
		Status:            models.AppointmentPendingDeposit,
		BookingRequestKey: in.RequestKey,
	}
	if deposit == 0 {
		appt.Status = models.AppointmentBooked
	}
	inserted, err := s.appointments.CreateOrSkip(ctx, &appt, "booking_request_key")
	if err != nil {
		if database.IsUniqueViolation(err) && database.ConstraintName(err) == "appointments_operatory_slot_uq" {
			return BookOutput{}, ErrSlotTaken
		}
		return BookOutput{}, fmt.Errorf("hold slot: %w", err)
	}
	if !inserted {
		existing, err := s.appointments.FindOne(ctx, "booking_request_key = ?", in.RequestKey)
		if err != nil {
			return BookOutput{}, fmt.Errorf("load existing booking: %w", err)
		}
		appt = *existing
		if appt.Status != models.AppointmentPendingDeposit {
			if appt.Status == models.AppointmentBooked {
				s.notify(ctx, appt, "booked")
			}
			return BookOutput{AppointmentID: appt.ID, Status: appt.Status, DepositCents: deposit, Replayed: true}, nil
		}
	}
	if deposit == 0 {
		s.notify(ctx, appt, "booked")
		return BookOutput{AppointmentID: appt.ID, Status: appt.Status}, nil
	}

	charge, err := s.payments.Charge(ctx, stripepay.ChargeRequest{
		CustomerID:      *patient.StripeCustomerID,
		PaymentMethodID: in.PaymentMethodID,
		AmountCents:     deposit,
		Description:     fmt.Sprintf("Deposit for %s on %s", in.ProcedureCode, appt.StartsAt.Format("Jan 2")),
		Metadata:        map[string]string{"appointment_id": appt.ID, "patient_id": patient.ID.String()},
		IdempotencyKey:  "appt-deposit:" + in.RequestKey,
	})
	if err != nil {
		if stripepay.IsCardError(err) {
			s.releaseSlot(ctx, appt.ID)
			return BookOutput{}, ErrCardDeclined
		}
		return BookOutput{}, err
	}

	depStatus := depositStatus(charge.Status)
	err = database.Transact(ctx, s.db, func(tx *gorm.DB) error {
		dep := models.Deposit{
			ID:              uuid.New(),
			AppointmentID:   appt.ID,
			AmountCents:     deposit,
			PaymentIntentID: charge.PaymentIntentID,
			Status:          depStatus,
		}
		if _, err := s.deposits.WithTx(tx).CreateOrSkip(ctx, &dep, "appointment_id"); err != nil {
			return fmt.Errorf("record deposit: %w", err)
		}
		if dep.Status != models.DepositSucceeded {
			return nil
		}
		_, err := s.appointments.WithTx(tx).UpdateWhere(ctx,
			map[string]any{"status": models.AppointmentBooked, "updated_at": s.now()},
			"id = ? AND status = ?", appt.ID, models.AppointmentPendingDeposit)
		return err
	})
	if err != nil {
		return BookOutput{}, err
	}
	if depStatus != models.DepositSucceeded {
		// 3DS or a delayed card: the Stripe webhook finishes the booking.
		return BookOutput{AppointmentID: appt.ID, Status: appt.Status, DepositCents: deposit}, nil
	}
	appt.Status = models.AppointmentBooked
	s.notify(ctx, appt, "booked")
	return BookOutput{AppointmentID: appt.ID, Status: appt.Status, DepositCents: deposit}, nil
}

func (s *service) releaseSlot(ctx context.Context, id string) {
	_, _ = s.appointments.UpdateWhere(ctx,
		map[string]any{"status": models.AppointmentCancelled, "cancelled_at": s.now(), "updated_at": s.now()},
		"id = ? AND status = ?", id, models.AppointmentPendingDeposit)
}

func (s *service) Cancel(ctx context.Context, in CancelInput) (CancelOutput, error) {
	appt, err := s.appointments.Get(ctx, in.AppointmentID)
	if err != nil {
		return CancelOutput{}, err
	}
	switch appt.Status {
	case models.AppointmentCancelled:
		s.notify(ctx, *appt, "cancelled")
		return CancelOutput{AppointmentID: appt.ID, Status: appt.Status}, nil
	case models.AppointmentBooked:
	default:
		return CancelOutput{}, ErrNotCancellable
	}

	dep, err := s.deposits.FindOne(ctx, "appointment_id = ? AND status IN ?", appt.ID,
		[]string{models.DepositSucceeded, models.DepositPartiallyRefunded})
	if err != nil && !errors.Is(err, database.ErrNotFound) {
		return CancelOutput{}, err
	}
	var refund int64
	if dep != nil {
		refund = s.policy.RefundFor(appt.StartsAt, s.now(), dep.AmountCents-dep.RefundedCents)
	}
	if refund > 0 {
		_, err := s.payments.Refund(ctx, stripepay.RefundRequest{
			PaymentIntentID: dep.PaymentIntentID,
			AmountCents:     refund,
			Reason:          "requested_by_customer",
			Metadata:        map[string]string{"appointment_id": appt.ID, "cancelled_by": in.CancelledBy},
		})
		if err != nil {
			return CancelOutput{}, fmt.Errorf("refund deposit: %w", err)
		}
	}

	err = database.Transact(ctx, s.db, func(tx *gorm.DB) error {
		now := s.now()
		n, err := s.appointments.WithTx(tx).UpdateWhere(ctx,
			map[string]any{"status": models.AppointmentCancelled, "cancelled_at": now, "updated_at": now},
			"id = ? AND status = ?", appt.ID, models.AppointmentBooked)
		if err != nil {
			return err
		}
		if n == 0 {
			return ErrNotCancellable
		}
		if dep == nil || refund == 0 {
			return nil
		}
		status := models.DepositPartiallyRefunded
		if dep.RefundedCents+refund >= dep.AmountCents {
			status = models.DepositRefunded
		}
		return tx.Model(&models.Deposit{}).Where("id = ?", dep.ID).Updates(map[string]any{
			"refunded_cents": gorm.Expr("refunded_cents + ?", refund),
			"status":         status,
			"updated_at":     now,
		}).Error
	})
	if err != nil {
		return CancelOutput{}, err
	}
	appt.Status = models.AppointmentCancelled
	s.notify(ctx, *appt, "cancelled")
	return CancelOutput{AppointmentID: appt.ID, Status: appt.Status, RefundedCents: refund}, nil
}

func depositStatus(piStatus string) string {
	switch piStatus {
	case "succeeded":
		return models.DepositSucceeded
	case "canceled", "requires_payment_method":
		return models.DepositFailed
	default:
		return models.DepositPending
	}
}

// DepositPolicy decides how much to hold for a booking and how much comes
// back on cancellation.
type DepositPolicy struct {
	// ByProcedurePrefix maps CDT code prefixes (D27 crowns, D33 root canals)
	// to a deposit amount; the longest matching prefix wins.
	ByProcedurePrefix map[string]int64
	DefaultCents      int64
	// Cancelling at least FullRefundNotice ahead returns the whole deposit;
	// at least PartialRefundNotice ahead returns PartialRefundBps of it.
	FullRefundNotice    time.Duration
	PartialRefundNotice time.Duration
	PartialRefundBps    int64
}

// DefaultDepositPolicy is the group-wide policy.
func DefaultDepositPolicy() DepositPolicy {
	return DepositPolicy{
		ByProcedurePrefix: map[string]int64{
			"D27":  15000,
			"D33":  10000,
			"D60":  20000,
			"D015": 5000,
		},
		DefaultCents:        0,
		FullRefundNotice:    48 * time.Hour,
		PartialRefundNotice: 24 * time.Hour,
		PartialRefundBps:    5000,
	}
}

// DepositFor returns the deposit for a procedure code.
func (p DepositPolicy) DepositFor(code string) int64 {
	best, amount := -1, p.DefaultCents
	for prefix, cents := range p.ByProcedurePrefix {
		if strings.HasPrefix(code, prefix) && len(prefix) > best {
			best, amount = len(prefix), cents
		}
	}
	return amount
}

// RefundFor returns how much of the refundable amount goes back when an
// appointment starting at start is cancelled at now.
func (p DepositPolicy) RefundFor(start, now time.Time, refundable int64) int64 {
	if refundable <= 0 {
		return 0
	}
	notice := start.Sub(now)
	switch {
	case notice >= p.FullRefundNotice:
		return refundable
	case notice >= p.PartialRefundNotice:
		return refundable * p.PartialRefundBps / 10000
	default:
		return 0
	}
}
