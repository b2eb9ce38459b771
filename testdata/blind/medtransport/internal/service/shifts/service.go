// Package shifts handles drivers' shift check-in and check-out from the
// driver app, and logs volunteer mileage for reimbursement.
package shifts

import (
	"context"
	"fmt"
	"time"

	"github.com/google/uuid"

	"github.com/carelift-health/nemt/internal/apperr"
	"github.com/carelift-health/nemt/internal/models"
	"github.com/carelift-health/nemt/internal/platform/database"
)

type ShiftStore interface {
	Open(ctx context.Context, s *models.Shift) (*models.Shift, error)
	GetForUpdate(ctx context.Context, id uuid.UUID) (*models.Shift, error)
	Close(ctx context.Context, id uuid.UUID, odometerEnd int, at time.Time) error
}

type MileageStore interface {
	Insert(ctx context.Context, m *models.MileageLog) error
}

type DriverReader interface {
	Get(ctx context.Context, id uuid.UUID) (*models.Driver, error)
}

type Options struct {
	MileageRateCents int
	Location         *time.Location
}

type Service struct {
	tx      database.Transactor
	shifts  ShiftStore
	mileage MileageStore
	drivers DriverReader
	opts    Options
	now     func() time.Time
}

func NewService(tx database.Transactor, shifts ShiftStore, mileage MileageStore, drivers DriverReader, opts Options) *Service {
	if opts.Location == nil {
		opts.Location = time.UTC
	}
	return &Service{tx: tx, shifts: shifts, mileage: mileage, drivers: drivers, opts: opts, now: time.Now}
}

type CheckInInput struct {
	DriverID  uuid.UUID
	VehicleID string
	Odometer  int
}

// CheckIn opens today's shift. Checking in twice returns the same shift.
func (s *Service) CheckIn(ctx context.Context, in CheckInInput) (*models.Shift, error) {
	driver, err := s.drivers.Get(ctx, in.DriverID)
	if err != nil {
		return nil, err
	}
	if !driver.Active {
		return nil, apperr.Forbidden("driver is not active")
	}
	now := s.now().In(s.opts.Location)
	day := time.Date(now.Year(), now.Month(), now.Day(), 0, 0, 0, 0, time.UTC)
	return s.shifts.Open(ctx, &models.Shift{
		ID:            uuid.New(),
		DriverID:      in.DriverID,
		ShiftDate:     day,
		VehicleID:     in.VehicleID,
		OdometerStart: in.Odometer,
		Status:        models.ShiftOpen,
		CheckedInAt:   now.UTC(),
	})
}

type CheckOutInput struct {
	DriverID uuid.UUID
	ShiftID  uuid.UUID
	Odometer int
}

// CheckOut closes the shift and, for volunteers, logs the mileage driven.
func (s *Service) CheckOut(ctx context.Context, in CheckOutInput) (*models.Shift, error) {
	var shift *models.Shift
	now := s.now().UTC()
	err := s.tx.WithinTx(ctx, func(ctx context.Context) error {
		sh, err := s.shifts.GetForUpdate(ctx, in.ShiftID)
		if err != nil {
			return err
		}
		switch {
		case sh.DriverID != in.DriverID:
			return apperr.Forbidden("shift belongs to another driver")
		case sh.Status == models.ShiftClosed:
			return apperr.Conflict("shift already checked out")
		case in.Odometer < sh.OdometerStart:
			return apperr.Invalid("odometer reading %d is below check-in reading %d", in.Odometer, sh.OdometerStart)
		}
		if err := s.shifts.Close(ctx, sh.ID, in.Odometer, now); err != nil {
			return fmt.Errorf("close shift: %w", err)
		}
		sh.Status, sh.OdometerEnd, sh.CheckedOutAt = models.ShiftClosed, &in.Odometer, &now
		shift = sh
		return nil
	})
	if err != nil {
		return nil, err
	}

	driver, err := s.drivers.Get(ctx, shift.DriverID)
	if err != nil {
		return nil, err
	}
	if driver.Kind != models.DriverVolunteer {
		return shift, nil
	}
	log := &models.MileageLog{
		ID:        uuid.New(),
		DriverID:  shift.DriverID,
		ShiftID:   shift.ID,
		Miles:     in.Odometer - shift.OdometerStart,
		RateCents: s.opts.MileageRateCents,
	}
	if err := s.mileage.Insert(ctx, log); err != nil {
		return nil, fmt.Errorf("log mileage: %w", err)
	}
	return shift, nil
}
