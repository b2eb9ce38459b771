package rental

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/google/uuid"
	"github.com/hibiken/asynq"

	"github.com/acme/fleet/internal/domain"
	"github.com/acme/fleet/internal/platform/db"
	"github.com/acme/fleet/internal/platform/ids"
	"github.com/acme/fleet/internal/provider/payments"
)

const scopeCreateReservation = "reservations.create"

// Reservations books vehicles and manages their deposits.
type Reservations struct {
	db           db.Ext
	tx           Tx
	reservations ReservationRepo
	customers    CustomerRepo
	keys         KeyRepo
	ops          PaymentOpRepo
	gateway      Gateway
	tasks        TaskEnqueuer
	log          *slog.Logger

	now        func() time.Time
	depositFor func(vehicleClass string) int64
}

func NewReservations(q db.Ext, tx Tx, reservations ReservationRepo, customers CustomerRepo, keys KeyRepo,
	ops PaymentOpRepo, gateway Gateway, tasks TaskEnqueuer, log *slog.Logger) *Reservations {
	return &Reservations{
		db: q, tx: tx, reservations: reservations, customers: customers, keys: keys,
		ops: ops, gateway: gateway, tasks: tasks, log: log,
		now:        time.Now,
		depositFor: depositByClass,
	}
}

func depositByClass(class string) int64 {
	switch class {
	case "premium", "van":
		return 100000
	case "suv":
		return 60000
	default:
		return 30000
	}
}

// CreateReservationInput is a booking request.
type CreateReservationInput struct {
	IdempotencyKey string
	CustomerID     uuid.UUID
	VehicleClass   string
	Branch         string
	PickupAt       time.Time
	ReturnAt       time.Time
}

// Create books a vehicle class and holds the deposit on the customer's card.
func (s *Reservations) Create(ctx context.Context, in CreateReservationInput) (domain.Reservation, error) {
	if in.IdempotencyKey != "" {
		id, err := s.keys.Lookup(ctx, s.db, scopeCreateReservation, in.IdempotencyKey)
		if err != nil {
			return domain.Reservation{}, err
		}
		if id != "" {
			return s.reservations.Get(ctx, s.db, id)
		}
	}
	if !in.ReturnAt.After(in.PickupAt) {
		return domain.Reservation{}, fmt.Errorf("%w: return must be after pickup", domain.ErrInvalidInput)
	}
	cust, err := s.customers.Get(ctx, s.db, in.CustomerID)
	if err != nil {
		return domain.Reservation{}, err
	}
	if cust.DefaultPaymentMethod == "" {
		return domain.Reservation{}, fmt.Errorf("%w: no card on file", domain.ErrInvalidInput)
	}

	now := s.now()
	res := domain.Reservation{
		ID:           ids.ReservationRef(now),
		CustomerID:   cust.ID,
		VehicleClass: in.VehicleClass,
		Branch:       in.Branch,
		PickupAt:     in.PickupAt,
		ReturnAt:     in.ReturnAt,
		Status:       domain.ReservationPendingDeposit,
		DepositCents: s.depositFor(in.VehicleClass),
		CreatedAt:    now,
	}
	hold := domain.PaymentOp{ID: "hold:" + res.ID, Kind: domain.OpDepositHold, SubjectID: res.ID, AmountCents: res.DepositCents}
	if err := s.tx.InTx(ctx, func(q db.Ext) error {
		if err := s.reservations.Insert(ctx, q, res); err != nil {
			return err
		}
		return s.ops.InsertPending(ctx, q, hold)
	}); err != nil {
		return domain.Reservation{}, err
	}

	intentID, err := s.gateway.HoldDeposit(ctx, payments.HoldRequest{
		CustomerID:      cust.StripeCustomerID,
		PaymentMethodID: cust.DefaultPaymentMethod,
		AmountCents:     res.DepositCents,
		Description:     "Deposit for reservation " + res.ID,
	}, payments.WithIdempotencyKey(hold.ID), payments.WithMetadata("reservation_id", res.ID))
	if err != nil {
		return domain.Reservation{}, fmt.Errorf("deposit hold: %w", err)
	}
	if err := s.tx.InTx(ctx, func(q db.Ext) error {
		if err := s.reservations.ConfirmDeposit(ctx, q, res.ID, intentID); err != nil {
			return err
		}
		return s.ops.Complete(ctx, q, hold.ID, intentID)
	}); err != nil {
		return domain.Reservation{}, err
	}
	res.Status, res.DepositIntentID = domain.ReservationConfirmed, intentID

	if in.IdempotencyKey != "" {
		if err := s.keys.Save(ctx, s.db, scopeCreateReservation, in.IdempotencyKey, res.ID); err != nil {
			s.log.WarnContext(ctx, "storing idempotency key failed", "reservation_id", res.ID, "err", err)
		}
	}
	s.scheduleReminder(ctx, res)
	return res, nil
}

func (s *Reservations) scheduleReminder(ctx context.Context, res domain.Reservation) {
	at := res.PickupAt.Add(-2 * time.Hour)
	if at.Before(s.now()) {
		return
	}
	err := s.tasks.Enqueue(ctx, domain.TaskPickupReminder,
		domain.PickupReminderPayload{ReservationID: res.ID},
		asynq.TaskID("pickup-reminder:"+res.ID), asynq.ProcessAt(at), asynq.Queue("notices"))
	if err != nil {
		s.log.WarnContext(ctx, "scheduling pickup reminder failed", "reservation_id", res.ID, "err", err)
	}
}

func releaseOpID(reservationID string) string { return "release:" + reservationID }

// Cancel cancels a reservation and releases its deposit hold.
func (s *Reservations) Cancel(ctx context.Context, id string) (domain.Reservation, error) {
	var res domain.Reservation
	err := s.tx.InTx(ctx, func(q db.Ext) error {
		r, err := s.reservations.GetForUpdate(ctx, q, id)
		if err != nil {
			return err
		}
		res = r
		switch r.Status {
		case domain.ReservationCancelled:
			return nil
		case domain.ReservationConfirmed, domain.ReservationPendingDeposit:
		default:
			return fmt.Errorf("%w: reservation is %s", domain.ErrInvalidState, r.Status)
		}
		if err := s.reservations.SetStatus(ctx, q, id, domain.ReservationCancelled); err != nil {
			return err
		}
		res.Status = domain.ReservationCancelled
		if r.DepositIntentID == "" {
			return nil
		}
		return s.ops.InsertPending(ctx, q, domain.PaymentOp{
			ID:        releaseOpID(id),
			Kind:      domain.OpDepositRelease,
			SubjectID: id,
			IntentID:  r.DepositIntentID,
		})
	})
	if err != nil {
		return domain.Reservation{}, err
	}
	// A repeated cancel lands here too and finishes a release that an
	// earlier attempt recorded but did not complete.
	if err := s.releaseDeposit(ctx, id); err != nil {
		return res, err
	}
	return res, nil
}

func (s *Reservations) releaseDeposit(ctx context.Context, reservationID string) error {
	op, err := s.ops.Get(ctx, s.db, releaseOpID(reservationID))
	if errors.Is(err, domain.ErrNotFound) {
		return nil
	}
	if err != nil || op.Status == domain.OpDone {
		return err
	}
	if err := s.gateway.CancelHold(ctx, op.IntentID, payments.WithIdempotencyKey(op.ID)); err != nil {
		return err
	}
	return s.ops.Complete(ctx, s.db, op.ID, op.IntentID)
}
