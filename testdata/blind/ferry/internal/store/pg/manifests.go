package pg

import (
	"context"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"github.com/northsound/ferrydesk/internal/domain"
)

type manifests struct{ db Querier }

func (r manifests) Lines(ctx context.Context, sailingID uuid.UUID) ([]domain.ManifestLine, []domain.ManifestVehicle, error) {
	rows, err := r.db.Query(ctx, `
		SELECT p.id, b.reference, p.full_name, p.date_of_birth, p.nationality, p.document_number
		FROM passengers p
		JOIN bookings b ON b.id = p.booking_id
		WHERE b.sailing_id = $1 AND b.status = 'confirmed'
		ORDER BY b.reference, p.full_name`, sailingID)
	if err != nil {
		return nil, nil, translate(err, "manifest passengers")
	}
	people, err := pgx.CollectRows(rows, func(row pgx.CollectableRow) (domain.ManifestLine, error) {
		var l domain.ManifestLine
		err := row.Scan(&l.PassengerID, &l.BookingRef, &l.FullName, &l.DateOfBirth, &l.Nationality, &l.DocumentNumber)
		return l, err
	})
	if err != nil {
		return nil, nil, translate(err, "manifest passengers")
	}

	rows, err = r.db.Query(ctx, `
		SELECT b.reference, v.registration, v.vehicle_type, v.length_cm
		FROM vehicle_reservations v
		JOIN bookings b ON b.id = v.booking_id
		WHERE v.sailing_id = $1 AND b.status = 'confirmed'
		ORDER BY b.reference, v.registration`, sailingID)
	if err != nil {
		return nil, nil, translate(err, "manifest vehicles")
	}
	vehicles, err := pgx.CollectRows(rows, func(row pgx.CollectableRow) (domain.ManifestVehicle, error) {
		var v domain.ManifestVehicle
		err := row.Scan(&v.BookingRef, &v.Registration, &v.VehicleType, &v.LengthCM)
		return v, err
	})
	return people, vehicles, translate(err, "manifest vehicles")
}

func (r manifests) RecordSubmission(ctx context.Context, s domain.ManifestSubmission) error {
	_, err := r.db.Exec(ctx, `
		INSERT INTO manifest_submissions (sailing_id, version, authority_reference, passenger_count, vehicle_count, submitted_at)
		VALUES ($1, $2, $3, $4, $5, $6)`,
		s.SailingID, s.Version, s.AuthorityReference, s.PassengerCount, s.VehicleCount, s.SubmittedAt)
	return translate(err, "record manifest submission")
}

func (r manifests) LatestSubmission(ctx context.Context, sailingID uuid.UUID) (domain.ManifestSubmission, error) {
	var s domain.ManifestSubmission
	err := r.db.QueryRow(ctx, `
		SELECT id, sailing_id, version, authority_reference, passenger_count, vehicle_count, submitted_at
		FROM manifest_submissions WHERE sailing_id = $1
		ORDER BY version DESC LIMIT 1`, sailingID).
		Scan(&s.ID, &s.SailingID, &s.Version, &s.AuthorityReference, &s.PassengerCount, &s.VehicleCount, &s.SubmittedAt)
	return s, translate(err, "latest manifest submission")
}

func (r manifests) RecordAmendment(ctx context.Context, a domain.ManifestAmendment) error {
	_, err := r.db.Exec(ctx, `
		INSERT INTO manifest_amendments (id, sailing_id, passenger_id, authority_reference, authority_amendment_id)
		VALUES ($1, $2, $3, $4, $5)`,
		a.ID, a.SailingID, a.PassengerID, a.AuthorityReference, a.AuthorityAmendmentID)
	return translate(err, "record manifest amendment")
}
