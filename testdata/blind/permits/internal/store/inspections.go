package store

import (
	"context"
	"fmt"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"github.com/civicworks/permits/internal/permits"
	"github.com/civicworks/permits/internal/shared/dbx"
)

// InspectionRepo persists inspections booked with the scheduling partner.
type InspectionRepo interface {
	Reserve(ctx context.Context, q dbx.Querier, in *permits.Inspection) (*permits.Inspection, bool, error)
	Get(ctx context.Context, q dbx.Querier, id uuid.UUID) (*permits.Inspection, error)
	GetByBooking(ctx context.Context, q dbx.Querier, bookingID string) (*permits.Inspection, error)
	AttachBooking(ctx context.Context, q dbx.Querier, id uuid.UUID, bookingID string) error
	MarkCancelled(ctx context.Context, q dbx.Querier, id uuid.UUID) error
	SetInspector(ctx context.Context, q dbx.Querier, bookingID, inspector string) error
	SetOutcome(ctx context.Context, q dbx.Querier, id uuid.UUID, status, outcome string) error
	ListStalePending(ctx context.Context, q dbx.Querier, olderThan time.Time, limit int) ([]permits.Inspection, error)
}

// InspectionResultRepo persists results recorded by staff.
type InspectionResultRepo interface {
	Insert(ctx context.Context, q dbx.Querier, r *permits.InspectionResult) error
}

// PartnerEventRepo remembers inspection partner webhook events.
type PartnerEventRepo interface {
	Record(ctx context.Context, q dbx.Querier, eventID string, inspectionID uuid.UUID, eventType string) (bool, error)
}

type inspectionRepo struct{}

// NewInspectionRepo returns the Postgres InspectionRepo.
func NewInspectionRepo() InspectionRepo { return inspectionRepo{} }

const inspectionColumns = `id, application_id, kind, slot_start, slot_minutes, coalesce(partner_booking_id, ''),
	coalesce(inspector_name, ''), status, coalesce(outcome, ''), requested_by, created_at, updated_at`

func scanInspection(row pgx.Row) (*permits.Inspection, error) {
	var in permits.Inspection
	if err := row.Scan(&in.ID, &in.ApplicationID, &in.Kind, &in.SlotStart, &in.SlotMinutes, &in.PartnerBookingID,
		&in.InspectorName, &in.Status, &in.Outcome, &in.RequestedBy, &in.CreatedAt, &in.UpdatedAt); err != nil {
		return nil, dbx.NotFound(err)
	}
	return &in, nil
}

// Reserve inserts a pending inspection unless the application already has an
// active one of the same kind; the stored row is returned either way, with
// created reporting which happened.
func (inspectionRepo) Reserve(ctx context.Context, q dbx.Querier, in *permits.Inspection) (*permits.Inspection, bool, error) {
	out, err := scanInspection(q.QueryRow(ctx, `
		INSERT INTO inspections (id, application_id, kind, slot_start, slot_minutes, requested_by)
		VALUES ($1, $2, $3, $4, $5, $6)
		ON CONFLICT (application_id, kind) WHERE status <> 'cancelled' DO NOTHING
		RETURNING `+inspectionColumns,
		in.ID, in.ApplicationID, in.Kind, in.SlotStart, in.SlotMinutes, in.RequestedBy))
	if err == nil {
		return out, true, nil
	}
	if err != dbx.ErrNotFound {
		return nil, false, fmt.Errorf("reserve inspection: %w", err)
	}
	existing, err := scanInspection(q.QueryRow(ctx, `
		SELECT `+inspectionColumns+` FROM inspections
		 WHERE application_id = $1 AND kind = $2 AND status <> 'cancelled'`, in.ApplicationID, in.Kind))
	if err != nil {
		return nil, false, err
	}
	return existing, false, nil
}

func (inspectionRepo) Get(ctx context.Context, q dbx.Querier, id uuid.UUID) (*permits.Inspection, error) {
	return scanInspection(q.QueryRow(ctx, `SELECT `+inspectionColumns+` FROM inspections WHERE id = $1`, id))
}

