package postgres

import (
	"context"

	"github.com/google/uuid"

	"github.com/velvetchair/salon/internal/core/domain"
	"github.com/velvetchair/salon/internal/core/ports"
)

type ClientRepo struct{}

func NewClientRepo() *ClientRepo { return &ClientRepo{} }

const clientCols = `id, email, phone, full_name, referred_by, card_customer_id, created_at`

// InsertIfAbsent inserts c unless a client with the same email exists.
func (r *ClientRepo) InsertIfAbsent(ctx context.Context, q ports.Querier, c *domain.Client) (bool, error) {
	res, err := sqlxNamedExec(ctx, q, `
		INSERT INTO clients (id, email, phone, full_name, referred_by)
		VALUES (:id, :email, :phone, :full_name, :referred_by)
		ON CONFLICT ((lower(email))) DO NOTHING`, c)
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

func (r *ClientRepo) Get(ctx context.Context, q ports.Querier, id uuid.UUID) (*domain.Client, error) {
	return get[domain.Client](ctx, q, `SELECT `+clientCols+` FROM clients WHERE id = $1`, id)
}

func (r *ClientRepo) GetByEmail(ctx context.Context, q ports.Querier, email string) (*domain.Client, error) {
	return get[domain.Client](ctx, q, `SELECT `+clientCols+` FROM clients WHERE lower(email) = lower($1)`, email)
}

func (r *ClientRepo) GetByPhone(ctx context.Context, q ports.Querier, phone string) (*domain.Client, error) {
	return get[domain.Client](ctx, q, `SELECT `+clientCols+` FROM clients WHERE phone = $1 ORDER BY created_at LIMIT 1`, phone)
}
