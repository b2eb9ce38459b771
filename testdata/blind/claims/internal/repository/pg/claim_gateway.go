package pg

import (
	"context"
	"errors"

	"github.com/google/uuid"

	"github.com/harborline/claims/internal/notify"
	"github.com/harborline/claims/internal/payouts"
	"github.com/harborline/claims/internal/platform/txctx"
	"github.com/harborline/claims/internal/repairs"
	"github.com/harborline/claims/internal/store/dbgen"
	"github.com/harborline/claims/internal/subrogation"
)

// ErrClaimNotFound is returned by the gateway for unknown claims.
var ErrClaimNotFound = errors.New("claim not found")

// ClaimGateway gives other bounded contexts narrow access to claims.
type ClaimGateway struct{ base }

// NewClaimGateway builds a ClaimGateway.
func NewClaimGateway(conn *txctx.Conn) *ClaimGateway { return &ClaimGateway{base{conn}} }

var (
	_ payouts.Claims     = (*ClaimGateway)(nil)
	_ repairs.Claims     = (*ClaimGateway)(nil)
	_ subrogation.Claims = (*ClaimGateway)(nil)
	_ notify.Recipients  = (*ClaimGateway)(nil)
)

func (g *ClaimGateway) PayoutInfoForUpdate(ctx context.Context, id uuid.UUID) (payouts.ClaimInfo, error) {
	c, err := g.q(ctx).GetClaimForUpdate(ctx, id)
	if err != nil {
		return payouts.ClaimInfo{}, notFound(err, ErrClaimNotFound)
	}
	return payouts.ClaimInfo{
		ID:               c.ID,
		Status:           c.Status,
		ConnectedAccount: deref(c.ClaimantStripeAccount),
		ReserveCents:     c.ReserveTotalCents,
	}, nil
}

func (g *ClaimGateway) AddPaid(ctx context.Context, id uuid.UUID, amountCents int64) error {
	return g.q(ctx).AddPaidTotal(ctx, dbgen.AddPaidTotalParams{ID: id, PaidTotalCents: amountCents})
}

func (g *ClaimGateway) AddRecovered(ctx context.Context, id uuid.UUID, amountCents int64) error {
	return g.q(ctx).AddRecoveredTotal(ctx, dbgen.AddRecoveredTotalParams{ID: id, RecoveredTotalCents: amountCents})
}

func (g *ClaimGateway) Contact(ctx context.Context, id uuid.UUID) (repairs.ClaimContact, error) {
	c, err := g.q(ctx).GetClaim(ctx, id)
	if err != nil {
		return repairs.ClaimContact{}, notFound(err, ErrClaimNotFound)
	}
	return repairs.ClaimContact{ClaimID: c.ID, ClaimNumber: c.ClaimNumber, Status: c.Status, Email: c.ClaimantEmail}, nil
}

func (g *ClaimGateway) Facts(ctx context.Context, id uuid.UUID) (subrogation.ClaimFacts, error) {
	c, err := g.q(ctx).GetClaim(ctx, id)
	if err != nil {
		return subrogation.ClaimFacts{}, notFound(err, ErrClaimNotFound)
	}
	return subrogation.ClaimFacts{
		ID:             c.ID,
		Number:         c.ClaimNumber,
		AtFaultParty:   deref(c.AtFaultParty),
		PaidTotalCents: c.PaidTotalCents,
	}, nil
}

func (g *ClaimGateway) Adjuster(ctx context.Context, id uuid.UUID) (string, string, error) {
	a, err := g.q(ctx).GetAdjuster(ctx, id)
	if err != nil {
		return "", "", notFound(err, ErrClaimNotFound)
	}
	return a.FullName, a.Email, nil
}

func (g *ClaimGateway) ClaimSummary(ctx context.Context, id uuid.UUID) (string, string, error) {
	c, err := g.q(ctx).GetClaim(ctx, id)
	if err != nil {
		return "", "", notFound(err, ErrClaimNotFound)
	}
	return c.ClaimNumber, deref(c.BrokerWebhookUrl), nil
}

// ClaimExists implements documents.Repository's existence check.
func (g *ClaimGateway) ClaimExists(ctx context.Context, id uuid.UUID) error {
	_, err := g.q(ctx).GetClaim(ctx, id)
	return notFound(err, ErrClaimNotFound)
}
