package compensation

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/veinline/plasmaops/internal/config"
	"github.com/veinline/plasmaops/internal/jobs"
	"github.com/veinline/plasmaops/internal/platform/apperr"
	"github.com/veinline/plasmaops/internal/platform/clock"
	"github.com/veinline/plasmaops/internal/platform/ids"
	"github.com/veinline/plasmaops/internal/platform/pgstore"
	"github.com/veinline/plasmaops/internal/providers/cardissuer"
)

// Service is the compensation use-case API.
type Service interface {
	IssueCard(ctx context.Context, in IssueCardInput) (Card, error)
	ReissueCard(ctx context.Context, in ReissueCardInput) (Card, error)
	AdjustBalance(ctx context.Context, in AdjustmentInput) (Adjustment, error)
	AccrueDonation(ctx context.Context, a DonationAccrual) (Payout, error)
	ExecutePayout(ctx context.Context, payoutID string, attempt int) error
	PayMilestone(ctx context.Context, donorID, milestone string, amount int64) error
	ApplyLoadEvent(ctx context.Context, eventType string, data cardissuer.LoadEventData) error
	ApplyCardEvent(ctx context.Context, data cardissuer.CardEventData, at time.Time) error
	Balance(ctx context.Context, donorID string) (Card, error)
}

type service struct {
	store  *pgstore.Store
	repo   Repository
	issuer cardissuer.API
	jobs   jobs.Inserter
	ids    ids.Generator
	now    clock.Now
	log    *slog.Logger

	donationFee     int64
	newDonorBonus   int64
	currency        string
	milestoneCount  int
	milestoneAmount int64
}

// NewService wires the compensation service.
func NewService(cfg config.Config, store *pgstore.Store, repo Repository, issuer cardissuer.API,
	inserter jobs.Inserter, gen ids.Generator, now clock.Now, log *slog.Logger) Service {
	return &service{
		store:           store,
		repo:            repo,
		issuer:          issuer,
		jobs:            inserter,
		ids:             gen,
		now:             now,
		log:             log.With("component", "compensation"),
		donationFee:     cfg.DonationFeeCents,
		newDonorBonus:   cfg.FirstMonthBonusCents,
		currency:        "USD",
		milestoneCount:  MilestoneDonations,
		milestoneAmount: MilestoneBonusCents,
	}
}

func (s *service) Balance(ctx context.Context, donorID string) (Card, error) {
	return s.repo.GetLiveCard(ctx, s.store.DB(), donorID)
}

// IssueCard orders the donor's first compensation card. Centres hand out
// instant-issue cards at the first visit; physical cards are mailed.
func (s *service) IssueCard(ctx context.Context, in IssueCardInput) (Card, error) {
	if in.Form == "" {
		in.Form = "instant"
	}
	db := s.store.DB()
	if existing, err := s.repo.GetLiveCard(ctx, db, in.DonorID); err == nil {
		return existing, nil
	} else if !errors.Is(err, ErrNoLiveCard) {
		return Card{}, err
	}
	holder, err := s.repo.CardholderRef(ctx, db, in.DonorID)
	if err != nil {
		return Card{}, err
	}
	req, err := s.repo.OpenIssueRequest(ctx, db, CardRequest{
		ID:          s.ids.New(),
		DonorID:     in.DonorID,
		Kind:        "issue",
		RequestedBy: in.RequestedBy,
		CreatedAt:   s.now(),
	})
	if err != nil {
		return Card{}, err
	}

	issued, err := s.issuer.IssueCard(ctx, cardissuer.IssueCardRequest{CardholderID: holder, Form: in.Form})
	if err != nil {
		return Card{}, err
	}

	now := s.now()
	card := Card{
		ID:              s.ids.New(),
		DonorID:         in.DonorID,
		IssuerCardID:    issued.ID,
		Last4:           issued.Last4,
		Status:          CardInactive,
		StatusUpdatedAt: now,
	}
	err = s.store.InTx(ctx, func(tx pgx.Tx) error {
		if err := s.repo.InsertCard(ctx, tx, card); err != nil {
			return err
		}
		return s.repo.FulfilRequest(ctx, tx, req.ID, issued.ID, now)
	})
	if err != nil {
		return Card{}, err
	}
	s.log.Info("card issued", "donor_id", in.DonorID, "card_id", card.ID, "last4", card.Last4)
	return card, nil
}

