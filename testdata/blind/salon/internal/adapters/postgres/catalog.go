package postgres

import (
	"context"

	"github.com/google/uuid"

	"github.com/velvetchair/salon/internal/core/domain"
	"github.com/velvetchair/salon/internal/core/ports"
)

type CatalogRepo struct{}

func NewCatalogRepo() *CatalogRepo { return &CatalogRepo{} }

func (r *CatalogRepo) GetService(ctx context.Context, q ports.Querier, id uuid.UUID) (*domain.SalonService, error) {
	return get[domain.SalonService](ctx, q, `
		SELECT id, salon_id, name, duration_minutes, price_cents, deposit_cents, no_show_fee_cents, active
		  FROM salon_services WHERE id = $1`, id)
}

func (r *CatalogRepo) GetStylist(ctx context.Context, q ports.Querier, id uuid.UUID) (*domain.Stylist, error) {
	return get[domain.Stylist](ctx, q, `
		SELECT id, salon_id, display_name, email, phone, is_freelance, commission_bps,
		       payout_account_id, active, created_at
		  FROM stylists WHERE id = $1`, id)
}

func (r *CatalogRepo) FreelanceStylists(ctx context.Context, q ports.Querier) ([]domain.Stylist, error) {
	return list[domain.Stylist](ctx, q, `
		SELECT id, salon_id, display_name, email, phone, is_freelance, commission_bps,
		       payout_account_id, active, created_at
		  FROM stylists WHERE is_freelance AND active AND payout_account_id IS NOT NULL
		 ORDER BY id`)
}

func (r *CatalogRepo) SalonSender(ctx context.Context, q ports.Querier, salonID uuid.UUID) (string, error) {
	var sender string
	err := q.GetContext(ctx, &sender, `SELECT sms_sender FROM salons WHERE id = $1`, salonID)
	return sender, notFound(err)
}
