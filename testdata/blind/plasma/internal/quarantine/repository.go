package quarantine

import (
	"context"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/veinline/plasmaops/internal/platform/apperr"
	"github.com/veinline/plasmaops/internal/platform/pgstore"
)

// Repository persists quarantine state and shipments.
type Repository interface {
	LockUnit(ctx context.Context, tx pgx.Tx, id string) (Unit, error)
	GetUnits(ctx context.Context, db pgstore.DBTX, ids []string) ([]Unit, error)
	Results(ctx context.Context, db pgstore.DBTX, unitID string) ([]TestOutcome, error)
	SetUnitStatus(ctx context.Context, db pgstore.DBTX, id, from, to, reason string) (bool, error)
	InsertRelease(ctx context.Context, db pgstore.DBTX, r Release) (bool, error)
	GetRelease(ctx context.Context, db pgstore.DBTX, unitID string) (Release, error)
	PermanentlyDefer(ctx context.Context, db pgstore.DBTX, donorID string, at time.Time) error
	DueForEvaluation(ctx context.Context, db pgstore.DBTX, now time.Time, limit int) ([]string, error)

	InsertShipment(ctx context.Context, db pgstore.DBTX, s Shipment) error
	InsertShipmentLines(ctx context.Context, db pgstore.DBTX, shipmentID string, lines []ShipmentLine) error
	LockShipment(ctx context.Context, tx pgx.Tx, id string) (Shipment, error)
	GetShipment(ctx context.Context, db pgstore.DBTX, id string) (Shipment, error)
	MarkDispatched(ctx context.Context, db pgstore.DBTX, id string, at time.Time) error
	ShipUnits(ctx context.Context, db pgstore.DBTX, shipmentID string) (int64, error)
	ManifestLines(ctx context.Context, db pgstore.DBTX, shipmentID string) ([]ManifestRow, error)
	MarkManifestSent(ctx context.Context, db pgstore.DBTX, id string, at time.Time) error
}

// ManifestRow is one unit as it appears on a manifest.
type ManifestRow struct {
	DIN         string
	CartonNo    int
	VolumeML    int
	CollectedAt time.Time
	ReleasedAt  time.Time
}

type pgRepository struct{}

// NewRepository returns the Postgres repository.
func NewRepository() Repository { return pgRepository{} }

const unitColumns = `id, din, donor_id, centre_id, volume_ml, collected_at, hold_until, status`

func scanUnit(row pgx.Row) (Unit, error) {
	var u Unit
	err := row.Scan(&u.ID, &u.DIN, &u.DonorID, &u.CentreID, &u.VolumeML, &u.CollectedAt, &u.HoldUntil, &u.Status)
	return u, err
}

func (pgRepository) LockUnit(ctx context.Context, tx pgx.Tx, id string) (Unit, error) {
	u, err := scanUnit(tx.QueryRow(ctx, `SELECT `+unitColumns+` FROM plasma_units WHERE id = $1 FOR UPDATE`, id))
	if pgstore.IsNoRows(err) {
		return Unit{}, apperr.NotFound("unit %s not found", id)
	}
	if err != nil {
		return Unit{}, fmt.Errorf("lock unit: %w", err)
	}
	return u, nil
}

func (pgRepository) GetUnits(ctx context.Context, db pgstore.DBTX, ids []string) ([]Unit, error) {
	rows, err := db.Query(ctx, `SELECT `+unitColumns+` FROM plasma_units WHERE id = ANY($1) ORDER BY din`, ids)
	if err != nil {
		return nil, fmt.Errorf("get units: %w", err)
	}
	return pgx.CollectRows(rows, func(r pgx.CollectableRow) (Unit, error) { return scanUnit(r) })
}

func (pgRepository) Results(ctx context.Context, db pgstore.DBTX, unitID string) ([]TestOutcome, error) {
	rows, err := db.Query(ctx, `
		SELECT r.test_code, r.outcome
		  FROM lab_results r
		  JOIN lab_samples s ON s.id = r.sample_id
		 WHERE s.unit_id = $1 AND s.status = 'resulted'`, unitID)
	if err != nil {
		return nil, fmt.Errorf("unit results: %w", err)
	}
	return pgx.CollectRows(rows, func(r pgx.CollectableRow) (TestOutcome, error) {
		var t TestOutcome
		err := r.Scan(&t.TestCode, &t.Outcome)
		return t, err
	})
}

