package services

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/google/uuid"
	"github.com/jmoiron/sqlx"

	"github.com/velvetchair/salon/internal/core/domain"
	"github.com/velvetchair/salon/internal/core/ports"
)

const scopeBooking = "appointments.create"

// BookingService books, reschedules and cancels appointments.
type BookingService struct {
	tx       ports.TxRunner
	log      *slog.Logger
	appts    ports.AppointmentRepository
	catalog  ports.CatalogRepository
	clients  ports.ClientRepository
	payments ports.PaymentRepository
	idem     ports.IdempotencyStore
	gateway  ports.PaymentGateway
	events   ports.EventPublisher
	jobs     ports.JobScheduler
}

func NewBookingService(d Deps) *BookingService {
	return &BookingService{
		tx: d.Tx, log: d.Log.With("service", "booking"),
		appts: d.Appts, catalog: d.Catalog, clients: d.Clients, payments: d.Payments,
		idem: d.Idempotency, gateway: d.Gateway, events: d.Events, jobs: d.Jobs,
	}
}

type BookRequest struct {
	ClientID        uuid.UUID `json:"client_id"`
	StylistID       uuid.UUID `json:"stylist_id"`
	ServiceID       uuid.UUID `json:"service_id"`
	StartsAt        time.Time `json:"starts_at"`
	PaymentMethodID string    `json:"payment_method_id"`
	Notes           string    `json:"notes"`
}

func (r BookRequest) Validate() error {
	switch {
	case r.ClientID == uuid.Nil:
		return domain.Invalid("client_id", "required")
	case r.StylistID == uuid.Nil:
		return domain.Invalid("stylist_id", "required")
	case r.ServiceID == uuid.Nil:
		return domain.Invalid("service_id", "required")
	case r.StartsAt.IsZero():
		return domain.Invalid("starts_at", "required")
	case r.StartsAt.Before(clock()):
		return domain.Invalid("starts_at", "must be in the future")
	}
	return nil
}

type BookingResult struct {
	Appointment   *domain.Appointment `json:"appointment"`
	DepositStatus string              `json:"deposit_status,omitempty"`
	Status        int                 `json:"-"`
}

// Book creates an appointment and takes its deposit. A repeated request
// with the same Idempotency-Key picks up the booking it started.
func (s *BookingService) Book(ctx context.Context, key string, req BookRequest) (*BookingResult, error) {
	if err := req.Validate(); err != nil {
		return nil, err
	}
	hash := requestHash(req)
	var (
		appt    *domain.Appointment
		deposit *domain.Payment
		client  *domain.Client
		replay  *BookingResult
	)
	err := s.tx.WithTx(ctx, func(tx *sqlx.Tx) error {
		rec, claimed, err := s.idem.Claim(ctx, tx, scopeBooking, key, hash)
		if err != nil {
			return err
		}
		if !claimed {
			return s.resumeBooking(ctx, tx, rec, hash, &appt, &deposit, &replay)
		}
		svc, err := s.catalog.GetService(ctx, tx, req.ServiceID)
		if err != nil {
			return err
		}
		stylist, err := s.catalog.GetStylist(ctx, tx, req.StylistID)
		if err != nil {
			return err
		}
		if stylist.SalonID != svc.SalonID || !stylist.Active || !svc.Active {
			return domain.Invalid("stylist_id", "stylist does not offer this service")
		}
		if svc.DepositCents > 0 && req.PaymentMethodID == "" {
			return domain.Invalid("payment_method_id", "a card is required for this service")
		}
		appt = &domain.Appointment{
			ID:             uuid.New(),
			SalonID:        svc.SalonID,
			StylistID:      stylist.ID,
			ClientID:       req.ClientID,
			ServiceID:      svc.ID,
			StartsAt:       req.StartsAt.UTC(),
			EndsAt:         req.StartsAt.UTC().Add(time.Duration(svc.DurationMinutes) * time.Minute),
			Status:         domain.StatusBooked,
			PriceCents:     svc.PriceCents,
			DepositCents:   svc.DepositCents,
			NoShowFeeCents: svc.NoShowFeeCents,
			Notes:          req.Notes,
		}
		if req.PaymentMethodID != "" {
			appt.PaymentMethodID = &req.PaymentMethodID
		}
		if err := s.appts.Insert(ctx, tx, appt); err != nil {
			return err
		}
		if appt.DepositCents > 0 {
			deposit = &domain.Payment{
				ID:            uuid.New(),
				AppointmentID: &appt.ID,
				ClientID:      &appt.ClientID,
				Purpose:       domain.PurposeDeposit,
				AmountCents:   appt.DepositCents,
				Currency:      domain.Currency,
				Status:        domain.PaymentPending,
			}
			if err := s.payments.Insert(ctx, tx, deposit); err != nil {
				return err
			}
		}
		return s.idem.SetResource(ctx, tx, scopeBooking, key, appt.ID.String())
	})
	if err != nil {
		return nil, err
	}
	if replay != nil {
		return replay, nil
	}

	result := &BookingResult{Appointment: appt, Status: 201}
	if deposit != nil {
		if client, err = s.clients.Get(ctx, s.tx.Reader(), appt.ClientID); err != nil {
			return nil, err
		}
		res, err := s.takeDeposit(ctx, appt, client, deposit)
		if err != nil {
			return nil, err
		}
		result.DepositStatus = string(res.Status)
		if res.Status == domain.PaymentFailed {
			result.Status = 402
			appt.Status = domain.StatusCancelled
		}
	}

	err = s.tx.WithTx(ctx, func(tx *sqlx.Tx) error {
		return s.idem.Complete(ctx, tx, scopeBooking, key, result.Status, result)
	})
	if err != nil {
		return nil, err
	}
	if appt.Status.Live() {
		s.publishBooked(ctx, appt)
	}
	return result, nil
}