func (inspectionRepo) GetByBooking(ctx context.Context, q dbx.Querier, bookingID string) (*permits.Inspection, error) {
	return scanInspection(q.QueryRow(ctx, `SELECT `+inspectionColumns+` FROM inspections WHERE partner_booking_id = $1`, bookingID))
}

func (inspectionRepo) AttachBooking(ctx context.Context, q dbx.Querier, id uuid.UUID, bookingID string) error {
	_, err := q.Exec(ctx, `
		UPDATE inspections SET partner_booking_id = $2, status = 'booked', updated_at = now()
		 WHERE id = $1`, id, bookingID)
	if err != nil {
		return fmt.Errorf("attach booking: %w", err)
	}
	return nil
}

func (inspectionRepo) MarkCancelled(ctx context.Context, q dbx.Querier, id uuid.UUID) error {
	_, err := q.Exec(ctx, `
		UPDATE inspections SET status = 'cancelled', updated_at = now()
		 WHERE id = $1 AND status <> 'cancelled'`, id)
	if err != nil {
		return fmt.Errorf("cancel inspection: %w", err)
	}
	return nil
}

func (inspectionRepo) SetInspector(ctx context.Context, q dbx.Querier, bookingID, inspector string) error {
	_, err := q.Exec(ctx, `
		UPDATE inspections SET inspector_name = $2, updated_at = now()
		 WHERE partner_booking_id = $1`, bookingID, inspector)
	if err != nil {
		return fmt.Errorf("set inspector: %w", err)
	}
	return nil
}

func (inspectionRepo) SetOutcome(ctx context.Context, q dbx.Querier, id uuid.UUID, status, outcome string) error {
	_, err := q.Exec(ctx, `
		UPDATE inspections SET status = $2, outcome = $3, updated_at = now()
		 WHERE id = $1`, id, status, outcome)
	if err != nil {
		return fmt.Errorf("set inspection outcome: %w", err)
	}
	return nil
}

func (inspectionRepo) ListStalePending(ctx context.Context, q dbx.Querier, olderThan time.Time, limit int) ([]permits.Inspection, error) {
	rows, err := q.Query(ctx, `
		SELECT `+inspectionColumns+` FROM inspections
		 WHERE status = 'pending' AND partner_booking_id IS NULL AND created_at < $1
		 ORDER BY created_at LIMIT $2`, olderThan, limit)
	if err != nil {
		return nil, fmt.Errorf("list stale inspections: %w", err)
	}
	defer rows.Close()
	var out []permits.Inspection
	for rows.Next() {
		in, err := scanInspection(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, *in)
	}
	return out, rows.Err()
}

type inspectionResultRepo struct{}

// NewInspectionResultRepo returns the Postgres InspectionResultRepo.
func NewInspectionResultRepo() InspectionResultRepo { return inspectionResultRepo{} }

func (inspectionResultRepo) Insert(ctx context.Context, q dbx.Querier, r *permits.InspectionResult) error {
	deficiencies := r.Deficiencies
	if len(deficiencies) == 0 {
		deficiencies = []byte(`[]`)
	}
	err := q.QueryRow(ctx, `
		INSERT INTO inspection_results (id, inspection_id, outcome, notes, deficiencies, recorded_by)
		VALUES ($1, $2, $3, $4, $5, $6)
		RETURNING recorded_at`,
		r.ID, r.InspectionID, r.Outcome, r.Notes, deficiencies, r.RecordedBy).Scan(&r.RecordedAt)
	if err != nil {
		return fmt.Errorf("insert inspection result: %w", err)
	}
	return nil
}

type partnerEventRepo struct{}

// NewPartnerEventRepo returns the Postgres PartnerEventRepo.
func NewPartnerEventRepo() PartnerEventRepo { return partnerEventRepo{} }

func (partnerEventRepo) Record(ctx context.Context, q dbx.Querier, eventID string, inspectionID uuid.UUID, eventType string) (bool, error) {
	tag, err := q.Exec(ctx, `
		INSERT INTO inspection_partner_events (event_id, inspection_id, event_type)
		VALUES ($1, $2, $3)
		ON CONFLICT (event_id) DO NOTHING`, eventID, inspectionID, eventType)
	if err != nil {
		return false, fmt.Errorf("record partner event: %w", err)
	}
	return tag.RowsAffected() == 1, nil
}
