package queries

import (
	"context"
	"time"

	"github.com/quillsign/esign/internal/domain"
)

const signerColumns = `id, envelope_id, name, email, phone, routing_order, status,
	notified_at, signed_at, signature_sha256, signed_ip`

// ListSigners returns the signers of an envelope in routing order.
func ListSigners(ctx context.Context, db DBTX, envelopeID string) ([]domain.Signer, error) {
	rows, err := db.Query(ctx,
		`SELECT `+signerColumns+` FROM signers WHERE envelope_id = $1 ORDER BY routing_order, id`,
		envelopeID)
	return collectAll[domain.Signer](rows, err)
}

// GetSigner loads one signer of an envelope.
func GetSigner(ctx context.Context, db DBTX, envelopeID, id string) (domain.Signer, error) {
	rows, err := db.Query(ctx,
		`SELECT `+signerColumns+` FROM signers WHERE id = $1 AND envelope_id = $2`, id, envelopeID)
	return collectOne[domain.Signer](rows, err)
}

// InsertSigners inserts the signers of a new envelope.
func InsertSigners(ctx context.Context, db DBTX, signers []domain.Signer) error {
	for _, s := range signers {
		if _, err := db.Exec(ctx, `
			INSERT INTO signers (id, envelope_id, name, email, phone, routing_order, status)
			VALUES ($1, $2, $3, $4, $5, $6, 'pending')`,
			s.ID, s.EnvelopeID, s.Name, s.Email, s.Phone, s.RoutingOrder); err != nil {
			return err
		}
	}
	return nil
}

// MarkSignerSigned records a signature. It reports whether the signer was
// still awaiting a signature.
func MarkSignerSigned(ctx context.Context, db DBTX, envelopeID, id, signatureSHA, ip string, now time.Time) (bool, error) {
	tag, err := db.Exec(ctx, `
		UPDATE signers SET status = 'signed', signed_at = $3, signature_sha256 = $4, signed_ip = $5
		 WHERE id = $1 AND envelope_id = $2 AND status IN ('pending', 'notified')`,
		id, envelopeID, now, signatureSHA, ip)
	if err != nil {
		return false, err
	}
	return tag.RowsAffected() == 1, nil
}

// MarkSignerNotified flags a pending signer as invited.
func MarkSignerNotified(ctx context.Context, db DBTX, id string, now time.Time) error {
	_, err := db.Exec(ctx,
		`UPDATE signers SET status = 'notified', notified_at = $2 WHERE id = $1 AND status = 'pending'`,
		id, now)
	return err
}

// CountUnsigned returns how many signers of the envelope have not signed.
func CountUnsigned(ctx context.Context, db DBTX, envelopeID string) (int, error) {
	var n int
	err := db.QueryRow(ctx,
		`SELECT count(*) FROM signers WHERE envelope_id = $1 AND status <> 'signed'`,
		envelopeID).Scan(&n)
	return n, err
}

// NextRoutingGroup returns the pending signers with the lowest routing order.
func NextRoutingGroup(ctx context.Context, db DBTX, envelopeID string) ([]domain.Signer, error) {
	rows, err := db.Query(ctx, `
		SELECT `+signerColumns+` FROM signers
		 WHERE envelope_id = $1 AND status = 'pending'
		   AND routing_order = (SELECT min(routing_order) FROM signers
		                         WHERE envelope_id = $1 AND status <> 'signed')`, envelopeID)
	return collectAll[domain.Signer](rows, err)
}

// AwaitingSigners returns signers who were invited but have not signed.
func AwaitingSigners(ctx context.Context, db DBTX, envelopeID string) ([]domain.Signer, error) {
	rows, err := db.Query(ctx,
		`SELECT `+signerColumns+` FROM signers WHERE envelope_id = $1 AND status = 'notified' ORDER BY id`,
		envelopeID)
	return collectAll[domain.Signer](rows, err)
}

// ReminderRow is a reminder delivered on one channel.
type ReminderRow struct {
	ID                string
	EnvelopeID        string
	SignerID          string
	Channel           string
	Ref               string
	ProviderMessageID string
	SentAt            time.Time
}

// InsertReminder records a delivered reminder; a second row for the same
// signer, channel and ref is ignored.
func InsertReminder(ctx context.Context, db DBTX, r ReminderRow) error {
	_, err := db.Exec(ctx, `
		INSERT INTO reminders (id, envelope_id, signer_id, channel, ref, provider_message_id, sent_at)
		VALUES ($1, $2, $3, $4, $5, NULLIF($6, ''), $7)
		ON CONFLICT (signer_id, channel, ref) DO NOTHING`,
		r.ID, r.EnvelopeID, r.SignerID, r.Channel, r.Ref, r.ProviderMessageID, r.SentAt)
	return err
}

// SetReminderDeliveryStatus copies a provider receipt onto the reminder.
func SetReminderDeliveryStatus(ctx context.Context, db DBTX, providerMessageID, status string) error {
	_, err := db.Exec(ctx,
		`UPDATE reminders SET delivery_status = $2 WHERE provider_message_id = $1`,
		providerMessageID, status)
	return err
}

// SignerAwaitingReminder reports whether the signer can still be reminded.
func SignerAwaitingReminder(ctx context.Context, db DBTX, envelopeID, signerID string) (bool, error) {
	var ok bool
	err := db.QueryRow(ctx, `
		SELECT EXISTS (
			SELECT 1 FROM signers s JOIN envelopes e ON e.id = s.envelope_id
			 WHERE s.id = $2 AND e.id = $1 AND e.status = 'sent' AND s.status = 'notified')`,
		envelopeID, signerID).Scan(&ok)
	return ok, err
}