func (s *BookingService) resumeBooking(ctx context.Context, tx *sqlx.Tx, rec *ports.IdempotencyRecord, hash string,
	appt **domain.Appointment, deposit **domain.Payment, replay **BookingResult) error {
	if rec.RequestHash != hash {
		return domain.ErrIdempotencyReuse
	}
	if rec.Completed() {
		var out BookingResult
		if err := json.Unmarshal(rec.ResponseBody, &out); err != nil {
			return fmt.Errorf("decode stored response: %w", err)
		}
		out.Status = *rec.ResponseCode
		*replay = &out
		return nil
	}
	if rec.ResourceID == nil {
		return domain.ErrIdempotencyPending
	}
	id, err := uuid.Parse(*rec.ResourceID)
	if err != nil {
		return err
	}
	a, err := s.appts.Get(ctx, tx, id)
	if err != nil {
		return err
	}
	*appt = a
	dep, err := s.payments.ForAppointment(ctx, tx, id, domain.PurposeDeposit)
	if err != nil && !errors.Is(err, domain.ErrNotFound) {
		return err
	}
	*deposit = dep
	return nil
}

// takeDeposit charges the recorded deposit and stores the outcome.
func (s *BookingService) takeDeposit(ctx context.Context, appt *domain.Appointment, client *domain.Client, dep *domain.Payment) (domain.ChargeResult, error) {
	if dep.Settled() {
		return domain.ChargeResult{Status: dep.Status}, nil
	}
	req := ports.ChargeRequest{
		AmountCents:     dep.AmountCents,
		Currency:        dep.Currency,
		PaymentMethodID: deref(appt.PaymentMethodID),
		CustomerID:      deref(client.CardCustomerID),
		Description:     "Booking deposit",
	}
	res, err := s.gateway.Charge(ctx, req,
		ports.WithIdempotencyKey("deposit-"+dep.ID.String()),
		ports.WithMetadata(map[string]string{
			"payment_id":     dep.ID.String(),
			"reference":      dep.ID.String(),
			"appointment_id": appt.ID.String(),
		}),
	)
	if err != nil {
		return res, fmt.Errorf("charge deposit: %w", err)
	}
	err = s.tx.WithTx(ctx, func(tx *sqlx.Tx) error {
		if err := s.payments.SetResult(ctx, tx, dep.ID, res); err != nil {
			return err
		}
		if res.Status == domain.PaymentFailed {
			_, err := s.appts.MarkCancelled(ctx, tx, appt.ID, "deposit_failed", clock())
			return err
		}
		return nil
	})
	return res, err
}

func (s *BookingService) publishBooked(ctx context.Context, appt *domain.Appointment) {
	evt := domain.AppointmentBooked{
		AppointmentID: appt.ID,
		SalonID:       appt.SalonID,
		StylistID:     appt.StylistID,
		ClientID:      appt.ClientID,
		StartsAt:      appt.StartsAt,
	}
	if err := s.events.Publish(ctx, domain.SubjectAppointmentBooked, evt,
		ports.WithMessageID("appointment.booked."+appt.ID.String())); err != nil {
		s.log.ErrorContext(ctx, "publish appointment.booked", "appointment_id", appt.ID, "err", err)
	}
}

