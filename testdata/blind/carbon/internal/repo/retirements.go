package repo

import (
	"context"

	"github.com/google/uuid"

	"github.com/terravault/carbonreg/internal/db"
	"github.com/terravault/carbonreg/internal/domain"
)

type retirements struct {
	rows  db.Repository[domain.Retirement]
	certs db.Repository[domain.Certificate]
}

// NewRetirements returns the gorm backed Retirements repository.
func NewRetirements() Retirements { return &retirements{} }

func (r *retirements) Create(ctx context.Context, ret *domain.Retirement) error {
	return r.rows.Create(ctx, ret)
}

func (r *retirements) Get(ctx context.Context, id uuid.UUID) (*domain.Retirement, error) {
	return r.rows.Get(ctx, id)
}

func (r *retirements) Update(ctx context.Context, id uuid.UUID, cols map[string]any) error {
	cols["updated_at"] = now()
	return r.rows.Update(ctx, id, cols)
}

func (r *retirements) Transition(ctx context.Context, id uuid.UUID, from []string, to string, extra map[string]any) (bool, error) {
	cols := map[string]any{"status": to, "updated_at": now()}
	for k, v := range extra {
		cols[k] = v
	}
	n, err := r.rows.UpdateWhere(ctx, cols, "id = ? AND status IN ?", id, from)
	return n == 1, err
}

func (r *retirements) AddCertificate(ctx context.Context, c *domain.Certificate) error {
	return r.certs.Create(ctx, c)
}

type transfers struct {
	rows db.Repository[domain.Transfer]
}

// NewTransfers returns the gorm backed Transfers repository.
func NewTransfers() Transfers { return &transfers{} }

func (r *transfers) Create(ctx context.Context, t *domain.Transfer) error {
	return r.rows.Create(ctx, t)
}

func (r *transfers) Get(ctx context.Context, id uuid.UUID) (*domain.Transfer, error) {
	return r.rows.Get(ctx, id)
}

func (r *transfers) ByRequestKey(ctx context.Context, channel, key string) (*domain.Transfer, error) {
	return r.rows.FindOne(ctx, "channel = ? AND request_key = ?", channel, key)
}

func (r *transfers) Acknowledge(ctx context.Context, id uuid.UUID, registryRef string) (bool, error) {
	n, err := r.rows.UpdateWhere(ctx,
		map[string]any{"status": domain.TransferAcknowledged, "registry_ref": registryRef, "updated_at": now()},
		"id = ? AND status IN ?", id, []string{domain.TransferPending, domain.TransferNotified})
	return n == 1, err
}

func (r *transfers) MarkNotified(ctx context.Context, id uuid.UUID) error {
	_, err := r.rows.UpdateWhere(ctx,
		map[string]any{"status": domain.TransferNotified, "updated_at": now()},
		"id = ? AND status = ?", id, domain.TransferPending)
	return err
}

type exports struct {
	rows db.Repository[domain.Export]
}

// NewExports returns the gorm backed Exports repository.
func NewExports() Exports { return &exports{} }

func (r *exports) Create(ctx context.Context, e *domain.Export) error {
	return r.rows.Create(ctx, e)
}

func (r *exports) ByReference(ctx context.Context, ref string) (*domain.Export, error) {
	return r.rows.FindOne(ctx, "reference = ?", ref)
}

type webhookEndpoints struct {
	rows db.Repository[domain.WebhookEndpoint]
}

// NewWebhookEndpoints returns the gorm backed WebhookEndpoints repository.
func NewWebhookEndpoints() WebhookEndpoints { return &webhookEndpoints{} }

func (r *webhookEndpoints) Get(ctx context.Context, id uuid.UUID) (*domain.WebhookEndpoint, error) {
	return r.rows.Get(ctx, id)
}

func (r *webhookEndpoints) ActiveFor(ctx context.Context, account uuid.UUID) ([]domain.WebhookEndpoint, error) {
	return r.rows.List(ctx, "account_id = ? AND active", account)
}
