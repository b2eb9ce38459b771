package postgres

import (
	"context"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"github.com/forkandfeast/catering/internal/core/domain"
)

type MessageRepo struct{ db *DB }

func NewMessageRepo(db *DB) *MessageRepo { return &MessageRepo{db: db} }

func (r *MessageRepo) ListGuests(ctx context.Context, eventID uuid.UUID) ([]domain.Guest, error) {
	rows, err := r.db.q(ctx).Query(ctx, `
		SELECT g.id, g.event_id, g.name, g.phone, COALESCE(g.email, ''),
		       g.opted_out OR EXISTS (SELECT 1 FROM sms_opt_outs o WHERE o.phone = g.phone)
		  FROM guests g WHERE g.event_id = $1 ORDER BY g.name`, eventID)
	if err != nil {
		return nil, mapErr(err)
	}
	return collect(rows, func(row pgx.Row) (domain.Guest, error) {
		var g domain.Guest
		err := row.Scan(&g.ID, &g.EventID, &g.Name, &g.Phone, &g.Email, &g.OptedOut)
		return g, err
	})
}

func scanMessage(row pgx.Row) (domain.SMSMessage, error) {
	var (
		m      domain.SMSMessage
		status string
	)
	err := row.Scan(&m.ID, &m.BatchID, &m.EventID, &m.GuestID, &m.Template, &m.To, &m.Body, &status, &m.ProviderMessageID)
	m.Status = domain.SMSStatus(status)
	return m, err
}

func (r *MessageRepo) ClaimMessage(ctx context.Context, m domain.SMSMessage) (domain.SMSMessage, error) {
	q := r.db.q(ctx)
	if _, err := q.Exec(ctx, `
		INSERT INTO sms_messages (id, batch_id, event_id, guest_id, template, to_phone, body, status)
		VALUES ($1, $2, $3, $4, $5, $6, $7, 'queued')
		ON CONFLICT (batch_id, guest_id) DO NOTHING`,
		m.ID, m.BatchID, m.EventID, m.GuestID, m.Template, m.To, m.Body); err != nil {
		return domain.SMSMessage{}, mapErr(err)
	}
	stored, err := scanMessage(q.QueryRow(ctx, `
		SELECT id, batch_id, event_id, guest_id, template, to_phone, body, status, COALESCE(provider_message_id, '')
		  FROM sms_messages WHERE batch_id = $1 AND guest_id = $2`, m.BatchID, m.GuestID))
	return stored, mapErr(err)
}

func (r *MessageRepo) MarkSent(ctx context.Context, id, providerMessageID string, at time.Time) error {
	_, err := r.db.q(ctx).Exec(ctx, `
		UPDATE sms_messages
		   SET status = 'sent', provider_message_id = $2, sent_at = $3
		 WHERE id = $1 AND status = 'queued'`, id, providerMessageID, at)
	return mapErr(err)
}

func (r *MessageRepo) InsertReceipt(ctx context.Context, rc domain.DeliveryReceipt) error {
	_, err := r.db.q(ctx).Exec(ctx, `
		INSERT INTO sms_delivery_receipts (provider_message_id, status, error_code, occurred_at)
		VALUES ($1, $2, NULLIF($3, ''), $4)`,
		rc.ProviderMessageID, rc.Status, rc.ErrorCode, rc.OccurredAt)
	return mapErr(err)
}

func (r *MessageRepo) UpdateStatusByProviderID(ctx context.Context, providerMessageID string, status domain.SMSStatus) error {
	_, err := r.db.q(ctx).Exec(ctx, `
		UPDATE sms_messages SET status = $2
		 WHERE provider_message_id = $1 AND status <> 'delivered'`, providerMessageID, string(status))
	return mapErr(err)
}

func (r *MessageRepo) RecordOptOut(ctx context.Context, phone, keyword string) error {
	q := r.db.q(ctx)
	if _, err := q.Exec(ctx, `
		INSERT INTO sms_opt_outs (phone, keyword) VALUES ($1, $2)
		ON CONFLICT (phone) DO NOTHING`, phone, keyword); err != nil {
		return mapErr(err)
	}
	_, err := q.Exec(ctx, `UPDATE guests SET opted_out = true WHERE phone = $1`, phone)
	return mapErr(err)
}
