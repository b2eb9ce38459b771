package storage

import (
	"context"
	"time"

	"github.com/harbourline/marina/internal/domain"
)

type ReservationRepository interface {
	LockBerth(ctx context.Context, berthID string) (*domain.Berth, error)
	CountOverlapping(ctx context.Context, berthID string, arrive, depart time.Time, excludeID string) (int, error)
	Insert(ctx context.Context, r *domain.Reservation) error
	Get(ctx context.Context, id string) (*domain.Reservation, error)
	GetForUpdate(ctx context.Context, id string) (*domain.Reservation, error)
	MarkConfirmed(ctx context.Context, id string) (bool, error)
	MarkCancelled(ctx context.Context, id, reason string) (bool, error)
	ExtendStay(ctx context.Context, id string, newDepart time.Time, addCents int64) error
	FindActiveByRegistration(ctx context.Context, registration string, on time.Time) (*domain.Reservation, error)
	MarkArrived(ctx context.Context, id string) (bool, error)
	DueForReminder(ctx context.Context, arriveOn time.Time, limit int) ([]domain.Reservation, error)
	ArrivingOn(ctx context.Context, day time.Time) ([]Arriving, error)
	SetReminderSent(ctx context.Context, id string) error
}

type reservationRepo struct{ q Querier }

const reservationCols = `id, berth_id, vessel_id, boater_id, arrive_on, depart_on, status,
	total_cents, deposit_cents, created_at, cancelled_at, COALESCE(cancel_reason, '')`

func scanReservation(row interface{ Scan(...any) error }) (*domain.Reservation, error) {
	var r domain.Reservation
	var status string
	if err := row.Scan(&r.ID, &r.BerthID, &r.VesselID, &r.BoaterID, &r.ArriveOn, &r.DepartOn,
		&status, &r.TotalCents, &r.DepositCents, &r.CreatedAt, &r.CancelledAt, &r.CancelReason); err != nil {
		return nil, notFound(err)
	}
	r.Status = domain.ReservationStatus(status)
	return &r, nil
}

func (r *reservationRepo) LockBerth(ctx context.Context, berthID string) (*domain.Berth, error) {
	var b domain.Berth
	err := r.q.QueryRow(ctx, `
		SELECT id, pier, length_m::float8, beam_m::float8, power_amps, nightly_rate_cents, seasonal_rate_cents
		FROM berths WHERE id = $1 AND active FOR UPDATE`, berthID).
		Scan(&b.ID, &b.Pier, &b.LengthM, &b.BeamM, &b.PowerAmps, &b.NightlyRateCents, &b.SeasonalRateCents)
	if err != nil {
		return nil, notFound(err)
	}
	return &b, nil
}

func (r *reservationRepo) CountOverlapping(ctx context.Context, berthID string, arrive, depart time.Time, excludeID string) (int, error) {
	var n int
	err := r.q.QueryRow(ctx, `
		SELECT count(*) FROM reservations
		WHERE berth_id = $1
		  AND status IN ('pending', 'confirmed', 'arrived')
		  AND arrive_on < $3 AND depart_on > $2
		  AND ($4 = '' OR id::text <> $4)`, berthID, arrive, depart, excludeID).Scan(&n)
	if err != nil {
		return 0, err
	}
	// Seasonal contracts hold the berth for the whole season.
	var s int
	err = r.q.QueryRow(ctx, `
		SELECT count(*) FROM seasonal_contracts
		WHERE berth_id = $1 AND status = 'active' AND starts_on < $3 AND ends_on > $2`,
		berthID, arrive, depart).Scan(&s)
	return n + s, err
}

func (r *reservationRepo) Insert(ctx context.Context, res *domain.Reservation) error {
	return r.q.QueryRow(ctx, `
		INSERT INTO reservations (id, berth_id, vessel_id, boater_id, arrive_on, depart_on, status, total_cents, deposit_cents)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
		RETURNING created_at`,
		res.ID, res.BerthID, res.VesselID, res.BoaterID, res.ArriveOn, res.DepartOn,
		string(res.Status), res.TotalCents, res.DepositCents).Scan(&res.CreatedAt)
}

func (r *reservationRepo) Get(ctx context.Context, id string) (*domain.Reservation, error) {
	return scanReservation(r.q.QueryRow(ctx, `SELECT `+reservationCols+` FROM reservations WHERE id = $1`, id))
}

