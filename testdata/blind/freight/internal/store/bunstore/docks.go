package bunstore

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/uptrace/bun"

	"github.com/acme/freight/internal/domain"
)

type DockSlot struct {
	bun.BaseModel `bun:"table:dock_slots"`

	ID          string    `bun:"id,pk"`
	WarehouseID string    `bun:"warehouse_id"`
	Door        string    `bun:"door"`
	StartsAt    time.Time `bun:"starts_at"`
	EndsAt      time.Time `bun:"ends_at"`
	Capacity    int       `bun:"capacity"`
	Reserved    int       `bun:"reserved"`
}

type DockReservation struct {
	bun.BaseModel `bun:"table:dock_reservations"`

	ID         string    `bun:"id,pk"`
	SlotID     string    `bun:"slot_id"`
	ShipmentID string    `bun:"shipment_id,type:uuid"`
	Status     string    `bun:"status"`
	CreatedAt  time.Time `bun:"created_at"`
}

type DockCheckin struct {
	bun.BaseModel `bun:"table:dock_checkins"`

	ReservationID string    `bun:"reservation_id,pk"`
	Gate          string    `bun:"gate"`
	TrailerPlate  string    `bun:"trailer_plate"`
	ArrivedAt     time.Time `bun:"arrived_at"`
}

// Docks persists dock slots and reservations. Methods that take a bun.IDB can
// run on the DB or inside a caller's bun.Tx.
type Docks struct {
	db *bun.DB
}

func NewDocks(db *bun.DB) *Docks { return &Docks{db: db} }

func (r *Docks) DB() *bun.DB { return r.db }

func (r *Docks) LockSlot(ctx context.Context, db bun.IDB, slotID string) (*DockSlot, error) {
	var s DockSlot
	err := db.NewSelect().Model(&s).Where("id = ?", slotID).For("UPDATE").Scan(ctx)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, domain.ErrNotFound
	}
	return &s, err
}

func (r *Docks) InsertReservation(ctx context.Context, db bun.IDB, res *DockReservation) error {
	if _, err := db.NewInsert().Model(res).Exec(ctx); err != nil {
		return fmt.Errorf("insert dock reservation: %w", err)
	}
	return nil
}

// IncrementReserved takes one unit of capacity from the slot.
func (r *Docks) IncrementReserved(ctx context.Context, db bun.IDB, slotID string) error {
	res, err := db.NewUpdate().Model((*DockSlot)(nil)).
		Set("reserved = reserved + 1").
		Where("id = ?", slotID).
		Where("reserved < capacity").
		Exec(ctx)
	if err != nil {
		return fmt.Errorf("increment reserved: %w", err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return domain.ErrNoCapacity
	}
	return nil
}

// ReleaseForShipment releases every active reservation of the shipment and
// gives the capacity back, atomically. Running it twice is a no-op.
func (r *Docks) ReleaseForShipment(ctx context.Context, shipmentID string) error {
	return r.db.RunInTx(ctx, nil, func(ctx context.Context, tx bun.Tx) error {
		var released []DockReservation
		_, err := tx.NewUpdate().Model((*DockReservation)(nil)).
			Set("status = 'released'").
			Where("shipment_id = ?", shipmentID).
			Where("status = 'reserved'").
			Returning("id, slot_id").
			Exec(ctx, &released)
		if err != nil {
			return fmt.Errorf("release reservations: %w", err)
		}
		for _, res := range released {
			if _, err := tx.NewUpdate().Model((*DockSlot)(nil)).
				Set("reserved = reserved - 1").
				Where("id = ?", res.SlotID).
				Exec(ctx); err != nil {
				return fmt.Errorf("return capacity: %w", err)
			}
		}
		return nil
	})
}

// InsertCheckin records a gate check-in once per reservation.
func (r *Docks) InsertCheckin(ctx context.Context, db bun.IDB, c *DockCheckin) (bool, error) {
	res, err := db.NewInsert().Model(c).On("CONFLICT (reservation_id) DO NOTHING").Exec(ctx)
	if err != nil {
		return false, fmt.Errorf("insert checkin: %w", err)
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

func (r *Docks) SetReservationStatus(ctx context.Context, db bun.IDB, id, status string) error {
	_, err := db.NewUpdate().Model((*DockReservation)(nil)).
		Set("status = ?", status).
		Where("id = ?", id).
		Exec(ctx)
	return err
}
