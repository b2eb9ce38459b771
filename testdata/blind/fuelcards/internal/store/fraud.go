package store

import (
	"context"
	"errors"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"github.com/ridgeline-fleet/fuelcards/internal/domain"
)

const holdColumns = `id, card_id, reason, placed_by, placed_at, released_at, released_by`

func scanHold(row pgx.Row) (domain.FraudHold, error) {
	var h domain.FraudHold
	err := row.Scan(&h.ID, &h.CardID, &h.Reason, &h.PlacedBy, &h.PlacedAt, &h.ReleasedAt, &h.ReleasedBy)
	return h, err
}

// InsertActiveHold places a hold on a card. If the card already has an active
// hold, that hold is returned and created is false.
func (q *Queries) InsertActiveHold(ctx context.Context, h domain.FraudHold) (domain.FraudHold, bool, error) {
	got, err := scanHold(q.db.QueryRow(ctx, `
		INSERT INTO fraud_holds (id, card_id, reason, placed_by)
		VALUES ($1, $2, $3, $4)
		ON CONFLICT (card_id) WHERE released_at IS NULL DO NOTHING
		RETURNING `+holdColumns, h.ID, h.CardID, h.Reason, h.PlacedBy))
	if err == nil {
		return got, true, nil
	}
	if !errors.Is(err, pgx.ErrNoRows) {
		return domain.FraudHold{}, false, err
	}
	got, err = scanHold(q.db.QueryRow(ctx, `
		SELECT `+holdColumns+` FROM fraud_holds WHERE card_id = $1 AND released_at IS NULL`, h.CardID))
	return got, false, err
}

// HoldByID loads a hold.
func (q *Queries) HoldByID(ctx context.Context, id uuid.UUID) (domain.FraudHold, error) {
	h, err := scanHold(q.db.QueryRow(ctx, `SELECT `+holdColumns+` FROM fraud_holds WHERE id = $1`, id))
	return h, notFound(err, "fraud hold")
}

// ReleaseHold releases an active hold. It reports false when the hold was
// already released.
func (q *Queries) ReleaseHold(ctx context.Context, id uuid.UUID, by string) (bool, error) {
	tag, err := q.db.Exec(ctx, `
		UPDATE fraud_holds SET released_at = now(), released_by = $2
		WHERE id = $1 AND released_at IS NULL`, id, by)
	return tag.RowsAffected() == 1, err
}

// InsertFraudFlag records a velocity rule hit against an authorization.
func (q *Queries) InsertFraudFlag(ctx context.Context, f domain.FraudFlag) error {
	_, err := q.db.Exec(ctx, `
		INSERT INTO fraud_flags (network_auth_id, card_id, rule, score)
		VALUES ($1, $2, $3, $4)`, f.NetworkAuthID, f.CardID, f.Rule, f.Score)
	return err
}

// InsertAlert queues an SMS alert row and returns its id.
func (q *Queries) InsertAlert(ctx context.Context, a domain.SMSAlert) (int64, error) {
	var id int64
	err := q.db.QueryRow(ctx, `
		INSERT INTO sms_alerts (driver_id, card_id, template, phone_e164, body)
		VALUES ($1, $2, $3, $4, $5)
		RETURNING id`, a.DriverID, a.CardID, a.Template, a.PhoneE164, a.Body).Scan(&id)
	return id, err
}

// AlertByID loads an alert.
func (q *Queries) AlertByID(ctx context.Context, id int64) (domain.SMSAlert, error) {
	var a domain.SMSAlert
	err := q.db.QueryRow(ctx, `
		SELECT id, driver_id, card_id, template, phone_e164, body, status, provider_message_id
		FROM sms_alerts WHERE id = $1`, id).
		Scan(&a.ID, &a.DriverID, &a.CardID, &a.Template, &a.PhoneE164, &a.Body, &a.Status, &a.ProviderMessageID)
	return a, notFound(err, "sms alert")
}

// MarkAlertSent records the gateway's message id on a queued alert.
func (q *Queries) MarkAlertSent(ctx context.Context, id int64, providerMessageID string) (bool, error) {
	tag, err := q.db.Exec(ctx, `
		UPDATE sms_alerts SET status = 'sent', provider_message_id = $2, sent_at = now()
		WHERE id = $1 AND status = 'queued'`, id, providerMessageID)
	return tag.RowsAffected() == 1, err
}

// InsertSMSReceipt stores a delivery report.
func (q *Queries) InsertSMSReceipt(ctx context.Context, r domain.SMSReceipt) error {
	_, err := q.db.Exec(ctx, `
		INSERT INTO sms_receipts (provider_message_id, status, error_code, reported_at)
		VALUES ($1, $2, NULLIF($3, ''), $4)`, r.ProviderMessageID, r.Status, r.ErrorCode, r.ReportedAt)
	return err
}

// ApplyReceipt moves an alert to its delivered or failed state.
func (q *Queries) ApplyReceipt(ctx context.Context, providerMessageID string, status domain.AlertStatus, at time.Time) error {
	_, err := q.db.Exec(ctx, `
		UPDATE sms_alerts
		   SET status = $2,
		       delivered_at = CASE WHEN $2 = 'delivered' THEN $3 ELSE delivered_at END
		 WHERE provider_message_id = $1 AND status IN ('sent', 'delivered', 'failed')`,
		providerMessageID, status, at)
	return err
}