// SetUnitStatus moves a unit from one status to another, reporting
// whether the unit was in the expected status.
func (pgRepository) SetUnitStatus(ctx context.Context, db pgstore.DBTX, id, from, to, reason string) (bool, error) {
	tag, err := db.Exec(ctx, `
		UPDATE plasma_units SET status = $3, status_reason = NULLIF($4, '')
		 WHERE id = $1 AND status = $2`, id, from, to, reason)
	if err != nil {
		return false, fmt.Errorf("set unit status: %w", err)
	}
	return tag.RowsAffected() == 1, nil
}

// InsertRelease records a release; a unit is released at most once.
func (pgRepository) InsertRelease(ctx context.Context, db pgstore.DBTX, r Release) (bool, error) {
	tag, err := db.Exec(ctx, `
		INSERT INTO quarantine_releases (id, unit_id, method, released_by, released_at, note)
		VALUES ($1, $2, $3, $4, $5, $6)
		ON CONFLICT (unit_id) DO NOTHING`,
		r.ID, r.UnitID, r.Method, r.ReleasedBy, r.ReleasedAt, r.Note)
	if err != nil {
		return false, fmt.Errorf("insert release: %w", err)
	}
	return tag.RowsAffected() == 1, nil
}

func (pgRepository) GetRelease(ctx context.Context, db pgstore.DBTX, unitID string) (Release, error) {
	var r Release
	err := db.QueryRow(ctx, `
		SELECT id, unit_id, method, released_by, released_at, note
		  FROM quarantine_releases WHERE unit_id = $1`, unitID,
	).Scan(&r.ID, &r.UnitID, &r.Method, &r.ReleasedBy, &r.ReleasedAt, &r.Note)
	if pgstore.IsNoRows(err) {
		return Release{}, apperr.NotFound("unit %s has no release", unitID)
	}
	if err != nil {
		return Release{}, fmt.Errorf("get release: %w", err)
	}
	return r, nil
}

func (pgRepository) PermanentlyDefer(ctx context.Context, db pgstore.DBTX, donorID string, at time.Time) error {
	_, err := db.Exec(ctx, `
		UPDATE donors SET status = 'permanently_deferred', updated_at = $2
		 WHERE id = $1 AND status <> 'permanently_deferred'`, donorID, at)
	if err != nil {
		return fmt.Errorf("defer donor: %w", err)
	}
	return nil
}

func (pgRepository) DueForEvaluation(ctx context.Context, db pgstore.DBTX, now time.Time, limit int) ([]string, error) {
	rows, err := db.Query(ctx, `
		SELECT u.id
		  FROM plasma_units u
		 WHERE u.status = 'quarantined' AND u.hold_until <= $1
		   AND EXISTS (SELECT 1 FROM lab_samples s WHERE s.unit_id = u.id AND s.status = 'resulted')
		 ORDER BY u.hold_until
		 LIMIT $2`, now, limit)
	if err != nil {
		return nil, fmt.Errorf("due units: %w", err)
	}
	return pgx.CollectRows(rows, pgx.RowTo[string])
}

func (pgRepository) InsertShipment(ctx context.Context, db pgstore.DBTX, s Shipment) error {
	_, err := db.Exec(ctx, `
		INSERT INTO shipments (id, centre_id, consignee, pickup_ref, pickup_window, status, carton_count, created_by, created_at)
		VALUES ($1, $2, $3, $4, tstzrange($5, $6), 'booked', $7, $8, $9)`,
		s.ID, s.CentreID, s.Consignee, s.PickupRef, s.PickupFrom, s.PickupTo, s.CartonCount, s.CreatedBy, s.CreatedAt)
	if err != nil {
		return fmt.Errorf("insert shipment: %w", err)
	}
	return nil
}

func (pgRepository) InsertShipmentLines(ctx context.Context, db pgstore.DBTX, shipmentID string, lines []ShipmentLine) error {
	for _, l := range lines {
		_, err := db.Exec(ctx, `
			INSERT INTO shipment_units (shipment_id, unit_id, carton_no) VALUES ($1, $2, $3)`,
			shipmentID, l.UnitID, l.CartonNo)
		if pgstore.IsUniqueViolation(err, "shipment_units_unit_key") {
			return apperr.Conflict("unit %s is already on a shipment", l.UnitID)
		}
		if err != nil {
			return fmt.Errorf("insert shipment line: %w", err)
		}
	}
	return nil
}

