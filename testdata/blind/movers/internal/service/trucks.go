package service

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/google/uuid"
	"gorm.io/gorm"

	"github.com/haulright/movers/internal/domain"
	"github.com/haulright/movers/internal/platform/ids"
	"github.com/haulright/movers/internal/platform/retryx"
	"github.com/haulright/movers/internal/provider/fleet"
	"github.com/haulright/movers/internal/repository"
)

type ReserveTruckInput struct {
	TruckClass  string
	PickupDepot string
	Days        int
	DriverName  string
	DriverPhone string
}

type TruckService interface {
	Reserve(ctx context.Context, bookingID uuid.UUID, in ReserveTruckInput) (*domain.TruckReservation, error)
	Extend(ctx context.Context, bookingID uuid.UUID, extraDays int) (*domain.TruckReservation, error)
}

type truckService struct {
	db       *gorm.DB
	fleet    fleet.Client
	trucks   repository.TruckRepository
	bookings repository.BookingRepository
	log      *slog.Logger
}

func NewTruckService(db *gorm.DB, fleetClient fleet.Client, trucks repository.TruckRepository, bookings repository.BookingRepository, log *slog.Logger) TruckService {
	return &truckService{db: db, fleet: fleetClient, trucks: trucks, bookings: bookings, log: log}
}

var truckClasses = map[string]bool{"cargo_van": true, "box_15": true, "box_20": true, "box_26": true}

func (s *truckService) Reserve(ctx context.Context, bookingID uuid.UUID, in ReserveTruckInput) (*domain.TruckReservation, error) {
	if !truckClasses[in.TruckClass] {
		return nil, invalid("unknown truck class %q", in.TruckClass)
	}
	if in.Days <= 0 {
		in.Days = 1
	}
	b, err := s.bookings.Get(ctx, bookingID)
	if err != nil {
		return nil, notFound(err, "booking")
	}
	if !b.Status.Active() {
		return nil, ErrBookingClosed
	}
	if existing, err := s.trucks.ActiveForBooking(ctx, b.ID); err == nil {
		if existing.TruckClass == in.TruckClass {
			return existing, nil
		}
		return nil, fmt.Errorf("%w: booking already has a %s reserved", ErrConflict, existing.TruckClass)
	} else if !errors.Is(err, repository.ErrNotFound) {
		return nil, err
	}

	pickup := time.Date(b.MoveDate.Year(), b.MoveDate.Month(), b.MoveDate.Day(), 7, 0, 0, 0, time.UTC)
	req := fleet.ReserveRequest{
		TruckClass:  in.TruckClass,
		PickupDepot: in.PickupDepot,
		PickupAt:    pickup,
		ReturnAt:    pickup.AddDate(0, 0, in.Days),
		DriverName:  in.DriverName,
		DriverPhone: in.DriverPhone,
		CostCenter:  "booking:" + b.ID.String(),
	}
	ref := ids.Short()
	res, err := retryx.Do(ctx, func(ctx context.Context) (*fleet.Reservation, error) {
		return s.fleet.Reserve(ctx, req, fleet.WithReservationRef(ref), fleet.WithNotes("HaulRight crew pickup"))
	}, retryx.Attempts(4), retryx.Delay(500*time.Millisecond))
	if err != nil {
		return nil, fmt.Errorf("reserve truck: %w", err)
	}

	now := time.Now().UTC()
	row := &domain.TruckReservation{
		ID:                   uuid.New(),
		BookingID:            b.ID,
		PartnerReservationID: res.ID,
		ReservationRef:       ref,
		TruckClass:           res.TruckClass,
		PickupAt:             res.PickupAt,
		ReturnAt:             res.ReturnAt,
		Days:                 in.Days,
		Status:               "reserved",
		CreatedAt:            now,
		UpdatedAt:            now,
	}
	if err := s.trucks.CreateReservation(ctx, row); err != nil {
		return nil, err
	}
	return row, nil
}

func (s *truckService) Extend(ctx context.Context, bookingID uuid.UUID, extraDays int) (*domain.TruckReservation, error) {
	if extraDays <= 0 || extraDays > 14 {
		return nil, invalid("extra days must be between 1 and 14")
	}
	res, err := s.trucks.ActiveForBooking(ctx, bookingID)
	if errors.Is(err, repository.ErrNotFound) {
		return nil, ErrNoTruckOnBooking
	}
	if err != nil {
		return nil, err
	}

	ext, err := s.fleet.Extend(ctx, res.PartnerReservationID, extraDays)
	if err != nil {
		return nil, fmt.Errorf("extend rental: %w", err)
	}

	err = s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		trucks := s.trucks.WithTx(tx)
		if err := trucks.ExtendReturn(ctx, res.ID, ext.ReturnAt, res.Days+ext.ExtraDays); err != nil {
			return err
		}
		return trucks.AddExtension(ctx, &domain.TruckExtension{
			ReservationID:      res.ID,
			PartnerExtensionID: &ext.ID,
			ExtraDays:          ext.ExtraDays,
			CreatedAt:          time.Now().UTC(),
		})
	})
	if err != nil {
		return nil, err
	}
	res.ReturnAt, res.Days = ext.ReturnAt, res.Days+ext.ExtraDays
	return res, nil
}
