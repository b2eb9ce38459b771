// Package booking books, reschedules and cancels telehealth appointments.
package booking

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"log/slog"
	"time"

	"github.com/google/uuid"
	"github.com/jmoiron/sqlx"

	"github.com/carelink/telehealth/internal/domain"
	"github.com/carelink/telehealth/internal/ids"
	"github.com/carelink/telehealth/internal/platform/db"
	"github.com/carelink/telehealth/internal/service/billing"
	"github.com/carelink/telehealth/internal/store"
)

const bookScope = "appointments.book"

// Appointments is the appointment persistence used here.
type Appointments interface {
	DB() *sqlx.DB
	Get(ctx context.Context, id uuid.UUID) (*domain.Appointment, error)
	GetQ(ctx context.Context, q db.Querier, id uuid.UUID) (*domain.Appointment, error)
	GetForUpdate(ctx context.Context, tx *sqlx.Tx, id uuid.UUID) (*domain.Appointment, error)
	Insert(ctx context.Context, tx *sqlx.Tx, a *domain.Appointment) error
	MoveSlot(ctx context.Context, tx *sqlx.Tx, id uuid.UUID, start time.Time) error
	Cancel(ctx context.Context, id uuid.UUID, reason string) error
}

// Copays is the copay persistence used here.
type Copays interface {
	Insert(ctx context.Context, tx *sqlx.Tx, c *domain.Copay) error
	ByAppointment(ctx context.Context, q db.Querier, apptID uuid.UUID) (*domain.Copay, error)
}

// RequestKeys claims client request keys.
type RequestKeys interface {
	Claim(ctx context.Context, tx *sqlx.Tx, scope, key, hash string) (bool, *store.IdemRecord, error)
	Attach(ctx context.Context, tx *sqlx.Tx, scope, key, resourceID string) error
}

// CopayCharger charges a copay row with its stored key.
type CopayCharger interface {
	Charge(ctx context.Context, c *domain.Copay) (*domain.Copay, error)
}

// Wallet credits a patient's visit wallet.
type Wallet interface {
	Credit(ctx context.Context, e *domain.WalletEntry) error
}

// CopayEstimator returns the expected copay for a visit.
type CopayEstimator interface {
	EstimateCopay(ctx context.Context, patientID uuid.UUID, payerID string, day time.Time) (int64, error)
}

// Service implements booking.
type Service struct {
	appts      Appointments
	copays     Copays
	keys       RequestKeys
	charger    CopayCharger
	wallet     Wallet
	estimator  CopayEstimator
	log        *slog.Logger
	now        func() time.Time
	freeCancel time.Duration
	minLead    time.Duration
}

// Option customises the Service.
type Option func(*Service)

// WithClock overrides time.Now.
func WithClock(now func() time.Time) Option { return func(s *Service) { s.now = now } }

// WithFreeCancelWindow sets how long before the slot a cancellation still
// turns the copay into credit.
func WithFreeCancelWindow(d time.Duration) Option { return func(s *Service) { s.freeCancel = d } }

func NewService(appts Appointments, copays Copays, keys RequestKeys, charger CopayCharger, wallet Wallet,
	estimator CopayEstimator, log *slog.Logger, opts ...Option) *Service {
	s := &Service{
		appts: appts, copays: copays, keys: keys, charger: charger, wallet: wallet,
		estimator: estimator, log: log, now: time.Now,
		freeCancel: 24 * time.Hour, minLead: 10 * time.Minute,
	}
	for _, o := range opts {
		o(s)
	}
	return s
}

// BookRequest asks for a slot with a clinician.
type BookRequest struct {
	RequestID   string
	PatientID   uuid.UUID
	ClinicianID uuid.UUID
	SlotStart   time.Time
	SlotMinutes int
	Reason      string
	PayerID     string
	MemberID    string
}

func (r BookRequest) hash() string {
	h := sha256.New()
	fmt.Fprintf(h, "%s|%s|%s|%d|%s|%s|%s", r.PatientID, r.ClinicianID, r.SlotStart.UTC().Format(time.RFC3339),
		r.SlotMinutes, r.Reason, r.PayerID, r.MemberID)
	return hex.EncodeToString(h.Sum(nil))
}

// BookResult is the booked appointment and its copay.
type BookResult struct {
	Appointment *domain.Appointment
	Copay       *domain.Copay
	Replayed    bool
}