// ReissueCard replaces a donor's live card. The desk app generates a
// request id per replacement so a resent request resolves to the same
// order.
func (s *service) ReissueCard(ctx context.Context, in ReissueCardInput) (Card, error) {
	if in.RequestID == "" {
		return Card{}, apperr.Invalid("request_id is required")
	}
	db := s.store.DB()
	req, err := s.repo.OpenReplaceRequest(ctx, db, CardRequest{
		ID:          s.ids.New(),
		DonorID:     in.DonorID,
		Kind:        "replace",
		RequestID:   in.RequestID,
		RequestedBy: in.RequestedBy,
		CreatedAt:   s.now(),
	})
	if err != nil {
		return Card{}, err
	}
	if req.Status == "fulfilled" {
		return s.repo.GetCardByIssuerID(ctx, db, req.IssuerCardID)
	}
	old, err := s.repo.GetLiveCard(ctx, db, in.DonorID)
	if err != nil {
		if errors.Is(err, ErrNoLiveCard) {
			return Card{}, apperr.Precondition("donor %s has no card to replace", in.DonorID)
		}
		return Card{}, err
	}
	holder, err := s.repo.CardholderRef(ctx, db, in.DonorID)
	if err != nil {
		return Card{}, err
	}

	issued, err := s.issuer.IssueCard(ctx, cardissuer.IssueCardRequest{
		CardholderID: holder,
		Form:         "instant",
		ReplacesCard: old.IssuerCardID,
	}, cardissuer.WithIdempotencyKey("card-request-"+req.ID))
	if err != nil {
		return Card{}, err
	}

	now := s.now()
	card := Card{
		ID:              s.ids.New(),
		DonorID:         in.DonorID,
		IssuerCardID:    issued.ID,
		Last4:           issued.Last4,
		Status:          CardInactive,
		StatusUpdatedAt: now,
	}
	err = s.store.InTx(ctx, func(tx pgx.Tx) error {
		if err := s.repo.MarkCardReplaced(ctx, tx, old.ID, now); err != nil {
			return err
		}
		if err := s.repo.InsertCard(ctx, tx, card); err != nil {
			return err
		}
		return s.repo.FulfilRequest(ctx, tx, req.ID, issued.ID, now)
	})
	if err != nil {
		return Card{}, err
	}
	return card, nil
}

// AdjustBalance records a staff-approved credit and queues its payout.
func (s *service) AdjustBalance(ctx context.Context, in AdjustmentInput) (Adjustment, error) {
	if !adjustmentReasons[in.ReasonCode] {
		return Adjustment{}, apperr.Invalid("unknown reason code %q", in.ReasonCode)
	}
	if in.AmountCents <= 0 || in.AmountCents > MaxAdjustmentCents {
		return Adjustment{}, apperr.Invalid("amount must be between 1 and %d cents", MaxAdjustmentCents)
	}
	now := s.now()
	payout := Payout{
		ID:          s.ids.New(),
		DonorID:     in.DonorID,
		Kind:        KindAdjustment,
		AmountCents: in.AmountCents,
		Currency:    s.currency,
		CreatedAt:   now,
	}
	adj := Adjustment{
		ID:          s.ids.New(),
		DonorID:     in.DonorID,
		PayoutID:    payout.ID,
		AmountCents: in.AmountCents,
		ReasonCode:  in.ReasonCode,
		Note:        in.Note,
		ApprovedBy:  in.ApprovedBy,
		CreatedAt:   now,
	}
	err := s.store.InTx(ctx, func(tx pgx.Tx) error {
		if _, _, err := s.repo.InsertPayout(ctx, tx, payout); err != nil {
			return err
		}
		if err := s.repo.InsertAdjustment(ctx, tx, adj); err != nil {
			return err
		}
		_, err := s.jobs.InsertTx(ctx, tx, jobs.PayoutArgs{PayoutID: payout.ID}, nil)
		return err
	})
	if err != nil {
		return Adjustment{}, err
	}
	return adj, nil
}

