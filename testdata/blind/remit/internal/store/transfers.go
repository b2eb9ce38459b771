package store

import (
	"context"

	"github.com/google/uuid"

	"github.com/sendhome/remit/ent"
	"github.com/sendhome/remit/ent/transfer"
)

type TransferRepo interface {
	Get(ctx context.Context, id uuid.UUID) (*ent.Transfer, error)
	GetForCustomer(ctx context.Context, id uuid.UUID, customerID string) (*ent.Transfer, error)
	SetStatusFrom(ctx context.Context, id uuid.UUID, from []transfer.Status, to transfer.Status) (bool, error)
}

type transferRepo struct{ c *ent.Client }

func NewTransferRepo(c *ent.Client) TransferRepo { return &transferRepo{c: c} }

func (r *transferRepo) Get(ctx context.Context, id uuid.UUID) (*ent.Transfer, error) {
	t, err := r.c.Transfer.Get(ctx, id)
	return t, wrap(err, "get transfer")
}

func (r *transferRepo) GetForCustomer(ctx context.Context, id uuid.UUID, customerID string) (*ent.Transfer, error) {
	t, err := r.c.Transfer.Query().
		Where(transfer.ID(id), transfer.CustomerID(customerID)).
		Only(ctx)
	return t, wrap(err, "get transfer")
}

// SetStatusFrom moves the transfer to `to` only if it is currently in one of `from`.
func (r *transferRepo) SetStatusFrom(ctx context.Context, id uuid.UUID, from []transfer.Status, to transfer.Status) (bool, error) {
	n, err := r.c.Transfer.Update().
		Where(transfer.ID(id), transfer.StatusIn(from...)).
		SetStatus(to).
		Save(ctx)
	if err != nil {
		return false, wrap(err, "transition transfer")
	}
	return n == 1, nil
}
