package store

import (
	"context"

	"github.com/google/uuid"

	"github.com/sendhome/remit/ent"
	"github.com/sendhome/remit/ent/payout"
)

type PayoutRepo interface {
	Create(ctx context.Context, p *ent.Payout) (*ent.Payout, error)
	Get(ctx context.Context, id uuid.UUID) (*ent.Payout, error)
	ByPartnerRef(ctx context.Context, partner, ref string) (*ent.Payout, error)
	MarkSubmitted(ctx context.Context, id uuid.UUID, partner, partnerRef string) error
	MarkPaid(ctx context.Context, id uuid.UUID) error
	MarkFailed(ctx context.Context, id uuid.UUID, reason string) error
	LogAttempt(ctx context.Context, a *ent.PayoutAttempt) error
}

type payoutRepo struct{ c *ent.Client }

func NewPayoutRepo(c *ent.Client) PayoutRepo { return &payoutRepo{c: c} }

func (r *payoutRepo) Create(ctx context.Context, p *ent.Payout) (*ent.Payout, error) {
	out, err := r.c.Payout.Create().
		SetID(p.ID).
		SetTransferID(p.TransferID).
		SetPartner(p.Partner).
		SetMethod(p.Method).
		SetAmount(p.Amount).
		SetCurrency(p.Currency).
		Save(ctx)
	return out, wrap(err, "create payout")
}

func (r *payoutRepo) Get(ctx context.Context, id uuid.UUID) (*ent.Payout, error) {
	p, err := r.c.Payout.Get(ctx, id)
	return p, wrap(err, "get payout")
}

func (r *payoutRepo) ByPartnerRef(ctx context.Context, partner, ref string) (*ent.Payout, error) {
	p, err := r.c.Payout.Query().
		Where(payout.Partner(partner), payout.PartnerRef(ref)).
		Only(ctx)
	return p, wrap(err, "payout by partner ref")
}

func (r *payoutRepo) MarkSubmitted(ctx context.Context, id uuid.UUID, partner, partnerRef string) error {
	return wrap(r.c.Payout.UpdateOneID(id).
		SetStatus(payout.StatusSubmitted).
		SetPartner(partner).
		SetPartnerRef(partnerRef).
		AddAttempts(1).
		ClearLastError().
		Exec(ctx), "mark payout submitted")
}

func (r *payoutRepo) MarkPaid(ctx context.Context, id uuid.UUID) error {
	return wrap(r.c.Payout.UpdateOneID(id).SetStatus(payout.StatusPaid).Exec(ctx), "mark payout paid")
}

func (r *payoutRepo) MarkFailed(ctx context.Context, id uuid.UUID, reason string) error {
	return wrap(r.c.Payout.UpdateOneID(id).
		SetStatus(payout.StatusFailed).
		SetLastError(reason).
		AddAttempts(1).
		Exec(ctx), "mark payout failed")
}

// LogAttempt appends to the payout attempt log.
func (r *payoutRepo) LogAttempt(ctx context.Context, a *ent.PayoutAttempt) error {
	c := r.c.PayoutAttempt.Create().
		SetID(a.ID).
		SetPayoutID(a.PayoutID).
		SetPartner(a.Partner).
		SetOutcome(a.Outcome)
	if a.Error != "" {
		c.SetError(a.Error)
	}
	if a.HTTPStatus != 0 {
		c.SetHTTPStatus(a.HTTPStatus)
	}
	return wrap(c.Exec(ctx), "log payout attempt")
}
