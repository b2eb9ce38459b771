package postgres

import (
	"context"
	"time"

	"github.com/google/uuid"

	"github.com/velvetchair/salon/internal/core/domain"
	"github.com/velvetchair/salon/internal/core/ports"
)

type MessageRepo struct{}

func NewMessageRepo() *MessageRepo { return &MessageRepo{} }

const messageCols = `id, client_id, channel, template, ref, recipient, body, status, provider_message_id,
	error_code, created_at, sent_at, delivered_at`

// Claim stores m unless a message with the same template and ref exists,
// and returns whichever row is stored.
func (r *MessageRepo) Claim(ctx context.Context, q ports.Querier, m *domain.Message) (*domain.Message, error) {
	var out domain.Message
	err := namedGet(ctx, q, &out, `
		WITH ins AS (
			INSERT INTO messages (id, client_id, channel, template, ref, recipient, body, status)
			VALUES (:id, :client_id, :channel, :template, :ref, :recipient, :body, :status)
			ON CONFLICT (template, ref) DO NOTHING
			RETURNING `+messageCols+`
		)
		SELECT `+messageCols+` FROM ins
		UNION ALL
		SELECT `+messageCols+` FROM messages WHERE template = :template AND ref = :ref
		LIMIT 1`, m)
	if err != nil {
		return nil, err
	}
	return &out, nil
}

func (r *MessageRepo) Get(ctx context.Context, q ports.Querier, id uuid.UUID) (*domain.Message, error) {
	return get[domain.Message](ctx, q, `SELECT `+messageCols+` FROM messages WHERE id = $1`, id)
}

func (r *MessageRepo) MarkSent(ctx context.Context, q ports.Querier, id uuid.UUID, providerMessageID string, at time.Time) error {
	_, err := q.ExecContext(ctx, `
		UPDATE messages SET status = 'sent', provider_message_id = $2, sent_at = $3
		 WHERE id = $1 AND status = 'queued'`, id, providerMessageID, at)
	return err
}

func (r *MessageRepo) MarkSuppressed(ctx context.Context, q ports.Querier, id uuid.UUID) error {
	_, err := q.ExecContext(ctx, `UPDATE messages SET status = 'suppressed' WHERE id = $1 AND status = 'queued'`, id)
	return err
}

// ApplyReceipt moves the message to the receipt's status.
func (r *MessageRepo) ApplyReceipt(ctx context.Context, q ports.Querier, rc *domain.DeliveryReceipt) error {
	_, err := q.ExecContext(ctx, `
		UPDATE messages
		   SET status = CASE $2 WHEN 'delivered' THEN 'delivered' WHEN 'failed' THEN 'failed' ELSE status END,
		       delivered_at = CASE WHEN $2 = 'delivered' THEN $3 ELSE delivered_at END,
		       error_code = COALESCE($4, error_code)
		 WHERE provider_message_id = $1`, rc.ProviderMessageID, rc.Status, rc.OccurredAt, rc.ErrorCode)
	return err
}

func (r *MessageRepo) InsertReceipt(ctx context.Context, q ports.Querier, rc *domain.DeliveryReceipt) error {
	_, err := sqlxNamedExec(ctx, q, `
		INSERT INTO message_receipts (provider_receipt_id, provider_message_id, status, error_code, occurred_at)
		VALUES (:provider_receipt_id, :provider_message_id, :status, :error_code, :occurred_at)`, rc)
	return err
}

func (r *MessageRepo) OptOut(ctx context.Context, q ports.Querier, phone, keyword string) error {
	_, err := q.ExecContext(ctx, `
		INSERT INTO sms_opt_outs (phone, keyword) VALUES ($1, $2)
		ON CONFLICT (phone) DO NOTHING`, phone, keyword)
	return err
}

func (r *MessageRepo) IsOptedOut(ctx context.Context, q ports.Querier, phone string) (bool, error) {
	var exists bool
	err := q.GetContext(ctx, &exists, `SELECT EXISTS (SELECT 1 FROM sms_opt_outs WHERE phone = $1)`, phone)
	return exists, err
}
