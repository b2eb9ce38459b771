// Package docking reserves and tracks warehouse dock-door slots.
package docking

import (
	"context"
	"fmt"
	"time"

	"github.com/uptrace/bun"

	"github.com/acme/freight/internal/domain"
	"github.com/acme/freight/internal/idgen"
	"github.com/acme/freight/internal/store/bunstore"
)

const (
	StatusReserved  = "reserved"
	StatusCheckedIn = "checked_in"
)

type Store interface {
	DB() *bun.DB
	LockSlot(ctx context.Context, db bun.IDB, slotID string) (*bunstore.DockSlot, error)
	InsertReservation(ctx context.Context, db bun.IDB, res *bunstore.DockReservation) error
	IncrementReserved(ctx context.Context, db bun.IDB, slotID string) error
	InsertCheckin(ctx context.Context, db bun.IDB, c *bunstore.DockCheckin) (bool, error)
	SetReservationStatus(ctx context.Context, db bun.IDB, id, status string) error
}

type Service struct {
	store Store
	newID func() string
	now   func() time.Time
}

func NewService(store Store) *Service {
	return &Service{store: store, newID: idgen.ULID, now: time.Now}
}

type ReserveCommand struct {
	SlotID     string `json:"slot_id"`
	ShipmentID string `json:"shipment_id"`
}

func (c ReserveCommand) Validate() error {
	if c.SlotID == "" || c.ShipmentID == "" {
		return fmt.Errorf("%w: slot_id and shipment_id are required", domain.ErrInvalid)
	}
	return nil
}

// Reserve books one unit of a slot's capacity for a shipment. The capacity
// check, the reservation and the capacity decrement commit together.
func (s *Service) Reserve(ctx context.Context, cmd ReserveCommand) (*domain.DockReservation, error) {
	var out *bunstore.DockReservation
	err := s.store.DB().RunInTx(ctx, nil, func(ctx context.Context, tx bun.Tx) error {
		slot, err := s.store.LockSlot(ctx, tx, cmd.SlotID)
		if err != nil {
			return err
		}
		if slot.Reserved >= slot.Capacity {
			return domain.ErrNoCapacity
		}
		res := &bunstore.DockReservation{
			ID:         s.newID(),
			SlotID:     slot.ID,
			ShipmentID: cmd.ShipmentID,
			Status:     StatusReserved,
			CreatedAt:  s.now().UTC(),
		}
		if err := s.store.InsertReservation(ctx, tx, res); err != nil {
			return err
		}
		if err := s.store.IncrementReserved(ctx, tx, slot.ID); err != nil {
			return err
		}
		out = res
		return nil
	})
	if err != nil {
		return nil, err
	}
	return toDomain(out), nil
}

// DockRequest is the queued form of a reservation request.
type DockRequest struct {
	WarehouseID string    `json:"warehouse_id"`
	SlotID      string    `json:"slot_id"`
	ShipmentID  string    `json:"shipment_id"`
	RequestedBy string    `json:"requested_by"`
	RequestedAt time.Time `json:"requested_at"`
}

// ReserveRequested handles a dock request that arrived through the queue.
func (s *Service) ReserveRequested(ctx context.Context, req DockRequest) (*domain.DockReservation, error) {
	db := s.store.DB()
	res := &bunstore.DockReservation{
		ID:         s.newID(),
		SlotID:     req.SlotID,
		ShipmentID: req.ShipmentID,
		Status:     StatusReserved,
		CreatedAt:  s.now().UTC(),
	}
	if err := s.store.InsertReservation(ctx, db, res); err != nil {
		return nil, err
	}
	if err := s.store.IncrementReserved(ctx, db, req.SlotID); err != nil {
		return nil, err
	}
	return toDomain(res), nil
}

// CheckIn is a trailer arriving at the gate for its reservation.
type CheckIn struct {
	ReservationID string    `json:"reservation_id"`
	Gate          string    `json:"gate"`
	TrailerPlate  string    `json:"trailer_plate"`
	ArrivedAt     time.Time `json:"arrived_at"`
}

// RecordCheckIn stores the gate check-in once per reservation and moves the
// reservation to checked_in in the same transaction.
func (s *Service) RecordCheckIn(ctx context.Context, c CheckIn) error {
	return s.store.DB().RunInTx(ctx, nil, func(ctx context.Context, tx bun.Tx) error {
		inserted, err := s.store.InsertCheckin(ctx, tx, &bunstore.DockCheckin{
			ReservationID: c.ReservationID,
			Gate:          c.Gate,
			TrailerPlate:  c.TrailerPlate,
			ArrivedAt:     c.ArrivedAt,
		})
		if err != nil || !inserted {
			return err
		}
		return s.store.SetReservationStatus(ctx, tx, c.ReservationID, StatusCheckedIn)
	})
}

func toDomain(r *bunstore.DockReservation) *domain.DockReservation {
	return &domain.DockReservation{
		ID:         r.ID,
		SlotID:     r.SlotID,
		ShipmentID: r.ShipmentID,
		Status:     r.Status,
		CreatedAt:  r.CreatedAt,
	}
}
