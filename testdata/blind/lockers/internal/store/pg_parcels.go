package store

import (
	"context"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/quayside/lockers/internal/domain"
)

type shipmentRepo struct{ db DBTX }

const shipmentCols = `id::text, partner_id, external_ref, locker_id, recipient_name, recipient_phone, size, status, created_at`

func scanShipment(row pgx.Row) (domain.Shipment, error) {
	var s domain.Shipment
	err := row.Scan(&s.ID, &s.PartnerID, &s.ExternalRef, &s.LockerID, &s.RecipientName, &s.RecipientPhone, &s.Size, &s.Status, &s.CreatedAt)
	return s, notFound(err)
}

func (r *shipmentRepo) InsertIfAbsent(ctx context.Context, s domain.Shipment) (bool, error) {
	tag, err := r.db.Exec(ctx, `
		INSERT INTO shipments (id, partner_id, external_ref, locker_id, recipient_name, recipient_phone, size, status)
		VALUES ($1, $2, $3, $4, $5, $6, $7, 'announced')
		ON CONFLICT (partner_id, external_ref) DO NOTHING`,
		s.ID, s.PartnerID, s.ExternalRef, s.LockerID, s.RecipientName, s.RecipientPhone, s.Size)
	if err != nil {
		return false, fmt.Errorf("insert shipment: %w", err)
	}
	return tag.RowsAffected() == 1, nil
}

func (r *shipmentRepo) GetByExternalRef(ctx context.Context, partnerID, externalRef string) (domain.Shipment, error) {
	return scanShipment(r.db.QueryRow(ctx, `SELECT `+shipmentCols+` FROM shipments WHERE partner_id = $1 AND external_ref = $2`, partnerID, externalRef))
}

func (r *shipmentRepo) Get(ctx context.Context, id string) (domain.Shipment, error) {
	return scanShipment(r.db.QueryRow(ctx, `SELECT `+shipmentCols+` FROM shipments WHERE id = $1`, id))
}

func (r *shipmentRepo) Transition(ctx context.Context, id string, from []domain.ShipmentStatus, to domain.ShipmentStatus) (bool, error) {
	fromStr := make([]string, len(from))
	for i, f := range from {
		fromStr[i] = string(f)
	}
	tag, err := r.db.Exec(ctx, `
		UPDATE shipments SET status = $3, updated_at = now()
		WHERE id = $1 AND status = ANY($2)`, id, fromStr, to)
	if err != nil {
		return false, err
	}
	return tag.RowsAffected() == 1, nil
}

type reservationRepo struct{ db DBTX }

const reservationCols = `id, courier_id, compartment_id, shipment_id::text, status, expires_at, created_at`

func scanReservation(row pgx.Row) (domain.Reservation, error) {
	var r domain.Reservation
	err := row.Scan(&r.ID, &r.CourierID, &r.CompartmentID, &r.ShipmentID, &r.Status, &r.ExpiresAt, &r.CreatedAt)
	return r, notFound(err)
}

func (r *reservationRepo) Insert(ctx context.Context, res domain.Reservation) error {
	_, err := r.db.Exec(ctx, `
		INSERT INTO reservations (id, courier_id, compartment_id, shipment_id, status, expires_at)
		VALUES ($1, $2, $3, $4, 'active', $5)`,
		res.ID, res.CourierID, res.CompartmentID, res.ShipmentID, res.ExpiresAt)
	return err
}

func (r *reservationRepo) Get(ctx context.Context, id string) (domain.Reservation, error) {
	return scanReservation(r.db.QueryRow(ctx, `SELECT `+reservationCols+` FROM reservations WHERE id = $1`, id))
}

func (r *reservationRepo) Complete(ctx context.Context, id string) (bool, error) {
	tag, err := r.db.Exec(ctx, `UPDATE reservations SET status = 'completed' WHERE id = $1 AND status = 'active'`, id)
	if err != nil {
		return false, err
	}
	return tag.RowsAffected() == 1, nil
}

func (r *reservationRepo) Cancel(ctx context.Context, id, courierID string) (domain.Reservation, bool, error) {
	res, err := scanReservation(r.db.QueryRow(ctx, `
		UPDATE reservations SET status = 'cancelled'
		WHERE id = $1 AND courier_id = $2 AND status = 'active'
		RETURNING `+reservationCols, id, courierID))
	if err == errNotFound {
		existing, gerr := r.Get(ctx, id)
		if gerr != nil {
			return domain.Reservation{}, false, gerr
		}
		return existing, false, nil
	}
	return res, err == nil, err
}

func (r *reservationRepo) ExpireDue(ctx context.Context, now time.Time, limit int) ([]domain.Reservation, error) {
	rows, err := r.db.Query(ctx, `
		UPDATE reservations SET status = 'expired'
		WHERE id IN (
			SELECT id FROM reservations
			WHERE status = 'active' AND expires_at < $1
			ORDER BY expires_at
			LIMIT $2
			FOR UPDATE SKIP LOCKED)
		RETURNING `+reservationCols, now, limit)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []domain.Reservation
	for rows.Next() {
		res, err := scanReservation(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, res)
	}
	return out, rows.Err()
}

type parcelRepo struct{ db DBTX }

