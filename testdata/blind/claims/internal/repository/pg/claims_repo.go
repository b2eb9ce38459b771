package pg

import (
	"context"

	"github.com/google/uuid"

	"github.com/harborline/claims/internal/claims"
	"github.com/harborline/claims/internal/platform/txctx"
	"github.com/harborline/claims/internal/store/dbgen"
)

// ClaimRepo implements claims.Repository.
type ClaimRepo struct{ base }

// NewClaimRepo builds a ClaimRepo.
func NewClaimRepo(conn *txctx.Conn) *ClaimRepo { return &ClaimRepo{base{conn}} }

var _ claims.Repository = (*ClaimRepo)(nil)

func (r *ClaimRepo) Create(ctx context.Context, c claims.Claim) error {
	return r.q(ctx).CreateClaim(ctx, dbgen.CreateClaimParams{
		ID:                    c.ID,
		ClaimNumber:           c.Number,
		PolicyNumber:          c.PolicyNumber,
		Source:                c.Source,
		ExternalRef:           ptr(c.ExternalRef),
		Status:                string(c.Status),
		LossType:              c.LossType,
		LossDate:              c.LossDate,
		Description:           c.Description,
		ClaimantName:          c.ClaimantName,
		ClaimantEmail:         c.ClaimantEmail,
		ClaimantStripeAccount: ptr(c.ClaimantStripeAccount),
		AtFaultParty:          ptr(c.AtFaultParty),
		BrokerWebhookUrl:      ptr(c.BrokerWebhookURL),
	})
}

func (r *ClaimRepo) CreateFromExternal(ctx context.Context, c claims.Claim) (bool, error) {
	_, err := r.q(ctx).InsertClaimFromExternal(ctx, dbgen.InsertClaimFromExternalParams{
		ID:            c.ID,
		ClaimNumber:   c.Number,
		PolicyNumber:  c.PolicyNumber,
		Source:        c.Source,
		ExternalRef:   ptr(c.ExternalRef),
		Status:        string(c.Status),
		LossType:      c.LossType,
		LossDate:      c.LossDate,
		Description:   c.Description,
		ClaimantName:  c.ClaimantName,
		ClaimantEmail: c.ClaimantEmail,
	})
	return insertedOne(err)
}

func (r *ClaimRepo) Get(ctx context.Context, id uuid.UUID) (claims.Claim, error) {
	row, err := r.q(ctx).GetClaim(ctx, id)
	if err != nil {
		return claims.Claim{}, notFound(err, claims.ErrNotFound)
	}
	return toClaim(row), nil
}

func (r *ClaimRepo) GetForUpdate(ctx context.Context, id uuid.UUID) (claims.Claim, error) {
	row, err := r.q(ctx).GetClaimForUpdate(ctx, id)
	if err != nil {
		return claims.Claim{}, notFound(err, claims.ErrNotFound)
	}
	return toClaim(row), nil
}

func (r *ClaimRepo) SetStatus(ctx context.Context, id uuid.UUID, s claims.Status) error {
	return r.q(ctx).SetClaimStatus(ctx, dbgen.SetClaimStatusParams{ID: id, Status: string(s)})
}

func (r *ClaimRepo) MarkClosed(ctx context.Context, id uuid.UUID, reason string) error {
	return r.q(ctx).MarkClaimClosed(ctx, dbgen.MarkClaimClosedParams{ID: id, CloseReason: ptr(reason)})
}

func (r *ClaimRepo) Reopen(ctx context.Context, id uuid.UUID) error {
	return r.q(ctx).ReopenClaim(ctx, id)
}

func (r *ClaimRepo) GetAdjuster(ctx context.Context, id uuid.UUID) (claims.Adjuster, error) {
	a, err := r.q(ctx).GetAdjuster(ctx, id)
	if err != nil {
		return claims.Adjuster{}, notFound(err, claims.ErrNotFound)
	}
	return claims.Adjuster{ID: a.ID, Name: a.FullName, Email: a.Email, Active: a.Active}, nil
}

func (r *ClaimRepo) AddAssignment(ctx context.Context, a claims.Assignment) error {
	return r.q(ctx).InsertAssignment(ctx, dbgen.InsertAssignmentParams{
		ClaimID:    a.ClaimID,
		AdjusterID: a.AdjusterID,
		Role:       a.Role,
		AssignedBy: a.AssignedBy,
	})
}

func toClaim(row dbgen.Claim) claims.Claim {
	return claims.Claim{
		ID:                    row.ID,
		Number:                row.ClaimNumber,
		PolicyNumber:          row.PolicyNumber,
		Source:                row.Source,
		ExternalRef:           deref(row.ExternalRef),
		Status:                claims.Status(row.Status),
		LossType:              row.LossType,
		LossDate:              row.LossDate,
		Description:           row.Description,
		ClaimantName:          row.ClaimantName,
		ClaimantEmail:         row.ClaimantEmail,
		ClaimantStripeAccount: deref(row.ClaimantStripeAccount),
		AtFaultParty:          deref(row.AtFaultParty),
		BrokerWebhookURL:      deref(row.BrokerWebhookUrl),
		ReserveTotalCents:     row.ReserveTotalCents,
		PaidTotalCents:        row.PaidTotalCents,
		RecoveredTotalCents:   row.RecoveredTotalCents,
		CreatedAt:             row.CreatedAt,
	}
}