// Cancel cancels a live appointment, refunding the deposit when the client
// cancels outside the 24 hour window.
func (s *BookingService) Cancel(ctx context.Context, id uuid.UUID, reason string) (*domain.Appointment, error) {
	appt, err := s.appts.Get(ctx, s.tx.Reader(), id)
	if err != nil {
		return nil, err
	}
	if appt.Status == domain.StatusCancelled {
		return appt, nil
	}
	if !appt.Status.Live() {
		return nil, domain.ErrInvalidTransition
	}
	now := clock()
	dep, err := s.payments.ForAppointment(ctx, s.tx.Reader(), id, domain.PurposeDeposit)
	if err != nil && !errors.Is(err, domain.ErrNotFound) {
		return nil, err
	}
	if dep != nil && dep.Status == domain.PaymentSucceeded && dep.ProviderChargeID != nil && appt.RefundableAt(now) {
		_, err := s.gateway.Refund(ctx, *dep.ProviderChargeID, dep.AmountCents, "requested_by_customer",
			ports.WithIdempotencyKey("refund-"+dep.ID.String()),
			ports.WithMetadata(map[string]string{"payment_id": dep.ID.String()}),
		)
		if err != nil {
			return nil, fmt.Errorf("refund deposit: %w", err)
		}
	}
	err = s.tx.WithTx(ctx, func(tx *sqlx.Tx) error {
		_, err := s.appts.MarkCancelled(ctx, tx, id, reason, now)
		return err
	})
	if err != nil {
		return nil, err
	}
	appt.Status = domain.StatusCancelled
	appt.CancelledAt = &now
	evt := domain.AppointmentCancelled{
		AppointmentID: appt.ID,
		SalonID:       appt.SalonID,
		StylistID:     appt.StylistID,
		ServiceID:     appt.ServiceID,
		StartsAt:      appt.StartsAt,
		Reason:        reason,
	}
	if err := s.events.Publish(ctx, domain.SubjectAppointmentCancelled, evt,
		ports.WithMessageID("appointment.cancelled."+appt.ID.String())); err != nil {
		s.log.ErrorContext(ctx, "publish appointment.cancelled", "appointment_id", appt.ID, "err", err)
	}
	return appt, nil
}

// Reschedule moves a live appointment and re-arms its reminders.
func (s *BookingService) Reschedule(ctx context.Context, id uuid.UUID, startsAt time.Time) (*domain.Appointment, error) {
	if startsAt.Before(clock()) {
		return nil, domain.Invalid("starts_at", "must be in the future")
	}
	var appt *domain.Appointment
	err := s.tx.WithTx(ctx, func(tx *sqlx.Tx) error {
		var err error
		if appt, err = s.appts.GetForUpdate(ctx, tx, id); err != nil {
			return err
		}
		if !appt.Status.Live() {
			return domain.ErrInvalidTransition
		}
		duration := appt.EndsAt.Sub(appt.StartsAt)
		appt.StartsAt, appt.EndsAt = startsAt.UTC(), startsAt.UTC().Add(duration)
		if err := s.appts.Reschedule(ctx, tx, id, appt.StartsAt, appt.EndsAt); err != nil {
			return err
		}
		for _, r := range reminderPlan(appt.StartsAt) {
			if err := s.jobs.ScheduleReminder(ctx, tx, id, r.template, appt.StartsAt, r.at); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return appt, nil
}

// MarkNoShow records that the client did not turn up and queues the fee.
func (s *BookingService) MarkNoShow(ctx context.Context, id uuid.UUID) error {
	return s.tx.WithTx(ctx, func(tx *sqlx.Tx) error {
		changed, err := s.appts.UpdateStatus(ctx, tx, id,
			[]domain.AppointmentStatus{domain.StatusBooked, domain.StatusConfirmed}, domain.StatusNoShow)
		if err != nil {
			return err
		}
		if !changed {
			appt, err := s.appts.Get(ctx, tx, id)
			if err != nil {
				return err
			}
			if appt.Status == domain.StatusNoShow {
				return nil
			}
			return domain.ErrInvalidTransition
		}
		return s.jobs.ScheduleNoShowCharge(ctx, tx, id)
	})
}

type reminder struct {
	template string
	at       time.Time
}

func reminderPlan(start time.Time) []reminder {
	plan := make([]reminder, 0, 2)
	now := clock()
	if at := start.Add(-24 * time.Hour); at.After(now) {
		plan = append(plan, reminder{domain.TemplateReminder24h, at})
	}
	if at := start.Add(-2 * time.Hour); at.After(now) {
		plan = append(plan, reminder{domain.TemplateReminder2h, at})
	}
	return plan
}

func deref(s *string) string {
	if s == nil {
		return ""
	}
	return *s
}
