// Package development runs the annual fund: donor pledges, card payments
// against them and employer matching gifts.
package development

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"time"

	"github.com/google/uuid"
	"github.com/stripe/stripe-go/v82"

	"github.com/harborlight-symphony/encore/internal/clients/matchpoint"
	"github.com/harborlight-symphony/encore/internal/domain"
)

// PledgeStore persists pledges and their payments.
type PledgeStore interface {
	Create(ctx context.Context, p *domain.Pledge) error
	Get(ctx context.Context, id string) (*domain.Pledge, error)
	Donor(ctx context.Context, id string) (*domain.Patron, error)
	CampaignExists(ctx context.Context, code string) (bool, error)
	RecordCardPayment(ctx context.Context, pay *domain.PledgePayment) error
	AddMatched(ctx context.Context, pledgeID string, cents int64) error
}

// ClaimStore persists matching-gift claims.
type ClaimStore interface {
	ForPledge(ctx context.Context, pledgeID string) (*domain.MatchingClaim, error)
	Insert(ctx context.Context, c *domain.MatchingClaim) error
	MarkPaid(ctx context.Context, pledgeID string, paidCents int64) (bool, error)
}

// PaymentIntents is the slice of stripe.Client the service uses.
type PaymentIntents interface {
	Create(ctx context.Context, params *stripe.PaymentIntentCreateParams) (*stripe.PaymentIntent, error)
}

// MatchingGifts is the MatchPoint clearinghouse.
type MatchingGifts interface {
	SubmitClaim(ctx context.Context, req matchpoint.ClaimRequest) (*matchpoint.Claim, error)
	ListPaid(ctx context.Context, since time.Time) ([]matchpoint.Claim, error)
}

// Service is the development office's API.
type Service struct {
	Pledges  PledgeStore
	Claims   ClaimStore
	Intents  PaymentIntents
	Matching MatchingGifts
	Currency string
	Log      *slog.Logger
}

// NewPledge is a donor's pledge from the website or a gift officer.
type NewPledge struct {
	DonorID      string
	CampaignCode string
	AmountCents  int64
	Employer     string
	Anonymous    bool
}

// CreatePledge records a new pledge.
func (s *Service) CreatePledge(ctx context.Context, in NewPledge) (*domain.Pledge, error) {
	if in.AmountCents < 500 {
		return nil, domain.Invalid("amount_cents", "minimum pledge is $5")
	}
	ok, err := s.Pledges.CampaignExists(ctx, in.CampaignCode)
	if err != nil {
		return nil, err
	}
	if !ok {
		return nil, domain.Invalid("campaign_code", "unknown campaign")
	}
	if _, err := s.Pledges.Donor(ctx, in.DonorID); err != nil {
		return nil, fmt.Errorf("donor %s: %w", in.DonorID, err)
	}
	p := &domain.Pledge{
		ID:           uuid.NewString(),
		DonorID:      in.DonorID,
		CampaignCode: in.CampaignCode,
		AmountCents:  in.AmountCents,
		Anonymous:    in.Anonymous,
		Status:       domain.PledgeOpen,
		CreatedAt:    time.Now().UTC(),
	}
	if e := strings.TrimSpace(in.Employer); e != "" {
		p.Employer = &e
	}
	if err := s.Pledges.Create(ctx, p); err != nil {
		return nil, fmt.Errorf("create pledge: %w", err)
	}
	return p, nil
}

// CardPayment pays down a pledge with a saved card.
type CardPayment struct {
	AmountCents     int64
	PaymentMethodID string
}

