package sqlxstore

import (
	"context"

	"github.com/google/uuid"
	"github.com/jmoiron/sqlx"

	"github.com/example/topup/internal/domain"
)

type Webhooks struct {
	endpoints Table[domain.WebhookEndpoint]
}

func NewWebhooks() *Webhooks {
	return &Webhooks{endpoints: NewTable[domain.WebhookEndpoint]("webhook_endpoints")}
}

func (r *Webhooks) ActiveEndpoints(ctx context.Context, q Queryer, resellerID uuid.UUID) ([]domain.WebhookEndpoint, error) {
	return r.endpoints.Where(ctx, q, "reseller_id = $1 AND active ORDER BY created_at", resellerID)
}

// LogDelivery appends to the delivery log shown in the reseller portal.
func (r *Webhooks) LogDelivery(ctx context.Context, q Queryer, d domain.WebhookDelivery) error {
	_, err := sqlx.NamedExecContext(ctx, q, `
		INSERT INTO webhook_deliveries (id, endpoint_id, event_id, event_type, status_code, error)
		VALUES (:id, :endpoint_id, :event_id, :event_type, :status_code, :error)`, d)
	return err
}
