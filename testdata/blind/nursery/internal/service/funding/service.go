// Package funding prepares government funded-hours claims and submits them
// to the council's provider portal.
package funding

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"math/big"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgtype"

	"github.com/acornlane-childcare/nursery/internal/db"
	"github.com/acornlane-childcare/nursery/internal/events"
	"github.com/acornlane-childcare/nursery/internal/platform/apperr"
	"github.com/acornlane-childcare/nursery/internal/platform/pgtx"
	"github.com/acornlane-childcare/nursery/internal/provider/council"
)

// Portal is the council portal client.
type Portal interface {
	SubmitClaim(ctx context.Context, s council.ClaimSubmission) (council.ClaimReceipt, error)
}

type Service struct {
	q      *db.Queries
	tx     pgtx.Transactor
	events events.Publisher
	portal Portal
	log    *slog.Logger
}

func NewService(q *db.Queries, tx pgtx.Transactor, pub events.Publisher, portal Portal, log *slog.Logger) *Service {
	return &Service{q: q, tx: tx, events: pub, portal: portal, log: log}
}

type DraftInput struct {
	ChildID      uuid.UUID
	NurseryID    uuid.UUID
	Term         string
	HoursPerWeek float64
}

// SaveDraft creates or updates the draft claim for a child and term. Once a
// claim has been requested its hours can no longer change here.
func (s *Service) SaveDraft(ctx context.Context, in DraftInput) (db.FundedHoursClaim, error) {
	if in.HoursPerWeek <= 0 || in.HoursPerWeek > 30 {
		return db.FundedHoursClaim{}, fmt.Errorf("%w: funded hours must be between 0 and 30", apperr.ErrInvalid)
	}
	claim, err := s.q.UpsertDraftClaim(ctx, db.UpsertDraftClaimParams{
		ID:        uuid.New(),
		ChildID:   in.ChildID,
		NurseryID: in.NurseryID,
		Term:      in.Term,
		Hours:     numeric(in.HoursPerWeek),
	})
	if errors.Is(err, pgx.ErrNoRows) {
		existing, getErr := s.q.GetClaimByChildTerm(ctx, db.GetClaimByChildTermParams{ChildID: in.ChildID, Term: in.Term})
		if getErr != nil {
			return db.FundedHoursClaim{}, getErr
		}
		return existing, fmt.Errorf("%w: claim is already %s", apperr.ErrConflict, existing.Status)
	}
	return claim, err
}

// RequestSubmission moves a draft claim to requested and queues it for the
// portal. Requesting an already requested or submitted claim is a no-op.
func (s *Service) RequestSubmission(ctx context.Context, claimID uuid.UUID) (db.FundedHoursClaim, error) {
	var out db.FundedHoursClaim
	err := s.tx.InTx(ctx, func(ctx context.Context) error {
		q := pgtx.Q(ctx, s.q)
		claim, err := q.RequestClaim(ctx, claimID)
		if errors.Is(err, pgx.ErrNoRows) {
			out, err = q.GetClaim(ctx, claimID)
			return apperr.NotFoundIfNoRows(err)
		}
		if err != nil {
			return err
		}
		out = claim
		return s.events.Publish(ctx, events.TopicFundingClaimRequested, events.FundingClaimRequested{ClaimID: claim.ID})
	})
	return out, err
}

// Submit sends a requested claim to the council portal.
func (s *Service) Submit(ctx context.Context, ev events.FundingClaimRequested) error {
	claim, err := s.q.GetClaim(ctx, ev.ClaimID)
	if err != nil {
		return err
	}
	if claim.Status == "submitted" {
		return nil
	}
	child, err := s.q.GetChild(ctx, claim.ChildID)
	if err != nil {
		return err
	}
	urn, err := s.q.GetNurseryCouncilURN(ctx, claim.NurseryID)
	if err != nil {
		return err
	}

	receipt, err := s.portal.SubmitClaim(ctx, council.ClaimSubmission{
		ProviderURN:      urn,
		ChildFirstName:   child.FirstName,
		ChildLastName:    child.LastName,
		ChildDateOfBirth: child.DateOfBirth.Time.Format(time.DateOnly),
		Term:             claim.Term,
		HoursPerWeek:     formatHours(claim.Hours),
	})
	if err != nil {
		return fmt.Errorf("submit claim %s: %w", claim.ID, err)
	}
	s.log.InfoContext(ctx, "funding claim submitted", "claim_id", claim.ID, "council_ref", receipt.ClaimRef)
	return s.q.MarkClaimSubmitted(ctx, db.MarkClaimSubmittedParams{ID: claim.ID, CouncilRef: receipt.ClaimRef})
}

func numeric(h float64) pgtype.Numeric {
	return pgtype.Numeric{Int: big.NewInt(int64(h * 100)), Exp: -2, Valid: true}
}

func formatHours(n pgtype.Numeric) string {
	f, err := n.Float64Value()
	if err != nil || !f.Valid {
		return "0.00"
	}
	return fmt.Sprintf("%.2f", f.Float64)
}
