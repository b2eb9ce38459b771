package store

import (
	"context"

	"github.com/google/uuid"

	"github.com/sendhome/remit/ent"
	"github.com/sendhome/remit/ent/compliancehold"
)

type ComplianceRepo interface {
	// PlaceHold opens a hold for (transfer, reason) unless one already exists.
	PlaceHold(ctx context.Context, transferID uuid.UUID, reason, placedBy, notes string) (*ent.ComplianceHold, error)
	GetHold(ctx context.Context, id uuid.UUID) (*ent.ComplianceHold, error)
	ResolveHold(ctx context.Context, id uuid.UUID, status compliancehold.Status, by string) error
	OpenHolds(ctx context.Context, transferID uuid.UUID) (int, error)
}

type complianceRepo struct{ c *ent.Client }

func NewComplianceRepo(c *ent.Client) ComplianceRepo { return &complianceRepo{c: c} }

func (r *complianceRepo) PlaceHold(ctx context.Context, transferID uuid.UUID, reason, placedBy, notes string) (*ent.ComplianceHold, error) {
	err := r.c.ComplianceHold.Create().
		SetTransferID(transferID).
		SetReason(reason).
		SetPlacedBy(placedBy).
		SetNotes(notes).
		OnConflictColumns(compliancehold.FieldTransferID, compliancehold.FieldReason).
		DoNothing().
		Exec(ctx)
	if err != nil && !conflicted(err) {
		return nil, wrap(err, "place hold")
	}
	h, err := r.c.ComplianceHold.Query().
		Where(compliancehold.TransferID(transferID), compliancehold.Reason(reason)).
		Only(ctx)
	return h, wrap(err, "load hold")
}

func (r *complianceRepo) GetHold(ctx context.Context, id uuid.UUID) (*ent.ComplianceHold, error) {
	h, err := r.c.ComplianceHold.Get(ctx, id)
	return h, wrap(err, "get hold")
}

func (r *complianceRepo) ResolveHold(ctx context.Context, id uuid.UUID, status compliancehold.Status, by string) error {
	return wrap(r.c.ComplianceHold.UpdateOneID(id).
		SetStatus(status).
		SetResolvedBy(by).
		Exec(ctx), "resolve hold")
}

func (r *complianceRepo) OpenHolds(ctx context.Context, transferID uuid.UUID) (int, error) {
	n, err := r.c.ComplianceHold.Query().
		Where(compliancehold.TransferID(transferID), compliancehold.StatusEQ(compliancehold.StatusOpen)).
		Count(ctx)
	return n, wrap(err, "count holds")
}
