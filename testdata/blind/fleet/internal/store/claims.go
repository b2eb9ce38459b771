package store

import (
	"context"

	"github.com/acme/fleet/internal/domain"
	"github.com/acme/fleet/internal/platform/db"
)

type Claims struct{}

func NewClaims() *Claims { return &Claims{} }

func (Claims) Insert(ctx context.Context, q db.Ext, c domain.Claim) error {
	_, err := sqlxNamedExec(ctx, q, `
		INSERT INTO claims (id, rental_id, vehicle_id, incident_at, description, photo_urls, status, reported_by)
		VALUES (:id, :rental_id, :vehicle_id, :incident_at, :description, :photo_urls, :status, :reported_by)`, c)
	return err
}

func (Claims) Get(ctx context.Context, q db.Ext, id string) (domain.Claim, error) {
	var c domain.Claim
	err := q.GetContext(ctx, &c, `SELECT * FROM claims WHERE id = $1`, id)
	return c, notFound(err, "claim")
}

func (Claims) MarkFiled(ctx context.Context, q db.Ext, id, claimNo string) error {
	_, err := q.ExecContext(ctx, `
		UPDATE claims SET status = 'filed', insurer_claim_no = $2, filed_at = now() WHERE id = $1`, id, claimNo)
	return err
}

func (Claims) SetExcess(ctx context.Context, q db.Ext, id string, cents int64) error {
	_, err := q.ExecContext(ctx, `UPDATE claims SET excess_cents = $2 WHERE id = $1`, id, cents)
	return err
}
