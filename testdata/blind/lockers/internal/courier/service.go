// Package courier implements the courier side of the network: reserving a
// compartment ahead of arrival, depositing the parcel, and giving a
// reservation back.
package courier

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/oklog/ulid/v2"

	"github.com/quayside/lockers/internal/domain"
	"github.com/quayside/lockers/internal/notify"
	"github.com/quayside/lockers/internal/pickupcode"
	"github.com/quayside/lockers/internal/store"
)

type ReserveInput struct {
	RequestID  string
	CourierID  string
	LockerID   string
	ShipmentID string
	Size       domain.Size
}

type Reservation struct {
	ReservationID string    `json:"reservation_id"`
	CompartmentID string    `json:"compartment_id"`
	Label         string    `json:"label"`
	ExpiresAt     time.Time `json:"expires_at"`
}

type DepositInput struct {
	ReservationID string
	CourierID     string
	Barcode       string
}

type Deposit struct {
	ParcelID       string
	PickupDeadline time.Time
}

// Service is the courier API.
type Service interface {
	Reserve(ctx context.Context, in ReserveInput) (Reservation, error)
	Deposit(ctx context.Context, in DepositInput) (Deposit, error)
	CancelReservation(ctx context.Context, reservationID, courierID, reason string) (domain.ReservationStatus, error)
}

type Settings struct {
	ReservationTTL time.Duration
	PickupWindow   time.Duration
}

type service struct {
	tx       store.TxRunner
	repos    store.Repos
	notifier notify.Notifier
	settings Settings
	now      func() time.Time
}

type Option func(*service)

func WithClock(now func() time.Time) Option { return func(s *service) { s.now = now } }

func NewService(tx store.TxRunner, repos store.Repos, notifier notify.Notifier, settings Settings, opts ...Option) Service {
	s := &service{tx: tx, repos: repos, notifier: notifier, settings: settings, now: time.Now}
	for _, o := range opts {
		o(s)
	}
	return s
}

func reserveScope(courierID string) string { return "courier.reserve:" + courierID }

func (s *service) Reserve(ctx context.Context, in ReserveInput) (Reservation, error) {
	if in.RequestID == "" || in.CourierID == "" || in.ShipmentID == "" {
		return Reservation{}, fmt.Errorf("%w: request_id, courier_id and shipment_id are required", domain.ErrInvalidArgument)
	}
	if !in.Size.Valid() {
		return Reservation{}, fmt.Errorf("%w: size %q", domain.ErrInvalidArgument, in.Size)
	}
	return store.InTx(ctx, s.tx, func(ctx context.Context, r store.Repos) (Reservation, error) {
		claimed, err := r.Keys.Claim(ctx, reserveScope(in.CourierID), in.RequestID)
		if err != nil {
			return Reservation{}, err
		}
		if !claimed {
			raw, err := r.Keys.Response(ctx, reserveScope(in.CourierID), in.RequestID)
			if err != nil {
				return Reservation{}, err
			}
			var prev Reservation
			if err := json.Unmarshal(raw, &prev); err != nil {
				return Reservation{}, fmt.Errorf("decode stored reservation: %w", err)
			}
			return prev, nil
		}

		sh, err := r.Shipments.Get(ctx, in.ShipmentID)
		if err != nil {
			return Reservation{}, err
		}
		if sh.LockerID != in.LockerID || sh.Status != domain.ShipmentAnnounced {
			return Reservation{}, domain.ErrInvalidState
		}
		comp, err := r.Compartments.LockFree(ctx, in.LockerID, in.Size)
		if err != nil {
			return Reservation{}, err
		}
		res := domain.Reservation{
			ID:            "rsv_" + ulid.Make().String(),
			CourierID:     in.CourierID,
			CompartmentID: comp.ID,
			ShipmentID:    sh.ID,
			ExpiresAt:     s.now().Add(s.settings.ReservationTTL).UTC(),
		}
		if err := r.Reservations.Insert(ctx, res); err != nil {
			return Reservation{}, err
		}
		if err := r.Compartments.SetStatus(ctx, comp.ID, domain.CompartmentReserved); err != nil {
			return Reservation{}, err
		}
		out := Reservation{
			ReservationID: res.ID,
			CompartmentID: comp.ID,
			Label:         comp.Label,
			ExpiresAt:     res.ExpiresAt,
		}
		if err := r.Keys.SaveResponse(ctx, reserveScope(in.CourierID), in.RequestID, out); err != nil {
			return Reservation{}, err
		}
		return out, nil
	})
}