// donationAmount is the base fee plus the new-donor bonus for a donor's
// first donations within their first month.
func (s *service) donationAmount(ctx context.Context, db pgstore.DBTX, a DonationAccrual) (int64, error) {
	amount := s.donationFee
	first, err := s.repo.FirstDonationAt(ctx, db, a.DonorID)
	if err != nil {
		return 0, err
	}
	if first == nil || a.CompletedAt.Sub(*first) <= NewDonorWindowDays*24*time.Hour {
		n, err := s.repo.CompletedDonationsSince(ctx, db, a.DonorID, a.CompletedAt.AddDate(0, 0, -NewDonorWindowDays))
		if err != nil {
			return 0, err
		}
		if n <= NewDonorMaxDonations {
			amount += s.newDonorBonus
		}
	}
	return amount, nil
}

// AccrueDonation creates the payout for a completed donation, queues it,
// and queues the monthly milestone bonus when this donation reaches it.
func (s *service) AccrueDonation(ctx context.Context, a DonationAccrual) (Payout, error) {
	var out Payout
	err := s.store.InTx(ctx, func(tx pgx.Tx) error {
		amount, err := s.donationAmount(ctx, tx, a)
		if err != nil {
			return err
		}
		sessionID := a.SessionID
		p, inserted, err := s.repo.InsertPayout(ctx, tx, Payout{
			ID:          s.ids.New(),
			DonorID:     a.DonorID,
			SessionID:   &sessionID,
			Kind:        KindDonation,
			AmountCents: amount,
			Currency:    s.currency,
			CreatedAt:   s.now(),
		})
		if err != nil {
			return err
		}
		out = p
		if !inserted {
			return nil
		}
		if _, err := s.jobs.InsertTx(ctx, tx, jobs.PayoutArgs{PayoutID: p.ID}, nil); err != nil {
			return err
		}
		monthStart := time.Date(a.CompletedAt.Year(), a.CompletedAt.Month(), 1, 0, 0, 0, 0, time.UTC)
		n, err := s.repo.CompletedDonationsSince(ctx, tx, a.DonorID, monthStart)
		if err != nil {
			return err
		}
		if n == s.milestoneCount {
			_, err = s.jobs.InsertTx(ctx, tx, jobs.MilestoneBonusArgs{
				DonorID:   a.DonorID,
				Milestone: fmt.Sprintf("%s/%d", clock.MonthKey(a.CompletedAt), s.milestoneCount),
				Amount:    s.milestoneAmount,
			}, nil)
		}
		return err
	})
	if err != nil {
		return Payout{}, err
	}
	return out, nil
}

// ExecutePayout loads a pending payout onto the donor's card. The payout
// id is the issuer idempotency key, so a retry after a lost response gets
// the original load back.
func (s *service) ExecutePayout(ctx context.Context, payoutID string, attempt int) error {
	db := s.store.DB()
	p, err := s.repo.GetPayout(ctx, db, payoutID)
	if err != nil {
		return err
	}
	if p.Status != PayoutPending {
		return nil
	}
	card, err := s.repo.GetLiveCard(ctx, db, p.DonorID)
	if err != nil {
		return err
	}
	if card.Status == CardBlocked {
		return fmt.Errorf("card %s is blocked: %w", card.ID, ErrNoLiveCard)
	}

	load, callErr := s.issuer.LoadFunds(ctx, cardissuer.LoadRequest{
		CardID:      card.IssuerCardID,
		AmountCents: p.AmountCents,
		Currency:    p.Currency,
		Description: describePayout(p),
		Metadata:    map[string]string{"payout_id": p.ID, "donor_id": p.DonorID},
	}, cardissuer.WithIdempotencyKey("payout-"+p.ID))

	rec := PayoutAttempt{
		ID:          s.ids.New(),
		PayoutID:    p.ID,
		Attempt:     attempt,
		Outcome:     "submitted",
		AttemptedAt: s.now(),
	}
	if callErr != nil {
		rec.Outcome, rec.Detail = "error", callErr.Error()
	}
	if err := s.repo.AppendAttempt(ctx, db, rec); err != nil {
		s.log.Warn("could not record payout attempt", "payout_id", p.ID, "err", err)
	}
	if callErr != nil {
		return callErr
	}
	return s.repo.MarkPayoutSubmitted(ctx, db, p.ID, load.ID, s.now())
}

