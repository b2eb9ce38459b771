package pg

import (
	"context"
	"fmt"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"github.com/northsound/ferrydesk/internal/domain"
	"github.com/northsound/ferrydesk/internal/store"
)

type sailings struct{ db Querier }

const sailingColumns = `id, vessel_id, origin_port, destination_port, departs_at, arrives_at, status,
	seats_remaining, lane_cm_remaining, manifest_status, manifest_version, cancel_reason`

func scanSailing(row pgx.Row) (domain.Sailing, error) {
	var s domain.Sailing
	err := row.Scan(&s.ID, &s.VesselID, &s.OriginPort, &s.DestinationPort, &s.DepartsAt, &s.ArrivesAt, &s.Status,
		&s.SeatsRemaining, &s.LaneCMRemaining, &s.ManifestStatus, &s.ManifestVersion, &s.CancelReason)
	return s, err
}

func (r sailings) Get(ctx context.Context, id uuid.UUID) (domain.Sailing, error) {
	s, err := scanSailing(r.db.QueryRow(ctx, `SELECT `+sailingColumns+` FROM sailings WHERE id = $1`, id))
	return s, translate(err, "get sailing")
}

func (r sailings) ReserveSeats(ctx context.Context, id uuid.UUID, seats int) error {
	ok, err := affected(r.db.Exec(ctx, `
		UPDATE sailings SET seats_remaining = seats_remaining - $2
		WHERE id = $1 AND status = 'scheduled' AND seats_remaining >= $2`, id, seats))
	if err != nil {
		return translate(err, "reserve seats")
	}
	if !ok {
		return fmt.Errorf("reserve %d seats on %s: %w", seats, id, store.ErrNoCapacity)
	}
	return nil
}

func (r sailings) ReserveLane(ctx context.Context, id uuid.UUID, cm int) error {
	ok, err := affected(r.db.Exec(ctx, `
		UPDATE sailings SET lane_cm_remaining = lane_cm_remaining - $2
		WHERE id = $1 AND status = 'scheduled' AND lane_cm_remaining >= $2`, id, cm))
	if err != nil {
		return translate(err, "reserve lane")
	}
	if !ok {
		return fmt.Errorf("reserve %dcm of lane on %s: %w", cm, id, store.ErrNoCapacity)
	}
	return nil
}

func (r sailings) ReleaseCapacity(ctx context.Context, id uuid.UUID, seats, laneCM int) error {
	_, err := r.db.Exec(ctx, `
		UPDATE sailings
		SET seats_remaining = seats_remaining + $2, lane_cm_remaining = lane_cm_remaining + $3
		WHERE id = $1`, id, seats, laneCM)
	return translate(err, "release capacity")
}

func (r sailings) Cancel(ctx context.Context, id uuid.UUID, reason string, at time.Time) (bool, error) {
	ok, err := affected(r.db.Exec(ctx, `
		UPDATE sailings SET status = 'cancelled', cancel_reason = $2, cancelled_at = $3
		WHERE id = $1 AND status IN ('scheduled', 'boarding')`, id, reason, at))
	return ok, translate(err, "cancel sailing")
}

func (r sailings) SetManifestSubmitted(ctx context.Context, id uuid.UUID, version int) error {
	_, err := r.db.Exec(ctx, `
		UPDATE sailings SET manifest_status = 'submitted', manifest_version = $2
		WHERE id = $1 AND manifest_version < $2`, id, version)
	return translate(err, "set manifest submitted")
}

func (r sailings) DueForManifest(ctx context.Context, before time.Time) ([]domain.Sailing, error) {
	rows, err := r.db.Query(ctx, `
		SELECT `+sailingColumns+` FROM sailings
		WHERE status = 'scheduled' AND manifest_status = 'pending' AND departs_at <= $1
		ORDER BY departs_at`, before)
	if err != nil {
		return nil, translate(err, "sailings due for manifest")
	}
	out, err := pgx.CollectRows(rows, func(row pgx.CollectableRow) (domain.Sailing, error) { return scanSailing(row) })
	return out, translate(err, "sailings due for manifest")
}
