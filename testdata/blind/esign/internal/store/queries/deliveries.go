package queries

import (
	"context"
	"time"

	"github.com/quillsign/esign/internal/domain"
)

const endpointColumns = `id, account_id, url, secret, active, created_at, updated_at`

// UpsertEndpoint registers a webhook URL for an account. Registering the same
// URL again rotates the secret and reactivates it but keeps the endpoint id.
func UpsertEndpoint(ctx context.Context, db DBTX, ep domain.WebhookEndpoint) (domain.WebhookEndpoint, error) {
	rows, err := db.Query(ctx, `
		INSERT INTO webhook_endpoints (id, account_id, url, secret, active, created_at, updated_at)
		VALUES ($1, $2, $3, $4, true, $5, $5)
		ON CONFLICT (account_id, url) DO UPDATE
		   SET secret = EXCLUDED.secret, active = true, updated_at = EXCLUDED.updated_at
		RETURNING `+endpointColumns,
		ep.ID, ep.AccountID, ep.URL, ep.Secret, ep.CreatedAt)
	return collectOne[domain.WebhookEndpoint](rows, err)
}

// ListActiveEndpoints returns the account's active webhook endpoints.
func ListActiveEndpoints(ctx context.Context, db DBTX, accountID string) ([]domain.WebhookEndpoint, error) {
	rows, err := db.Query(ctx,
		`SELECT `+endpointColumns+` FROM webhook_endpoints WHERE account_id = $1 AND active ORDER BY id`,
		accountID)
	return collectAll[domain.WebhookEndpoint](rows, err)
}

// GetEndpoint loads a webhook endpoint by id.
func GetEndpoint(ctx context.Context, db DBTX, id string) (domain.WebhookEndpoint, error) {
	rows, err := db.Query(ctx, `SELECT `+endpointColumns+` FROM webhook_endpoints WHERE id = $1`, id)
	return collectOne[domain.WebhookEndpoint](rows, err)
}

// GetDelivery loads a delivery by id.
func GetDelivery(ctx context.Context, db DBTX, id string) (domain.Delivery, error) {
	rows, err := db.Query(ctx, `
		SELECT id, envelope_id, endpoint_id, status, attempts, delivered_at, created_at
		  FROM deliveries WHERE id = $1`, id)
	return collectOne[domain.Delivery](rows, err)
}

// BumpDeliveryAttempts increments the attempt counter.
func BumpDeliveryAttempts(ctx context.Context, db DBTX, id string) error {
	_, err := db.Exec(ctx, `UPDATE deliveries SET attempts = attempts + 1 WHERE id = $1`, id)
	return err
}

// MarkDeliveryDone moves a pending delivery to delivered or failed.
func MarkDeliveryDone(ctx context.Context, db DBTX, id, status string, now time.Time) error {
	_, err := db.Exec(ctx, `
		UPDATE deliveries SET status = $2, delivered_at = CASE WHEN $2 = 'delivered' THEN $3 END
		 WHERE id = $1 AND status = 'pending'`, id, status, now)
	return err
}
