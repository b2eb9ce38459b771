package rental

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"time"

	"github.com/google/uuid"
	"github.com/hibiken/asynq"

	"github.com/acme/fleet/internal/domain"
	"github.com/acme/fleet/internal/platform/db"
	"github.com/acme/fleet/internal/platform/ids"
)

const scopeExtendRental = "rentals.extend"

// Tariff prices a rental.
type Tariff struct {
	DailyCents       int64
	IncludedKmPerDay int
	PerKmCents       int64
	PerFuelPctCents  int64
}

// DefaultTariff is used until per-class tariffs move to the database.
var DefaultTariff = Tariff{DailyCents: 4900, IncludedKmPerDay: 250, PerKmCents: 35, PerFuelPctCents: 90}

func (t Tariff) days(from, to time.Time) int64 {
	d := int64(to.Sub(from).Hours()+23) / 24
	if d < 1 {
		d = 1
	}
	return d
}

// Counter serves the rental desk: check-out, check-in and extensions.
type Counter struct {
	db           db.Ext
	tx           Tx
	reservations ReservationRepo
	rentals      RentalRepo
	vehicles     VehicleRepo
	charges      ChargeRepo
	keys         KeyRepo
	tasks        TaskEnqueuer
	log          *slog.Logger
	tariff       Tariff

	now      func() time.Time
	rentalID func(reservationID string) uuid.UUID
}

func NewCounter(q db.Ext, tx Tx, reservations ReservationRepo, rentals RentalRepo, vehicles VehicleRepo,
	charges ChargeRepo, keys KeyRepo, tasks TaskEnqueuer, log *slog.Logger) *Counter {
	return &Counter{
		db: q, tx: tx, reservations: reservations, rentals: rentals, vehicles: vehicles,
		charges: charges, keys: keys, tasks: tasks, log: log, tariff: DefaultTariff,
		now:      time.Now,
		rentalID: func(reservationID string) uuid.UUID { return ids.Derive("rental", reservationID) },
	}
}

type CheckoutInput struct {
	ReservationID string
	Plate         string
	OdometerKm    int
	FuelPct       int
}

// Checkout hands a vehicle over against a confirmed reservation.
func (c *Counter) Checkout(ctx context.Context, in CheckoutInput) (domain.Rental, error) {
	res, err := c.reservations.Get(ctx, c.db, in.ReservationID)
	if err != nil {
		return domain.Rental{}, err
	}
	switch res.Status {
	case domain.ReservationCancelled, domain.ReservationNoShow, domain.ReservationPendingDeposit:
		return domain.Rental{}, fmt.Errorf("%w: reservation is %s", domain.ErrInvalidState, res.Status)
	}
	veh, err := c.vehicles.GetByPlate(ctx, c.db, in.Plate)
	if err != nil {
		return domain.Rental{}, err
	}
	if veh.Status == domain.VehicleMaintenance {
		return domain.Rental{}, fmt.Errorf("%w: vehicle %s is held for maintenance", domain.ErrInvalidState, veh.Plate)
	}

	rental := domain.Rental{
		ID:            c.rentalID(res.ID),
		ReservationID: res.ID,
		CustomerID:    res.CustomerID,
		VehicleID:     veh.ID,
		Status:        domain.RentalOut,
		CheckedOutAt:  c.now(),
		DueAt:         res.ReturnAt,
		OdometerOut:   in.OdometerKm,
		FuelOut:       in.FuelPct,
	}
	err = c.tx.InTx(ctx, func(q db.Ext) error {
		if err := c.rentals.Insert(ctx, q, rental); err != nil {
			return err
		}
		if err := c.vehicles.MarkRented(ctx, q, veh.ID, in.OdometerKm, in.FuelPct); err != nil {
			return err
		}
		return c.reservations.SetStatus(ctx, q, res.ID, domain.ReservationPickedUp)
	})
	if err != nil {
		return domain.Rental{}, err
	}
	return rental, nil
}

type CheckinInput struct {
	RentalID   uuid.UUID
	OdometerKm int
	FuelPct    int
}

