package claims

import (
	"context"
	"fmt"
	"log/slog"

	"github.com/google/uuid"

	"github.com/cedarleaf/pharmacy/internal/platform/logx"
	"github.com/cedarleaf/pharmacy/internal/store"
)

// Corrections are the fields a pharmacist may fix before resubmitting a
// rejected claim.
type Corrections struct {
	MemberID   string `json:"member_id,omitempty"`
	BIN        string `json:"bin,omitempty"`
	PCN        string `json:"pcn,omitempty"`
	Group      string `json:"group,omitempty"`
	DaysSupply int32  `json:"days_supply,omitempty"`
	Quantity   int32  `json:"quantity,omitempty"`
}

// ResubmitResult is returned to the pharmacist console.
type ResubmitResult struct {
	ClaimID     uuid.UUID `json:"claim_id"`
	Status      string    `json:"status"`
	CopayCents  int64     `json:"copay_cents"`
	RejectCodes []string  `json:"reject_codes,omitempty"`
}

// Resubmit re-bills a rejected claim with the pharmacist's corrections.
func (s *Service) Resubmit(ctx context.Context, claimID uuid.UUID, staffID string, fix Corrections) (ResubmitResult, error) {
	claim, err := s.store.GetClaim(ctx, claimID)
	if store.IsNotFound(err) {
		return ResubmitResult{}, ErrNotFound
	}
	if err != nil {
		return ResubmitResult{}, err
	}
	if claim.Status != "rejected" {
		return ResubmitResult{}, ErrNotRejected
	}
	cc, err := s.load(ctx, claim)
	if err != nil {
		return ResubmitResult{}, err
	}

	req := cc.request(s.now())
	if fix.MemberID != "" {
		req.Member.MemberID = fix.MemberID
	}
	if fix.BIN != "" {
		req.Member.BIN = fix.BIN
	}
	if fix.PCN != "" {
		req.Member.PCN = fix.PCN
	}
	if fix.Group != "" {
		req.Member.Group = fix.Group
	}
	if fix.DaysSupply > 0 {
		req.DaysSupply = fix.DaysSupply
	}
	if fix.Quantity > 0 {
		req.Quantity = fix.Quantity
	}

	resp, err := s.pbm.SubmitClaim(ctx, req)
	if err != nil {
		return ResubmitResult{}, fmt.Errorf("resubmit claim: %w", err)
	}
	if err := s.applyAdjudication(ctx, cc, resp, fmt.Sprintf("b1-resubmit:%s:%d", claim.ID, claim.Submissions+1)); err != nil {
		return ResubmitResult{}, err
	}
	logx.From(ctx).Info("claim resubmitted", slog.String("claim_id", claim.ID.String()), slog.String("staff", staffID), slog.String("status", resp.Status))
	return ResubmitResult{ClaimID: claim.ID, Status: resp.Status, CopayCents: resp.CopayCents, RejectCodes: resp.RejectCodes}, nil
}