const parcelCols = `id, shipment_id::text, reservation_id, compartment_id, locker_id, partner_id, barcode, status,
	pickup_code, deposited_at, door_confirmed_at, pickup_deadline, collected_at, billed_at`

func scanParcel(row pgx.Row) (domain.Parcel, error) {
	var p domain.Parcel
	err := row.Scan(&p.ID, &p.ShipmentID, &p.ReservationID, &p.CompartmentID, &p.LockerID, &p.PartnerID, &p.Barcode,
		&p.Status, &p.PickupCode, &p.DepositedAt, &p.DoorConfirmedAt, &p.PickupDeadline, &p.CollectedAt, &p.BilledAt)
	return p, notFound(err)
}

func scanParcels(rows pgx.Rows) ([]domain.Parcel, error) {
	defer rows.Close()
	var out []domain.Parcel
	for rows.Next() {
		p, err := scanParcel(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, p)
	}
	return out, rows.Err()
}

func (r *parcelRepo) InsertIfAbsent(ctx context.Context, p domain.Parcel) (bool, error) {
	tag, err := r.db.Exec(ctx, `
		INSERT INTO parcels (id, shipment_id, reservation_id, compartment_id, locker_id, partner_id, barcode,
			status, pickup_code, deposited_at, pickup_deadline)
		VALUES ($1, $2, $3, $4, $5, $6, $7, 'deposited', $8, $9, $10)
		ON CONFLICT (reservation_id) DO NOTHING`,
		p.ID, p.ShipmentID, p.ReservationID, p.CompartmentID, p.LockerID, p.PartnerID, p.Barcode,
		p.PickupCode, p.DepositedAt, p.PickupDeadline)
	if err != nil {
		return false, fmt.Errorf("insert parcel: %w", err)
	}
	return tag.RowsAffected() == 1, nil
}

func (r *parcelRepo) Get(ctx context.Context, id string) (domain.Parcel, error) {
	return scanParcel(r.db.QueryRow(ctx, `SELECT `+parcelCols+` FROM parcels WHERE id = $1`, id))
}

func (r *parcelRepo) GetByReservation(ctx context.Context, reservationID string) (domain.Parcel, error) {
	return scanParcel(r.db.QueryRow(ctx, `SELECT `+parcelCols+` FROM parcels WHERE reservation_id = $1`, reservationID))
}

func (r *parcelRepo) GetByCompartment(ctx context.Context, compartmentID string) (domain.Parcel, error) {
	return scanParcel(r.db.QueryRow(ctx, `
		SELECT `+parcelCols+` FROM parcels
		WHERE compartment_id = $1
		ORDER BY deposited_at DESC
		LIMIT 1`, compartmentID))
}

func (r *parcelRepo) ConfirmDoor(ctx context.Context, id string, at time.Time) error {
	_, err := r.db.Exec(ctx, `UPDATE parcels SET door_confirmed_at = COALESCE(door_confirmed_at, $2) WHERE id = $1`, id, at)
	return err
}

func (r *parcelRepo) MarkCollected(ctx context.Context, id string, at time.Time) (bool, error) {
	tag, err := r.db.Exec(ctx, `
		UPDATE parcels SET status = 'collected', collected_at = $2
		WHERE id = $1 AND status = 'deposited'`, id, at)
	if err != nil {
		return false, err
	}
	return tag.RowsAffected() == 1, nil
}

func (r *parcelRepo) ExtendDeadline(ctx context.Context, id string, days int) (time.Time, error) {
	var deadline time.Time
	err := r.db.QueryRow(ctx, `
		UPDATE parcels SET pickup_deadline = pickup_deadline + make_interval(days => $2)
		WHERE id = $1 AND status = 'deposited'
		RETURNING pickup_deadline`, id, days).Scan(&deadline)
	if err == pgx.ErrNoRows {
		return time.Time{}, domain.ErrInvalidState
	}
	return deadline, err
}

func (r *parcelRepo) ListOverdue(ctx context.Context, now time.Time, limit int) ([]domain.Parcel, error) {
	rows, err := r.db.Query(ctx, `
		SELECT `+parcelCols+` FROM parcels
		WHERE status = 'deposited' AND pickup_deadline < $1
		ORDER BY pickup_deadline
		LIMIT $2`, now, limit)
	if err != nil {
		return nil, err
	}
	return scanParcels(rows)
}

func (r *parcelRepo) MarkReturnPending(ctx context.Context, id string, at time.Time) (bool, error) {
	tag, err := r.db.Exec(ctx, `
		UPDATE parcels SET status = 'return_pending', return_marked_at = $2
		WHERE id = $1 AND status = 'deposited'`, id, at)
	if err != nil {
		return false, err
	}
	return tag.RowsAffected() == 1, nil
}

func (r *parcelRepo) ListUnbilled(ctx context.Context, limit int) ([]domain.Parcel, error) {
	rows, err := r.db.Query(ctx, `
		SELECT `+parcelCols+` FROM parcels
		WHERE status = 'collected' AND billed_at IS NULL
		ORDER BY collected_at
		LIMIT $1`, limit)
	if err != nil {
		return nil, err
	}
	return scanParcels(rows)
}

func (r *parcelRepo) MarkBilled(ctx context.Context, id string, at time.Time) error {
	_, err := r.db.Exec(ctx, `UPDATE parcels SET billed_at = $2 WHERE id = $1`, id, at)
	return err
}
