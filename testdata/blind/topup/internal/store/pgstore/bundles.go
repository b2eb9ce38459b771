package pgstore

import (
	"context"

	"github.com/google/uuid"

	"github.com/example/topup/internal/domain"
)

type Bundles struct{}

func NewBundles() *Bundles { return &Bundles{} }

func (r *Bundles) GetBundle(ctx context.Context, q DBTX, code string) (*domain.Bundle, error) {
	var b domain.Bundle
	err := q.QueryRow(ctx, `
		SELECT code, operator, description, data_mb, validity_days, price_cents
		FROM bundles WHERE code = $1 AND active`, code).
		Scan(&b.Code, &b.Operator, &b.Description, &b.DataMB, &b.ValidityDays, &b.PriceCents)
	if err != nil {
		return nil, notFound(err)
	}
	return &b, nil
}

func (r *Bundles) InsertOrder(ctx context.Context, q DBTX, o *domain.BundleOrder) error {
	return q.QueryRow(ctx, `
		INSERT INTO bundle_orders (id, reference, customer_id, msisdn, bundle_code, price_cents, status)
		VALUES ($1, $2, $3, $4, $5, $6, $7)
		RETURNING created_at`,
		o.ID, o.Reference, o.CustomerID, o.MSISDN, o.BundleCode, o.PriceCents, o.Status).Scan(&o.CreatedAt)
}

func (r *Bundles) GetOrder(ctx context.Context, q DBTX, id uuid.UUID) (*domain.BundleOrder, error) {
	var o domain.BundleOrder
	err := q.QueryRow(ctx, `
		SELECT id, reference, customer_id, msisdn, bundle_code, price_cents, status, payment_intent_id, created_at
		FROM bundle_orders WHERE id = $1`, id).
		Scan(&o.ID, &o.Reference, &o.CustomerID, &o.MSISDN, &o.BundleCode, &o.PriceCents, &o.Status,
			&o.PaymentIntentID, &o.CreatedAt)
	if err != nil {
		return nil, notFound(err)
	}
	return &o, nil
}

func (r *Bundles) MarkOrderPaid(ctx context.Context, q DBTX, id uuid.UUID, pi string) error {
	_, err := q.Exec(ctx, `
		UPDATE bundle_orders SET status = 'paid', payment_intent_id = $2
		WHERE id = $1 AND status = 'created'`, id, pi)
	return err
}

func (r *Bundles) MarkOrderActive(ctx context.Context, q DBTX, id uuid.UUID) (bool, error) {
	tag, err := q.Exec(ctx, `
		UPDATE bundle_orders SET status = 'active', activated_at = now()
		WHERE id = $1 AND status = 'paid'`, id)
	if err != nil {
		return false, err
	}
	return tag.RowsAffected() == 1, nil
}