// Book reserves the slot and charges the copay.
func (s *Service) Book(ctx context.Context, req BookRequest) (*BookResult, error) {
	if req.RequestID == "" {
		return nil, fmt.Errorf("request_id is required: %w", domain.ErrInvalidArgument)
	}
	if req.SlotStart.Before(s.now().Add(s.minLead)) {
		return nil, fmt.Errorf("slot starts too soon: %w", domain.ErrInvalidArgument)
	}
	if req.SlotMinutes == 0 {
		req.SlotMinutes = 20
	}
	copayCents, err := s.estimator.EstimateCopay(ctx, req.PatientID, req.PayerID, req.SlotStart)
	if err != nil {
		return nil, err
	}

	out := &BookResult{}
	hash := req.hash()
	err = db.InTx(ctx, s.appts.DB(), func(tx *sqlx.Tx) error {
		claimed, prior, err := s.keys.Claim(ctx, tx, bookScope, req.RequestID, hash)
		if err != nil {
			return err
		}
		if !claimed {
			if prior.RequestHash != hash {
				return domain.ErrConflict
			}
			if prior.ResourceID == nil {
				return domain.ErrInvalidState
			}
			id, err := uuid.Parse(*prior.ResourceID)
			if err != nil {
				return err
			}
			out.Replayed = true
			if out.Appointment, err = s.appts.GetQ(ctx, tx, id); err != nil {
				return err
			}
			out.Copay, err = s.copays.ByAppointment(ctx, tx, id)
			if err == domain.ErrNotFound {
				err = nil
			}
			return err
		}

		appt := &domain.Appointment{
			ID:          ids.NewUUID(),
			PatientID:   req.PatientID,
			ClinicianID: req.ClinicianID,
			SlotStart:   req.SlotStart.UTC(),
			SlotMinutes: req.SlotMinutes,
			Status:      domain.StatusBooked,
			Reason:      req.Reason,
		}
		if req.PayerID != "" {
			appt.PayerID, appt.MemberID = &req.PayerID, &req.MemberID
		}
		if err := s.appts.Insert(ctx, tx, appt); err != nil {
			return err
		}
		if copayCents > 0 {
			c := billing.NewCopay(appt.ID, appt.PatientID, copayCents)
			if err := s.copays.Insert(ctx, tx, c); err != nil {
				return err
			}
			out.Copay = c
		}
		if err := s.keys.Attach(ctx, tx, bookScope, req.RequestID, appt.ID.String()); err != nil {
			return err
		}
		out.Appointment = appt
		return store.AddOutbox(ctx, tx, appt.ID.String(), "appointment.booked", map[string]any{
			"appointment_id": appt.ID, "patient_id": appt.PatientID, "slot_start": appt.SlotStart,
		})
	})
	if err != nil {
		return nil, err
	}

	if out.Copay != nil && out.Copay.Status == domain.CopayPending {
		charged, err := s.charger.Charge(ctx, out.Copay)
		if err != nil {
			s.log.Warn("copay charge deferred", "appointment", out.Appointment.ID, "err", err)
			return out, nil
		}
		out.Copay = charged
	}
	return out, nil
}

// RescheduleRequest moves an appointment to a new slot.
type RescheduleRequest struct {
	AppointmentID uuid.UUID
	NewSlotStart  time.Time
}

// Reschedule moves a booked appointment to a new slot.
func (s *Service) Reschedule(ctx context.Context, req RescheduleRequest) (*domain.Appointment, error) {
	target := req.NewSlotStart.UTC()
	return db.InTxValue(ctx, s.appts.DB(), func(tx *sqlx.Tx) (*domain.Appointment, error) {
		appt, err := s.appts.GetForUpdate(ctx, tx, req.AppointmentID)
		if err != nil {
			return nil, err
		}
		if appt.SlotStart.Equal(target) {
			return appt, nil
		}
		if appt.Status != domain.StatusBooked {
			return nil, domain.ErrInvalidState
		}
		if err := s.appts.MoveSlot(ctx, tx, appt.ID, target); err != nil {
			return nil, err
		}
		previous := appt.SlotStart
		appt.SlotStart = target
		return appt, store.AddOutbox(ctx, tx, ids.Derived(appt.ID.String(), target.Format(time.RFC3339)),
			"appointment.rescheduled", map[string]any{
				"appointment_id": appt.ID, "from": previous, "to": target,
			})
	})
}

// CancelRequest cancels an appointment on the patient's behalf.
type CancelRequest struct {
	AppointmentID uuid.UUID
	Reason        string
	Actor         string
}

// Cancel cancels a booked appointment. A paid copay becomes visit credit
// when the cancellation is early enough.
func (s *Service) Cancel(ctx context.Context, req CancelRequest) (*domain.Appointment, error) {
	appt, err := s.appts.Get(ctx, req.AppointmentID)
	if err != nil {
		return nil, err
	}
	if appt.Status == domain.StatusCancelled {
		return appt, nil
	}
	if appt.Status != domain.StatusBooked {
		return nil, domain.ErrInvalidState
	}

	if appt.SlotStart.Sub(s.now()) >= s.freeCancel {
		c, err := s.copays.ByAppointment(ctx, s.appts.DB(), appt.ID)
		if err != nil && err != domain.ErrNotFound {
			return nil, err
		}
		if c != nil && c.Status == domain.CopaySucceeded {
			ref := appt.ID.String()
			if err := s.wallet.Credit(ctx, &domain.WalletEntry{
				ID:          ids.Prefixed("wal"),
				PatientID:   appt.PatientID,
				AmountCents: c.AmountCents,
				Reason:      "cancellation_credit",
				Reference:   &ref,
				CreatedBy:   req.Actor,
			}); err != nil {
				return nil, err
			}
		}
	}

	if err := s.appts.Cancel(ctx, appt.ID, req.Reason); err != nil {
		return nil, err
	}
	return s.appts.Get(ctx, appt.ID)
}