func (s *service) Deposit(ctx context.Context, in DepositInput) (Deposit, error) {
	res, err := s.repos.Reservations.Get(ctx, in.ReservationID)
	if err != nil {
		return Deposit{}, err
	}
	if res.CourierID != in.CourierID {
		return Deposit{}, domain.ErrForbidden
	}
	if res.Status == domain.ReservationCompleted {
		p, err := s.repos.Parcels.GetByReservation(ctx, res.ID)
		if err != nil {
			return Deposit{}, err
		}
		return Deposit{ParcelID: p.ID, PickupDeadline: p.PickupDeadline}, nil
	}
	if res.Status != domain.ReservationActive {
		return Deposit{}, domain.ErrInvalidState
	}

	sh, err := s.repos.Shipments.Get(ctx, res.ShipmentID)
	if err != nil {
		return Deposit{}, err
	}
	locker, err := s.repos.Lockers.Get(ctx, sh.LockerID)
	if err != nil {
		return Deposit{}, err
	}

	now := s.now().UTC()
	parcel := domain.Parcel{
		ID:             "pcl_" + res.ID[len("rsv_"):],
		ShipmentID:     sh.ID,
		ReservationID:  res.ID,
		CompartmentID:  res.CompartmentID,
		LockerID:       locker.ID,
		PartnerID:      sh.PartnerID,
		Barcode:        in.Barcode,
		PickupCode:     pickupcode.New(),
		DepositedAt:    now,
		PickupDeadline: now.Add(s.settings.PickupWindow),
	}

	err = s.notifier.PickupReady(ctx, notify.PickupReady{
		Phone:         sh.RecipientPhone,
		RecipientName: sh.RecipientName,
		LockerName:    locker.Name,
		Address:       locker.Address,
		Code:          parcel.PickupCode,
		Deadline:      parcel.PickupDeadline,
		Timezone:      locker.Timezone,
	})
	if err != nil {
		return Deposit{}, fmt.Errorf("notify recipient: %w", err)
	}

	err = s.tx.WithinTx(ctx, func(ctx context.Context, r store.Repos) error {
		ok, err := r.Reservations.Complete(ctx, res.ID)
		if err != nil {
			return err
		}
		if !ok {
			return domain.ErrInvalidState
		}
		if _, err := r.Parcels.InsertIfAbsent(ctx, parcel); err != nil {
			return err
		}
		if err := r.Compartments.SetStatus(ctx, res.CompartmentID, domain.CompartmentOccupied); err != nil {
			return err
		}
		_, err = r.Shipments.Transition(ctx, sh.ID, []domain.ShipmentStatus{domain.ShipmentAnnounced}, domain.ShipmentInLocker)
		return err
	})
	if err != nil {
		return Deposit{}, err
	}
	return Deposit{ParcelID: parcel.ID, PickupDeadline: parcel.PickupDeadline}, nil
}

func (s *service) CancelReservation(ctx context.Context, reservationID, courierID, reason string) (domain.ReservationStatus, error) {
	return store.InTx(ctx, s.tx, func(ctx context.Context, r store.Repos) (domain.ReservationStatus, error) {
		res, cancelled, err := r.Reservations.Cancel(ctx, reservationID, courierID)
		if errors.Is(err, domain.ErrNotFound) {
			return "", err
		}
		if err != nil {
			return "", err
		}
		if res.CourierID != courierID {
			return "", domain.ErrForbidden
		}
		if cancelled {
			if err := r.Compartments.SetStatus(ctx, res.CompartmentID, domain.CompartmentFree); err != nil {
				return "", err
			}
		}
		return res.Status, nil
	})
}
