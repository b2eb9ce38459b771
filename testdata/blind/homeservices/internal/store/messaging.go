package store

import (
	"context"

	"github.com/jmoiron/sqlx"

	"github.com/tradeloop/homeservices/internal/domain"
)

type notificationRepo struct{ x sqlx.ExtContext }

func (r *notificationRepo) InsertIgnore(ctx context.Context, n *domain.Notification) (bool, error) {
	c, err := execNamed(ctx, r.x, `
		INSERT INTO notifications (id, job_id, recipient, template, client_reference, status, created_at, updated_at)
		VALUES (:id, :job_id, :recipient, :template, :client_reference, :status, :created_at, :updated_at)
		ON CONFLICT ON CONSTRAINT notifications_client_reference_key DO NOTHING`, n)
	return c > 0, err
}

func (r *notificationRepo) ByClientReference(ctx context.Context, ref string) (*domain.Notification, error) {
	return getOne[domain.Notification](ctx, r.x, `
		SELECT id, job_id, recipient, template, client_reference, provider_message_id, status,
		       error_code, created_at, updated_at
		FROM notifications WHERE client_reference = $1`, ref)
}

func (r *notificationRepo) MarkSent(ctx context.Context, id, providerMessageID string) error {
	_, err := exec(ctx, r.x, `
		UPDATE notifications SET status = 'sent', provider_message_id = $2, updated_at = now()
		WHERE id = $1 AND status = 'queued'`, id, providerMessageID)
	return err
}

// UpdateDelivery applies a delivery receipt. Receipts can arrive out of
// order, so a final state is never overwritten by "sent".
func (r *notificationRepo) UpdateDelivery(ctx context.Context, providerMessageID, status string, errorCode *string) (bool, error) {
	n, err := exec(ctx, r.x, `
		UPDATE notifications SET status = $2, error_code = $3, updated_at = now()
		WHERE provider_message_id = $1
		  AND NOT (status IN ('delivered', 'failed') AND $2 = 'sent')`, providerMessageID, status, errorCode)
	return n > 0, err
}

type inboundSMSRepo struct{ x sqlx.ExtContext }

func (r *inboundSMSRepo) InsertIgnore(ctx context.Context, m *domain.InboundSMS) (bool, error) {
	n, err := execNamed(ctx, r.x, `
		INSERT INTO inbound_sms (provider_message_id, from_phone, to_phone, body, received_at)
		VALUES (:provider_message_id, :from_phone, :to_phone, :body, :received_at)
		ON CONFLICT (provider_message_id) DO NOTHING`, m)
	return n > 0, err
}
