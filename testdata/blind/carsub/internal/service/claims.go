package service

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"github.com/google/uuid"

	"github.com/drivewise/carsub/internal/domain"
	"github.com/drivewise/carsub/internal/platform/retry"
	"github.com/drivewise/carsub/internal/providers/insurer"
)

// ClaimsConfig carries the fleet policy details Covera needs.
type ClaimsConfig struct {
	PolicyNumber string
	Currency     string
}

// Claims files damage claims with Covera and settles approved ones.
type Claims struct {
	subs      SubscriptionRepository
	catalog   Catalog
	telemetry TelemetryRepository
	claims    ClaimRepository
	credits   CreditRepository
	insurer   Insurer
	audit     AuditLog
	cfg       ClaimsConfig
	log       *slog.Logger
}

func NewClaims(
	subs SubscriptionRepository,
	catalog Catalog,
	telemetry TelemetryRepository,
	claims ClaimRepository,
	credits CreditRepository,
	ins Insurer,
	audit AuditLog,
	cfg ClaimsConfig,
	log *slog.Logger,
) *Claims {
	return &Claims{
		subs: subs, catalog: catalog, telemetry: telemetry, claims: claims,
		credits: credits, insurer: ins, audit: audit, cfg: cfg,
		log: log.With("component", "claims"),
	}
}

type FileClaimInput struct {
	SubscriptionID uuid.UUID
	IncidentID     *uuid.UUID
	IncidentDate   time.Time
	Description    string
	EstimatedCents int64
	PhotoURLs      []string
}

// File records a damage claim and submits it to Covera.
func (c *Claims) File(ctx context.Context, in FileClaimInput) (*domain.DamageClaim, error) {
	if in.Description == "" || in.EstimatedCents <= 0 {
		return nil, fmt.Errorf("description and estimate: %w", domain.ErrInvalidArgument)
	}
	sub, err := c.subs.Get(ctx, in.SubscriptionID)
	if err != nil {
		return nil, err
	}
	if sub.VehicleID == nil {
		return nil, fmt.Errorf("subscription has no car: %w", domain.ErrInvalidState)
	}
	vehicle, err := c.catalog.Vehicle(ctx, *sub.VehicleID)
	if err != nil {
		return nil, err
	}
	incidentDate := in.IncidentDate
	if in.IncidentID != nil {
		inc, err := c.telemetry.IncidentByID(ctx, *in.IncidentID)
		if err != nil {
			return nil, fmt.Errorf("incident: %w", err)
		}
		incidentDate = inc.OccurredAt
	}

	claim := &domain.DamageClaim{
		ID:             uuid.New(),
		SubscriptionID: sub.ID,
		IncidentID:     in.IncidentID,
		Description:    in.Description,
		EstimatedCents: in.EstimatedCents,
		Status:         domain.ClaimDraft,
	}
	if err := c.claims.Create(ctx, claim); err != nil {
		return nil, fmt.Errorf("record claim: %w", err)
	}

	submission := insurer.ClaimSubmission{
		PartnerReference: claim.ID.String(),
		PolicyNumber:     c.cfg.PolicyNumber,
		VIN:              vehicle.VIN,
		IncidentDate:     incidentDate,
		Description:      claim.Description,
		EstimatedCents:   claim.EstimatedCents,
		Currency:         c.cfg.Currency,
		PhotoURLs:        in.PhotoURLs,
	}
	receipt, err := retry.DoValue(ctx, retry.ProviderCalls, c.log, "covera.submit", func() (*insurer.ClaimReceipt, error) {
		return c.insurer.SubmitClaim(ctx, submission)
	})
	if err != nil {
		return nil, fmt.Errorf("submit claim %s: %w", claim.ID, err)
	}
	if err := c.claims.MarkSubmitted(ctx, claim.ID, receipt.ClaimNumber); err != nil {
		return nil, err
	}
	claim.Status = domain.ClaimSubmitted
	claim.InsurerClaimRef = &receipt.ClaimNumber
	return claim, nil
}

func (c *Claims) Get(ctx context.Context, id uuid.UUID) (*domain.DamageClaim, error) {
	return c.claims.Get(ctx, id)
}

// Decide records Covera's decision, entered by an operator.
func (c *Claims) Decide(ctx context.Context, id uuid.UUID, approved bool, approvedCents int64) (*domain.DamageClaim, error) {
	status := domain.ClaimRejected
	var amount *int64
	if approved {
		if approvedCents <= 0 {
			return nil, fmt.Errorf("approved amount: %w", domain.ErrInvalidArgument)
		}
		status, amount = domain.ClaimApproved, &approvedCents
	}
	changed, err := c.claims.Decide(ctx, id, status, amount)
	if err != nil {
		return nil, err
	}
	claim, err := c.claims.Get(ctx, id)
	if err != nil {
		return nil, err
	}
	if !changed && claim.Status != status {
		return nil, fmt.Errorf("claim is %s: %w", claim.Status, domain.ErrInvalidState)
	}
	return claim, nil
}

// Settle credits the customer for an approved claim: they paid the repair
// shop up front and get it back on their next invoices.
func (c *Claims) Settle(ctx context.Context, id uuid.UUID) (*domain.DamageClaim, error) {
	claim, err := c.claims.Get(ctx, id)
	if err != nil {
		return nil, err
	}
	switch claim.Status {
	case domain.ClaimSettled:
		return claim, nil
	case domain.ClaimApproved:
	default:
		return nil, fmt.Errorf("claim is %s: %w", claim.Status, domain.ErrInvalidState)
	}
	if claim.ApprovedCents == nil {
		return nil, fmt.Errorf("approved claim without amount: %w", domain.ErrInvalidState)
	}

	credit := &domain.CustomerCredit{
		ID:             uuid.New(),
		SubscriptionID: claim.SubscriptionID,
		AmountCents:    *claim.ApprovedCents,
		Reason:         "damage_claim_settlement",
		SourceRef:      claim.ID.String(),
	}
	if err := c.credits.Insert(ctx, credit); err != nil {
		return nil, fmt.Errorf("credit customer: %w", err)
	}
	if err := c.claims.MarkSettled(ctx, claim.ID); err != nil {
		return nil, fmt.Errorf("mark claim settled: %w", err)
	}
	if err := c.audit.Record(ctx, "claim.settle", claim.ID.String(), map[string]any{
		"credit_id": credit.ID, "amount_cents": credit.AmountCents,
	}); err != nil {
		c.log.Warn("audit", "err", err)
	}
	claim.Status = domain.ClaimSettled
	return claim, nil
}