// Checkin closes a rental, puts the vehicle back on the lot and raises the
// closing charges, which the nightly settlement collects.
func (c *Counter) Checkin(ctx context.Context, in CheckinInput) (domain.Rental, error) {
	r, err := c.rentals.Get(ctx, c.db, in.RentalID)
	if err != nil {
		return domain.Rental{}, err
	}
	if r.Status == domain.RentalClosed {
		return r, nil
	}
	if in.OdometerKm < r.OdometerOut {
		return domain.Rental{}, fmt.Errorf("%w: odometer below check-out reading", domain.ErrInvalidInput)
	}

	now := c.now()
	closed, err := c.rentals.MarkCheckedIn(ctx, c.db, r.ID, in.OdometerKm, in.FuelPct, now)
	if err != nil {
		return domain.Rental{}, err
	}
	if !closed {
		return c.rentals.Get(ctx, c.db, r.ID)
	}
	if err := c.vehicles.Release(ctx, c.db, r.VehicleID, in.OdometerKm, in.FuelPct); err != nil {
		return domain.Rental{}, fmt.Errorf("release vehicle: %w", err)
	}
	for _, ch := range c.closingCharges(r, in, now) {
		if err := c.charges.Insert(ctx, c.db, ch); err != nil {
			return domain.Rental{}, fmt.Errorf("closing charge %s: %w", ch.Kind, err)
		}
	}

	err = c.tasks.Enqueue(ctx, domain.TaskRentalReceipt,
		domain.RentalReceiptPayload{RentalID: r.ID.String()},
		asynq.TaskID("receipt:"+r.ID.String()), asynq.ProcessIn(10*time.Minute), asynq.Queue("notices"))
	if err != nil {
		c.log.WarnContext(ctx, "scheduling receipt failed", "rental_id", r.ID, "err", err)
	}
	return c.rentals.Get(ctx, c.db, r.ID)
}

func (c *Counter) closingCharges(r domain.Rental, in CheckinInput, at time.Time) []domain.Charge {
	days := c.tariff.days(r.CheckedOutAt, at)
	// Telematics trip distance covers a mistyped or rolled-back desk reading.
	driven := max(in.OdometerKm-r.OdometerOut, r.KmDriven)
	amount := days * c.tariff.DailyCents
	if extra := driven - int(days)*c.tariff.IncludedKmPerDay; extra > 0 {
		amount += int64(extra) * c.tariff.PerKmCents
	}
	out := []domain.Charge{{
		ID:          ids.Derive("charge", r.ID.String(), domain.ChargeRentalFinal),
		RentalID:    r.ID,
		CustomerID:  r.CustomerID,
		Kind:        domain.ChargeRentalFinal,
		AmountCents: amount,
	}}
	if missing := r.FuelOut - in.FuelPct; missing > 0 {
		out = append(out, domain.Charge{
			ID:          ids.Derive("charge", r.ID.String(), domain.ChargeFuel),
			RentalID:    r.ID,
			CustomerID:  r.CustomerID,
			Kind:        domain.ChargeFuel,
			AmountCents: int64(missing) * c.tariff.PerFuelPctCents,
		})
	}
	return out
}

// ExtendInput moves a rental's due date.
type ExtendInput struct {
	RentalID       uuid.UUID
	IdempotencyKey string
	NewDueAt       time.Time
}

// Extend moves the due date of an open rental and adds the extension fee
// to its charges. Clients must send an Idempotency-Key; a repeated key
// returns the extension created the first time.
func (c *Counter) Extend(ctx context.Context, in ExtendInput) (domain.Extension, error) {
	if in.IdempotencyKey == "" {
		return domain.Extension{}, fmt.Errorf("%w: Idempotency-Key header is required", domain.ErrInvalidInput)
	}
	var (
		ext    domain.Extension
		replay []byte
	)
	err := c.tx.InTx(ctx, func(q db.Ext) error {
		fresh, err := c.keys.Reserve(ctx, q, scopeExtendRental, in.IdempotencyKey)
		if err != nil {
			return err
		}
		if !fresh {
			replay, err = c.keys.Response(ctx, q, scopeExtendRental, in.IdempotencyKey)
			return err
		}

		r, err := c.rentals.GetForUpdate(ctx, q, in.RentalID)
		if err != nil {
			return err
		}
		if r.Status != domain.RentalOut {
			return fmt.Errorf("%w: rental is %s", domain.ErrInvalidState, r.Status)
		}
		if !in.NewDueAt.After(r.DueAt) {
			return fmt.Errorf("%w: new due date must be later", domain.ErrInvalidInput)
		}
		ext = domain.Extension{
			ID:        uuid.New(),
			RentalID:  r.ID,
			OldDueAt:  r.DueAt,
			NewDueAt:  in.NewDueAt,
			FeeCents:  c.tariff.days(r.DueAt, in.NewDueAt) * c.tariff.DailyCents,
			CreatedAt: c.now(),
		}
		if err := c.rentals.SetDueAt(ctx, q, r.ID, ext.NewDueAt); err != nil {
			return err
		}
		if err := c.rentals.InsertExtension(ctx, q, ext); err != nil {
			return err
		}
		if err := c.charges.Insert(ctx, q, domain.Charge{
			ID:          uuid.New(),
			RentalID:    r.ID,
			CustomerID:  r.CustomerID,
			Kind:        domain.ChargeExtension,
			AmountCents: ext.FeeCents,
		}); err != nil {
			return err
		}
		return c.keys.Complete(ctx, q, scopeExtendRental, in.IdempotencyKey, ext.ID.String(), ext)
	})
	if err != nil {
		return domain.Extension{}, err
	}
	if replay != nil {
		if err := json.Unmarshal(replay, &ext); err != nil {
			return domain.Extension{}, err
		}
	}
	return ext, nil
}