func describePayout(p Payout) string {
	switch p.Kind {
	case KindDonation:
		return "Plasma donation compensation"
	case KindAdjustment:
		return "Compensation adjustment"
	default:
		return "Donor compensation"
	}
}

// PayMilestone pays a monthly loyalty bonus once per donor and milestone.
func (s *service) PayMilestone(ctx context.Context, donorID, milestone string, amount int64) error {
	db := s.store.DB()
	award, err := s.repo.EnsureMilestone(ctx, db, MilestoneAward{DonorID: donorID, Milestone: milestone, AmountCents: amount})
	if err != nil {
		return err
	}
	if award.Status == "paid" {
		return nil
	}
	card, err := s.repo.GetLiveCard(ctx, db, donorID)
	if err != nil {
		return err
	}
	// Loads the issuer declined (card blocked, velocity limits) have to be
	// resubmitted as new loads once the card is sorted out, so every
	// attempt carries its own key.
	key := s.ids.New()
	load, err := s.issuer.LoadFunds(ctx, cardissuer.LoadRequest{
		CardID:      card.IssuerCardID,
		AmountCents: award.AmountCents,
		Currency:    s.currency,
		Description: "Loyalty bonus " + milestone,
		Metadata:    map[string]string{"donor_id": donorID, "milestone": milestone},
	}, cardissuer.WithIdempotencyKey(key))
	if err != nil {
		return err
	}
	return s.repo.MarkMilestonePaid(ctx, db, donorID, milestone, load.ID, s.now())
}

// ApplyLoadEvent records settlement or failure of a load. Milestone loads
// have no payout row, so the card's settled total is updated from the
// event itself.
func (s *service) ApplyLoadEvent(ctx context.Context, eventType string, data cardissuer.LoadEventData) error {
	now := s.now()
	return s.store.InTx(ctx, func(tx pgx.Tx) error {
		switch eventType {
		case cardissuer.EventLoadSettled:
			if err := s.repo.SetPayoutStatusByTransfer(ctx, tx, data.LoadID, PayoutSettled, "", now); err != nil {
				return err
			}
			return s.repo.AddSettled(ctx, tx, data.CardID, data.AmountCents)
		case cardissuer.EventLoadFailed:
			return s.repo.SetPayoutStatusByTransfer(ctx, tx, data.LoadID, PayoutFailed, data.FailureReason, now)
		default:
			return nil
		}
	})
}

// ApplyCardEvent mirrors the issuer's card status. Out-of-order deliveries
// are ignored by comparing event times.
func (s *service) ApplyCardEvent(ctx context.Context, data cardissuer.CardEventData, at time.Time) error {
	status := data.Status
	switch status {
	case CardActive, CardBlocked, CardClosed:
	default:
		return apperr.Invalid("unexpected card status %q", status)
	}
	changed, err := s.repo.UpdateCardStatus(ctx, s.store.DB(), data.CardID, status, at)
	if err != nil {
		return err
	}
	if changed {
		s.log.Info("card status changed", "issuer_card_id", data.CardID, "status", status)
	}
	return nil
}