// PayByCard charges the donor's card and applies it to the pledge.
func (s *Service) PayByCard(ctx context.Context, pledgeID string, in CardPayment) (*domain.PledgePayment, error) {
	p, err := s.Pledges.Get(ctx, pledgeID)
	if err != nil {
		return nil, err
	}
	if p.Status != domain.PledgeOpen {
		return nil, fmt.Errorf("%w: pledge is %s", domain.ErrConflict, p.Status)
	}
	if in.AmountCents <= 0 || in.AmountCents > p.Balance() {
		return nil, domain.Invalid("amount_cents", fmt.Sprintf("must be between 1 and %d", p.Balance()))
	}
	donor, err := s.Pledges.Donor(ctx, p.DonorID)
	if err != nil {
		return nil, err
	}
	if donor.StripeCustomerID == nil {
		return nil, domain.Invalid("pledge_id", "donor has no card on file")
	}

	params := &stripe.PaymentIntentCreateParams{
		Amount:              stripe.Int64(in.AmountCents),
		Currency:            stripe.String(s.Currency),
		Customer:            donor.StripeCustomerID,
		PaymentMethod:       stripe.String(in.PaymentMethodID),
		Confirm:             stripe.Bool(true),
		OffSession:          stripe.Bool(true),
		Description:         stripe.String("Annual fund gift — " + p.CampaignCode),
		StatementDescriptor: stripe.String("HARBORLIGHT SYMPH GIFT"),
		Metadata:            map[string]string{"pledge_id": p.ID, "campaign": p.CampaignCode},
	}
	pi, err := s.Intents.Create(ctx, params)
	if err != nil {
		var se *stripe.Error
		if errors.As(err, &se) && se.Type == stripe.ErrorTypeCard {
			return nil, fmt.Errorf("%w: %s", domain.ErrPaymentDeclined, se.Msg)
		}
		return nil, fmt.Errorf("stripe: %w", err)
	}

	pay := &domain.PledgePayment{
		ID:              uuid.NewString(),
		PledgeID:        p.ID,
		Source:          "card",
		PaymentIntentID: &pi.ID,
		AmountCents:     pi.Amount,
		CreatedAt:       time.Now().UTC(),
	}
	if err := s.Pledges.RecordCardPayment(ctx, pay); err != nil {
		return nil, fmt.Errorf("record gift %s: %w", pi.ID, err)
	}
	return pay, nil
}

// SubmitMatchingGift asks the donor's employer to match the pledge.
func (s *Service) SubmitMatchingGift(ctx context.Context, pledgeID string) (*domain.MatchingClaim, error) {
	if c, err := s.Claims.ForPledge(ctx, pledgeID); err == nil {
		return c, nil
	} else if !errors.Is(err, domain.ErrNotFound) {
		return nil, err
	}
	p, err := s.Pledges.Get(ctx, pledgeID)
	if err != nil {
		return nil, err
	}
	if p.Employer == nil {
		return nil, domain.Invalid("pledge_id", "pledge has no employer on file")
	}
	if p.PaidCents == 0 {
		return nil, fmt.Errorf("%w: employers match paid gifts only", domain.ErrConflict)
	}
	donor, err := s.Pledges.Donor(ctx, p.DonorID)
	if err != nil {
		return nil, err
	}
	claim, err := s.Matching.SubmitClaim(ctx, matchpoint.ClaimRequest{
		ClientReference: "pledge-" + p.ID,
		Employer:        *p.Employer,
		DonorName:       donor.FullName,
		DonorEmail:      donor.Email,
		GiftCents:       p.PaidCents,
		GiftDate:        p.CreatedAt.Format("2006-01-02"),
	})
	if err != nil {
		return nil, err
	}
	rec := &domain.MatchingClaim{
		ID:             uuid.NewString(),
		PledgeID:       p.ID,
		PartnerClaimID: &claim.ID,
		Employer:       *p.Employer,
		RequestedCents: p.PaidCents,
		Status:         domain.ClaimSubmitted,
	}
	if err := s.Claims.Insert(ctx, rec); err != nil {
		return nil, fmt.Errorf("record claim: %w", err)
	}
	return s.Claims.ForPledge(ctx, p.ID)
}

// ReconcileMatches pulls employer payments from MatchPoint and credits
// them to the pledges. It returns how many claims were newly paid.
func (s *Service) ReconcileMatches(ctx context.Context, since time.Time) (int, error) {
	paid, err := s.Matching.ListPaid(ctx, since)
	if err != nil {
		return 0, err
	}
	n := 0
	for _, c := range paid {
		pledgeID, ok := strings.CutPrefix(c.ClientReference, "pledge-")
		if !ok {
			s.Log.WarnContext(ctx, "matchpoint claim without pledge reference", "claim_id", c.ID)
			continue
		}
		updated, err := s.Claims.MarkPaid(ctx, pledgeID, c.MatchedCents)
		if err != nil {
			return n, fmt.Errorf("mark claim %s paid: %w", c.ID, err)
		}
		if !updated {
			continue
		}
		if err := s.Pledges.AddMatched(ctx, pledgeID, c.MatchedCents); err != nil {
			return n, fmt.Errorf("credit match to pledge %s: %w", pledgeID, err)
		}
		n++
	}
	return n, nil
}