func (r *reservationRepo) GetForUpdate(ctx context.Context, id string) (*domain.Reservation, error) {
	return scanReservation(r.q.QueryRow(ctx, `SELECT `+reservationCols+` FROM reservations WHERE id = $1 FOR UPDATE`, id))
}

func (r *reservationRepo) MarkConfirmed(ctx context.Context, id string) (bool, error) {
	tag, err := r.q.Exec(ctx, `
		UPDATE reservations SET status = 'confirmed', updated_at = now()
		WHERE id = $1 AND status = 'pending'`, id)
	if err != nil {
		return false, err
	}
	return tag.RowsAffected() == 1, nil
}

func (r *reservationRepo) MarkCancelled(ctx context.Context, id, reason string) (bool, error) {
	tag, err := r.q.Exec(ctx, `
		UPDATE reservations
		SET status = 'cancelled', cancelled_at = now(), cancel_reason = $2, updated_at = now()
		WHERE id = $1 AND status IN ('pending', 'confirmed')`, id, reason)
	if err != nil {
		return false, err
	}
	return tag.RowsAffected() == 1, nil
}

func (r *reservationRepo) ExtendStay(ctx context.Context, id string, newDepart time.Time, addCents int64) error {
	_, err := r.q.Exec(ctx, `
		UPDATE reservations
		SET depart_on = $2, total_cents = total_cents + $3, updated_at = now()
		WHERE id = $1`, id, newDepart, addCents)
	return err
}

func (r *reservationRepo) FindActiveByRegistration(ctx context.Context, registration string, on time.Time) (*domain.Reservation, error) {
	return scanReservation(r.q.QueryRow(ctx, `
		SELECT r.id, r.berth_id, r.vessel_id, r.boater_id, r.arrive_on, r.depart_on, r.status,
		       r.total_cents, r.deposit_cents, r.created_at, r.cancelled_at, COALESCE(r.cancel_reason, '')
		FROM reservations r
		JOIN vessels v ON v.id = r.vessel_id
		WHERE v.registration = $1
		  AND r.status IN ('confirmed', 'arrived')
		  AND r.arrive_on <= $2 AND r.depart_on > $2
		ORDER BY r.arrive_on DESC
		LIMIT 1`, registration, on))
}

func (r *reservationRepo) MarkArrived(ctx context.Context, id string) (bool, error) {
	tag, err := r.q.Exec(ctx, `
		UPDATE reservations SET status = 'arrived', updated_at = now()
		WHERE id = $1 AND status = 'confirmed'`, id)
	if err != nil {
		return false, err
	}
	return tag.RowsAffected() == 1, nil
}

func (r *reservationRepo) DueForReminder(ctx context.Context, arriveOn time.Time, limit int) ([]domain.Reservation, error) {
	rows, err := r.q.Query(ctx, `
		SELECT `+reservationCols+` FROM reservations
		WHERE arrive_on = $1 AND status = 'confirmed' AND reminder_sent_at IS NULL
		ORDER BY created_at
		LIMIT $2`, arriveOn, limit)
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
		out = append(out, *res)
	}
	return out, rows.Err()
}

func (r *reservationRepo) SetReminderSent(ctx context.Context, id string) error {
	_, err := r.q.Exec(ctx, `UPDATE reservations SET reminder_sent_at = now() WHERE id = $1`, id)
	return err
}

// Arriving is one line of the harbourmaster's arrivals list.
type Arriving struct {
	ReservationID string
	BerthID       string
	VesselName    string
	Registration  string
	LOAMetres     float64
}

func (r *reservationRepo) ArrivingOn(ctx context.Context, day time.Time) ([]Arriving, error) {
	rows, err := r.q.Query(ctx, `
		SELECT r.id, r.berth_id, v.name, v.registration, v.loa_m::float8
		FROM reservations r JOIN vessels v ON v.id = r.vessel_id
		WHERE r.arrive_on = $1 AND r.status = 'confirmed'
		ORDER BY r.berth_id`, day)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []Arriving
	for rows.Next() {
		var a Arriving
		if err := rows.Scan(&a.ReservationID, &a.BerthID, &a.VesselName, &a.Registration, &a.LOAMetres); err != nil {
			return nil, err
		}
		out = append(out, a)
	}
	return out, rows.Err()
}
