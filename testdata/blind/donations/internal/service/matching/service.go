// Package matching runs matched giving: a donor asks their employer to
// match a gift, we submit the claim to the matching partner, and the
// partner calls back with its decision.
package matching

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/uptrace/bun"
	"go.uber.org/fx"
	"go.uber.org/zap"

	"github.com/kindredgive/donations/internal/config"
	"github.com/kindredgive/donations/internal/domain"
	"github.com/kindredgive/donations/internal/outbox"
	"github.com/kindredgive/donations/internal/platform/database"
	"github.com/kindredgive/donations/internal/platform/httpx"
	"github.com/kindredgive/donations/internal/platform/idgen"
	"github.com/kindredgive/donations/internal/platform/retry"
	"github.com/kindredgive/donations/internal/providers/partner"
	"github.com/kindredgive/donations/internal/repository"
)

// ClaimInput is a donor's matching request.
type ClaimInput struct {
	DonationID  string
	DonorID     string
	EmployerID  string
	EmployeeRef string
}

// Decision is a partner callback.
type Decision struct {
	EventID        string
	Type           string
	PartnerClaimID string
	Outcome        string
	AmountMinor    int64
	Tranche        int
	DecidedAt      time.Time
}

// Service is the matched-giving API.
type Service interface {
	RequestClaim(ctx context.Context, in ClaimInput) (*domain.MatchingClaim, error)
	Submit(ctx context.Context, claimID string) error
	ApplyDecision(ctx context.Context, d Decision) error
}

// Deps groups the collaborators; it is filled by fx.
type Deps struct {
	fx.In

	Cfg       *config.Config
	Tx        repository.Transactor
	Claims    repository.MatchingRepo
	Donations repository.DonationRepo
	Donors    repository.DonorRepo
	Charities repository.CharityRepo
	Ledger    repository.LedgerRepo
	Outbox    outbox.Writer
	Partner   partner.Client
	Log       *zap.Logger
}

type service struct {
	Deps
	callbackURL string
	newRef      func() string
}

// New builds the matching service.
func New(d Deps) Service {
	return &service{Deps: d, callbackURL: d.Cfg.PublicBaseURL + "/webhooks/matching", newRef: idgen.Short}
}

func (s *service) RequestClaim(ctx context.Context, in ClaimInput) (*domain.MatchingClaim, error) {
	d, err := s.Donations.Get(ctx, in.DonationID)
	if database.IsNoRows(err) {
		return nil, httpx.ErrNotFound
	}
	if err != nil {
		return nil, err
	}
	if d.DonorID != in.DonorID {
		return nil, httpx.ErrNotFound
	}
	if d.Status != domain.DonationSucceeded {
		return nil, fmt.Errorf("%w: donation has not settled", httpx.ErrConflict)
	}

	claim := &domain.MatchingClaim{
		ID:          idgen.UUID(),
		DonationID:  d.ID,
		DonorID:     d.DonorID,
		CharityID:   d.CharityID,
		EmployerID:  in.EmployerID,
		EmployeeRef: in.EmployeeRef,
		AmountPence: d.AmountPence,
		Status:      domain.ClaimRequested,
	}
	err = s.Tx.RunInTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		claims := s.Claims.WithTx(tx)
		inserted, err := claims.InsertClaimIfAbsent(ctx, claim)
		if err != nil {
			return err
		}
		if !inserted {
			claim, err = claims.GetClaimByDonation(ctx, d.ID)
			return err
		}
		return s.Outbox.Add(ctx, tx, idgen.Derive("matching-claim", claim.ID), domain.RKMatchingRequested,
			domain.MatchingRequestedEvent{ClaimID: claim.ID})
	})
	if err != nil {
		return nil, err
	}
	return claim, nil
}

// Submit sends a requested claim to the partner.
func (s *service) Submit(ctx context.Context, claimID string) error {
	claim, err := s.Claims.GetClaim(ctx, claimID)
	if err != nil {
		return fmt.Errorf("load claim: %w", err)
	}
	if claim.Status != domain.ClaimRequested {
		return nil
	}
	donation, err := s.Donations.Get(ctx, claim.DonationID)
	if err != nil {
		return err
	}
	donor, err := s.Donors.Get(ctx, claim.DonorID)
	if err != nil {
		return err
	}
	charity, err := s.Charities.Get(ctx, claim.CharityID)
	if err != nil {
		return err
	}

	req := partner.NewClaimRequest(claim.EmployerID,
		partner.WithEmployee(claim.EmployeeRef, donor.Email, donor.FullName()),
		partner.WithDonation(donation.ID, donation.AmountPence, donation.Currency, donation.CreatedAt),
		partner.WithCharity(charity.RegistrationNumber, charity.Name),
		partner.WithClientReference(s.newRef()),
		partner.WithCallback(s.callbackURL),
		partner.WithMeta("claim_id", claim.ID),
	)
	resp, err := retry.Do(ctx, retry.Outbound, func() (*partner.ClaimResponse, error) {
		r, err := s.Partner.SubmitClaim(ctx, req)
		var se *partner.StatusError
		if errors.As(err, &se) && !se.Retryable() {
			return nil, retry.Permanent(err)
		}
		return r, err
	})
	if err != nil {
		return fmt.Errorf("submit claim %s: %w", claim.ID, err)
	}
	return s.Claims.MarkSubmitted(ctx, claim.ID, resp.ID, req.ClientReference, time.Now().UTC())
}

// ApplyDecision records the partner's decision on a claim. Approved
// tranches are added to the charity's pending-match balance.
func (s *service) ApplyDecision(ctx context.Context, dec Decision) error {
	seen, err := s.Claims.WebhookSeen(ctx, dec.EventID)
	if err != nil {
		return err
	}
	if seen {
		return nil
	}
	claim, err := s.Claims.GetClaimByPartnerID(ctx, dec.PartnerClaimID)
	if database.IsNoRows(err) {
		return httpx.ErrNotFound
	}
	if err != nil {
		return err
	}

	err = s.Tx.RunInTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		claims := s.Claims.WithTx(tx)
		switch dec.Outcome {
		case "approved":
			gift := &domain.MatchedGift{
				ID:             idgen.UUID(),
				ClaimID:        claim.ID,
				PartnerClaimID: dec.PartnerClaimID,
				CharityID:      claim.CharityID,
				AmountPence:    dec.AmountMinor,
				Tranche:        dec.Tranche,
				DecidedAt:      dec.DecidedAt,
			}
			if err := claims.InsertMatchedGift(ctx, gift); err != nil {
				return err
			}
			if err := s.Ledger.WithTx(tx).AddPendingMatch(ctx, claim.CharityID, dec.AmountMinor); err != nil {
				return err
			}
			return claims.SetDecision(ctx, claim.ID, domain.ClaimApproved)
		case "declined":
			return claims.SetDecision(ctx, claim.ID, domain.ClaimDeclined)
		default:
			return nil
		}
	})
	if err != nil {
		return err
	}
	return s.Claims.MarkWebhookSeen(ctx, dec.EventID, dec.Type)
}
