package pg

import (
	"context"

	"github.com/jmoiron/sqlx"

	"github.com/hollowpine-memorial/plotkeeper/internal/domain"
)

type EngravingOrders struct {
	store[domain.EngravingOrder]
}

func NewEngravingOrders(db *sqlx.DB) *EngravingOrders {
	return &EngravingOrders{newStore[domain.EngravingOrder](db, "engraving_orders")}
}

func (r *EngravingOrders) Insert(ctx context.Context, o domain.EngravingOrder) error {
	return r.insert(ctx, `
		INSERT INTO engraving_orders (id, plot_id, family_id, inscription, typeface, material, status, created_at, updated_at)
		VALUES (:id, :plot_id, :family_id, :inscription, :typeface, :material, :status, :created_at, :updated_at)`, o)
}

func (r *EngravingOrders) Get(ctx context.Context, id string) (domain.EngravingOrder, error) {
	return r.get(ctx, `
		SELECT id, plot_id, family_id, inscription, typeface, material, status, vendor_order_ref, created_at, updated_at
		FROM engraving_orders WHERE id = $1`, id)
}

func (r *EngravingOrders) InsertSubmission(ctx context.Context, orderID, vendorRef, proofURL string) error {
	_, err := r.exec(ctx, `
		INSERT INTO engraving_submissions (order_id, vendor_order_ref, proof_url)
		VALUES ($1, $2, NULLIF($3, ''))`, orderID, vendorRef, proofURL)
	return err
}

func (r *EngravingOrders) MarkSubmitted(ctx context.Context, id, vendorRef string) (bool, error) {
	n, err := r.exec(ctx, `
		UPDATE engraving_orders
		SET status = 'submitted', vendor_order_ref = $2, updated_at = now()
		WHERE id = $1 AND status = 'pending'`, id, vendorRef)
	return n == 1, err
}
