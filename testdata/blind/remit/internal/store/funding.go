package store

import (
	"context"

	"github.com/google/uuid"

	"github.com/sendhome/remit/ent"
	"github.com/sendhome/remit/ent/fundingintent"
)

type FundingRepo interface {
	// Ensure creates the funding intent for (transfer, method) with the given
	// ID if none exists and returns the stored intent.
	Ensure(ctx context.Context, id, transferID uuid.UUID, method fundingintent.Method, amount int64, currency string) (*ent.FundingIntent, error)
	MarkSubmitted(ctx context.Context, id uuid.UUID, providerRef string) error
	MarkFailed(ctx context.Context, id uuid.UUID, code string) error
	Succeeded(ctx context.Context, transferID uuid.UUID) (*ent.FundingIntent, error)
}

type fundingRepo struct{ c *ent.Client }

func NewFundingRepo(c *ent.Client) FundingRepo { return &fundingRepo{c: c} }

func (r *fundingRepo) Ensure(ctx context.Context, id, transferID uuid.UUID, method fundingintent.Method, amount int64, currency string) (*ent.FundingIntent, error) {
	err := r.c.FundingIntent.Create().
		SetID(id).
		SetTransferID(transferID).
		SetMethod(method).
		SetAmount(amount).
		SetCurrency(currency).
		OnConflictColumns(fundingintent.FieldTransferID, fundingintent.FieldMethod).
		DoNothing().
		Exec(ctx)
	if err != nil && !conflicted(err) {
		return nil, wrap(err, "ensure funding intent")
	}
	fi, err := r.c.FundingIntent.Query().
		Where(fundingintent.TransferID(transferID), fundingintent.MethodEQ(method)).
		Only(ctx)
	return fi, wrap(err, "load funding intent")
}

func (r *fundingRepo) MarkSubmitted(ctx context.Context, id uuid.UUID, providerRef string) error {
	return wrap(r.c.FundingIntent.UpdateOneID(id).
		SetStatus(fundingintent.StatusSubmitted).
		SetProviderRef(providerRef).
		Exec(ctx), "mark funding submitted")
}

func (r *fundingRepo) MarkFailed(ctx context.Context, id uuid.UUID, code string) error {
	return wrap(r.c.FundingIntent.UpdateOneID(id).
		SetStatus(fundingintent.StatusFailed).
		SetFailureCode(code).
		Exec(ctx), "mark funding failed")
}

func (r *fundingRepo) Succeeded(ctx context.Context, transferID uuid.UUID) (*ent.FundingIntent, error) {
	fi, err := r.c.FundingIntent.Query().
		Where(fundingintent.TransferID(transferID), fundingintent.StatusEQ(fundingintent.StatusSucceeded)).
		Only(ctx)
	return fi, wrap(err, "succeeded funding intent")
}
