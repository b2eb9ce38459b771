package store

import (
	"context"
	"time"

	"github.com/jmoiron/sqlx"

	"github.com/depotworks/depot/internal/domain"
	"github.com/depotworks/depot/internal/platform/db"
	"github.com/depotworks/depot/internal/queries"
)

// WebhookRepo stores merchant webhook endpoints and delivery logs.
type WebhookRepo struct {
	db *sqlx.DB
}

// UpsertEndpoint registers or refreshes a merchant endpoint.
func (r *WebhookRepo) UpsertEndpoint(ctx context.Context, e domain.WebhookEndpoint) (domain.WebhookEndpoint, error) {
	return db.Get[domain.WebhookEndpoint](ctx, r.db, queries.UpsertWebhookEndpoint,
		e.ID, e.MerchantID, e.URL, e.Secret, e.EventTypes, e.CreatedAt)
}

// ActiveEndpoints lists a merchant's active endpoints.
func (r *WebhookRepo) ActiveEndpoints(ctx context.Context, merchantID string) ([]domain.WebhookEndpoint, error) {
	return db.Select[domain.WebhookEndpoint](ctx, r.db, queries.ListActiveEndpoints, merchantID)
}

// RecordDelivery logs one delivery attempt.
func (r *WebhookRepo) RecordDelivery(ctx context.Context, eventID, endpointID string, status int, took time.Duration) error {
	_, err := db.Exec(ctx, r.db, queries.InsertWebhookDelivery, eventID, endpointID, status, took.Milliseconds())
	return err
}