const shipmentColumns = `id, centre_id, consignee, pickup_ref, lower(pickup_window), upper(pickup_window), status,
	carton_count, created_by, created_at, dispatched_at, manifest_sent_at`

func scanShipment(row pgx.Row) (Shipment, error) {
	var s Shipment
	err := row.Scan(&s.ID, &s.CentreID, &s.Consignee, &s.PickupRef, &s.PickupFrom, &s.PickupTo, &s.Status,
		&s.CartonCount, &s.CreatedBy, &s.CreatedAt, &s.DispatchedAt, &s.ManifestSentAt)
	return s, err
}

func (pgRepository) LockShipment(ctx context.Context, tx pgx.Tx, id string) (Shipment, error) {
	s, err := scanShipment(tx.QueryRow(ctx, `SELECT `+shipmentColumns+` FROM shipments WHERE id = $1 FOR UPDATE`, id))
	if pgstore.IsNoRows(err) {
		return Shipment{}, apperr.NotFound("shipment %s not found", id)
	}
	if err != nil {
		return Shipment{}, fmt.Errorf("lock shipment: %w", err)
	}
	return s, nil
}

func (pgRepository) GetShipment(ctx context.Context, db pgstore.DBTX, id string) (Shipment, error) {
	s, err := scanShipment(db.QueryRow(ctx, `SELECT `+shipmentColumns+` FROM shipments WHERE id = $1`, id))
	if pgstore.IsNoRows(err) {
		return Shipment{}, apperr.NotFound("shipment %s not found", id)
	}
	if err != nil {
		return Shipment{}, fmt.Errorf("get shipment: %w", err)
	}
	return s, nil
}

func (pgRepository) MarkDispatched(ctx context.Context, db pgstore.DBTX, id string, at time.Time) error {
	_, err := db.Exec(ctx, `
		UPDATE shipments SET status = 'dispatched', dispatched_at = $2
		 WHERE id = $1 AND status = 'booked'`, id, at)
	if err != nil {
		return fmt.Errorf("mark dispatched: %w", err)
	}
	return nil
}

func (pgRepository) ShipUnits(ctx context.Context, db pgstore.DBTX, shipmentID string) (int64, error) {
	tag, err := db.Exec(ctx, `
		UPDATE plasma_units u SET status = 'shipped'
		  FROM shipment_units su
		 WHERE su.unit_id = u.id AND su.shipment_id = $1 AND u.status = 'released'`, shipmentID)
	if err != nil {
		return 0, fmt.Errorf("ship units: %w", err)
	}
	return tag.RowsAffected(), nil
}

func (pgRepository) ManifestLines(ctx context.Context, db pgstore.DBTX, shipmentID string) ([]ManifestRow, error) {
	rows, err := db.Query(ctx, `
		SELECT u.din, su.carton_no, u.volume_ml, u.collected_at, r.released_at
		  FROM shipment_units su
		  JOIN plasma_units u ON u.id = su.unit_id
		  JOIN quarantine_releases r ON r.unit_id = u.id
		 WHERE su.shipment_id = $1
		 ORDER BY su.carton_no, u.din`, shipmentID)
	if err != nil {
		return nil, fmt.Errorf("manifest lines: %w", err)
	}
	return pgx.CollectRows(rows, func(r pgx.CollectableRow) (ManifestRow, error) {
		var m ManifestRow
		err := r.Scan(&m.DIN, &m.CartonNo, &m.VolumeML, &m.CollectedAt, &m.ReleasedAt)
		return m, err
	})
}

func (pgRepository) MarkManifestSent(ctx context.Context, db pgstore.DBTX, id string, at time.Time) error {
	_, err := db.Exec(ctx, `
		UPDATE shipments SET manifest_sent_at = $2 WHERE id = $1 AND manifest_sent_at IS NULL`, id, at)
	if err != nil {
		return fmt.Errorf("mark manifest sent: %w", err)
	}
	return nil
}
