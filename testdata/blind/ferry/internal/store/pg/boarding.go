package pg

import (
	"context"
	"time"

	"github.com/google/uuid"

	"github.com/northsound/ferrydesk/internal/domain"
)

type boardingPasses struct{ db Querier }

func (r boardingPasses) RecordCheckin(ctx context.Context, passengerID, sailingID uuid.UUID, desk string, at time.Time) error {
	_, err := r.db.Exec(ctx, `
		INSERT INTO checkins (passenger_id, sailing_id, desk, checked_in_at)
		VALUES ($1, $2, $3, $4)`, passengerID, sailingID, desk, at)
	return translate(err, "record check-in")
}

// UpsertPass keeps the original pass id and barcode when the passenger is
// re-issued a pass for the same sailing, so anything already delivered stays
// valid.
func (r boardingPasses) UpsertPass(ctx context.Context, p *domain.BoardingPass) error {
	err := r.db.QueryRow(ctx, `
		INSERT INTO boarding_passes (id, passenger_id, sailing_id, booking_id, barcode, status)
		VALUES ($1, $2, $3, $4, $5, 'issued')
		ON CONFLICT (passenger_id, sailing_id) DO UPDATE
		SET status = CASE WHEN boarding_passes.status = 'void' THEN 'issued' ELSE boarding_passes.status END
		RETURNING id, barcode, status, sent_at, issued_at`,
		p.ID, p.PassengerID, p.SailingID, p.BookingID, p.Barcode).
		Scan(&p.ID, &p.Barcode, &p.Status, &p.SentAt, &p.IssuedAt)
	return translate(err, "upsert boarding pass")
}

func (r boardingPasses) Get(ctx context.Context, id uuid.UUID) (domain.BoardingPass, error) {
	var p domain.BoardingPass
	err := r.db.QueryRow(ctx, `
		SELECT id, passenger_id, sailing_id, booking_id, barcode, status, sent_at, issued_at
		FROM boarding_passes WHERE id = $1`, id).
		Scan(&p.ID, &p.PassengerID, &p.SailingID, &p.BookingID, &p.Barcode, &p.Status, &p.SentAt, &p.IssuedAt)
	return p, translate(err, "get boarding pass")
}

func (r boardingPasses) RecordDelivery(ctx context.Context, passID uuid.UUID, channel, providerMessageID string) error {
	_, err := r.db.Exec(ctx, `
		INSERT INTO boarding_pass_deliveries (boarding_pass_id, channel, provider_message_id)
		VALUES ($1, $2, $3)
		ON CONFLICT (boarding_pass_id, channel) DO NOTHING`, passID, channel, providerMessageID)
	return translate(err, "record boarding pass delivery")
}

func (r boardingPasses) MarkSent(ctx context.Context, passID uuid.UUID, at time.Time) error {
	_, err := r.db.Exec(ctx, `
		UPDATE boarding_passes SET status = 'sent', sent_at = $2
		WHERE id = $1 AND status = 'issued'`, passID, at)
	return translate(err, "mark boarding pass sent")
}
