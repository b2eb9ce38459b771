package repo

import (
	"context"
	"database/sql"

	"github.com/northwind/payables/internal/domain"
	"github.com/northwind/payables/internal/platform/database"
)

// TenantRepo reads tenant configuration.
type TenantRepo interface {
	Get(ctx context.Context, id string) (domain.Tenant, error)
}

type tenantRepo struct{ base }

// NewTenantRepo returns a TenantRepo.
func NewTenantRepo(db *sql.DB) TenantRepo { return &tenantRepo{base{db}} }

func (r *tenantRepo) Get(ctx context.Context, id string) (domain.Tenant, error) {
	var t domain.Tenant
	err := r.sel("id", "name", "erp_webhook_url", "erp_webhook_secret", "stripe_customer_id",
		"default_card_method", "ap_notify_email").
		From("tenants").Where("id = ?", id).
		QueryRowContext(ctx).
		Scan(&t.ID, &t.Name, &t.ERPWebhookURL, &t.ERPWebhookSecret, &t.StripeCustomerID,
			&t.DefaultCardMethod, &t.APNotifyEmail)
	return t, database.NotFound(err)
}
