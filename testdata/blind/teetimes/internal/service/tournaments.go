package service

import (
	"context"
	"errors"
	"fmt"
	"sort"
	"strconv"
	"time"

	"go.uber.org/fx"
	"go.uber.org/zap"

	"github.com/fairwaylinks/teetimes/internal/domain"
	"github.com/fairwaylinks/teetimes/internal/payments"
	"github.com/fairwaylinks/teetimes/internal/platform/db"
	"github.com/fairwaylinks/teetimes/internal/platform/ids"
	"github.com/fairwaylinks/teetimes/internal/queue"
	"github.com/fairwaylinks/teetimes/internal/store"
)

// EnterTournamentInput enters a member into a tournament.
type EnterTournamentInput struct {
	TournamentID string
	MemberID     string
	Handicap     float64
}

// EntryResult is an entry awaiting its fee.
type EntryResult struct {
	Entry        *domain.TournamentEntry
	ClientSecret string
}

// Placing is a finishing position and its prize.
type Placing struct {
	Position    int    `json:"position"`
	MemberID    string `json:"member_id"`
	AmountCents int64  `json:"amount_cents"`
}

// ErrNoPayoutAccount means the winner has not connected a payout account.
var ErrNoPayoutAccount = errors.New("member has no payout account")

// Tournaments runs entries and prize payouts.
type Tournaments interface {
	Enter(ctx context.Context, in EnterTournamentInput) (*EntryResult, error)
	AwardPrizes(ctx context.Context, tournamentID string, placings []Placing) ([]domain.PrizeAward, error)
	PayPrize(ctx context.Context, awardID string, attempt int) error
}

// TournamentParams are the dependencies of the tournament service.
type TournamentParams struct {
	fx.In

	Log         *zap.Logger
	UoW         db.UnitOfWork
	Tournaments store.TournamentStore
	Entries     store.EntryStore
	Awards      store.AwardStore
	Attempts    store.TransferAttemptStore
	Members     store.MemberStore
	Payments    payments.Client
	Jobs        queue.Enqueuer
}

type tournamentService struct {
	log         *zap.Logger
	uow         db.UnitOfWork
	tournaments store.TournamentStore
	entries     store.EntryStore
	awards      store.AwardStore
	attempts    store.TransferAttemptStore
	members     store.MemberStore
	payments    payments.Client
	jobs        queue.Enqueuer

	newID ids.Func
	now   func() time.Time
}

// NewTournamentService builds the tournament service.
func NewTournamentService(p TournamentParams) *tournamentService {
	return &tournamentService{
		log:         p.Log.Named("tournaments"),
		uow:         p.UoW,
		tournaments: p.Tournaments,
		entries:     p.Entries,
		awards:      p.Awards,
		attempts:    p.Attempts,
		members:     p.Members,
		payments:    p.Payments,
		jobs:        p.Jobs,
		newID:       ids.NewULID,
		now:         func() time.Time { return time.Now().UTC() },
	}
}

// Enter reserves a place in the field and opens a PaymentIntent for the
// entry fee.
func (s *tournamentService) Enter(ctx context.Context, in EnterTournamentInput) (*EntryResult, error) {
	if in.Handicap < -10 || in.Handicap > 54 {
		return nil, invalid("handicap must be between -10 and 54")
	}
	t, err := s.tournaments.Get(ctx, in.TournamentID)
	if err != nil {
		return nil, notFoundOr(err, "tournament")
	}
	if t.Status != domain.TournamentOpen || !t.StartsAt.After(s.now()) {
		return nil, conflict("entries for %s are closed", t.Name)
	}
	taken, err := s.entries.CountActive(ctx, t.ID)
	if err != nil {
		return nil, err
	}
	if taken >= int64(t.FieldSize) {
		return nil, conflict("the field is full")
	}
	member, err := s.members.Get(ctx, in.MemberID)
	if err != nil {
		return nil, notFoundOr(err, "member")
	}

	now := s.now()
	entry := &domain.TournamentEntry{
		ID:           s.newID(),
		TournamentID: t.ID,
		MemberID:     member.ID,
		Handicap:     in.Handicap,
		FeeCents:     t.EntryFeeCents,
		Status:       domain.EntryPendingPayment,
		CreatedAt:    now,
		UpdatedAt:    now,
	}
	if err := s.entries.Create(ctx, entry); err != nil {
		if db.IsUniqueViolation(err) {
			return nil, conflict("member is already entered")
		}
		return nil, err
	}

	pi, err := s.payments.CreatePaymentIntent(ctx, payments.PaymentIntentRequest{
		AmountCents:  t.EntryFeeCents,
		Currency:     t.Currency,
		CustomerID:   deref(member.StripeCustomerID),
		Description:  "Entry: " + t.Name,
		ReceiptEmail: member.Email,
		Metadata: map[string]string{
			"kind":          "tournament_entry",
			"entry_id":      entry.ID,
			"tournament_id": t.ID,
		},
		IdempotencyKey: payments.Key("tournament-entry", entry.ID),
	})
	if err != nil {
		return nil, fmt.Errorf("entry %s payment intent: %w", entry.ID, err)
	}
	if _, err := s.entries.Update(ctx, entry.ID, map[string]any{"payment_intent_id": pi.ID, "updated_at": now}); err != nil {
		return nil, err
	}
	entry.PaymentIntentID = &pi.ID
	return &EntryResult{Entry: entry, ClientSecret: pi.ClientSecret}, nil
}

// AwardPrizes records the prize table for a finished tournament and queues
// one payout per placing. Award ids are derived from (tournament,
// position), and a placing that already exists is left untouched.
func (s *tournamentService) AwardPrizes(ctx context.Context, tournamentID string, placings []Placing) ([]domain.PrizeAward, error) {
	if len(placings) == 0 {
		return nil, invalid("at least one placing is required")
	}
	sort.Slice(placings, func(i, j int) bool { return placings[i].Position < placings[j].Position })
	var total int64
	seen := map[int]bool{}
	for _, p := range placings {
		if p.Position < 1 || p.AmountCents <= 0 || p.MemberID == "" {
			return nil, invalid("each placing needs a position, member_id and a positive amount")
		}
		if seen[p.Position] {
			return nil, invalid("position %d appears twice", p.Position)
		}
		seen[p.Position] = true
		total += p.AmountCents
	}

	var out []domain.PrizeAward
	err := s.uow.Do(ctx, func(ctx context.Context) error {
		t, err := s.tournaments.GetForUpdate(ctx, tournamentID)
		if err != nil {
			return notFoundOr(err, "tournament")
		}
		if t.Status == domain.TournamentOpen {
			return conflict("close the tournament before awarding prizes")
		}
		if total > t.PrizePoolCents {
			return invalid("prizes total %d exceeds the pool of %d", total, t.PrizePoolCents)
		}
		now := s.now()
		for _, p := range placings {
			award := domain.PrizeAward{
				ID:           ids.Derive("prize-award", t.ID, strconv.Itoa(p.Position)),
				TournamentID: t.ID,
				Position:     p.Position,
				MemberID:     p.MemberID,
				AmountCents:  p.AmountCents,
				Currency:     t.Currency,
				Status:       domain.AwardPending,
				CreatedAt:    now,
			}
			created, err := s.awards.CreateIgnoreConflict(ctx, &award, "tournament_id", "position")
			if err != nil {
				return err
			}
			if created {
				if _, err := s.jobs.EnqueueTx(ctx, queue.PrizePayoutArgs{AwardID: award.ID}); err != nil {
					return err
				}
			}
			out = append(out, award)
		}
		_, err = s.tournaments.Update(ctx, t.ID, map[string]any{"status": domain.TournamentFinished})
		return err
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// PayPrize transfers a prize to the winner's connected account. Each
// attempt is logged for finance before the award is marked paid.
func (s *tournamentService) PayPrize(ctx context.Context, awardID string, attempt int) error {
	award, err := s.awards.Get(ctx, awardID)
	if err != nil {
		return notFoundOr(err, "prize award")
	}
	if award.Status == domain.AwardPaid {
		return nil
	}
	member, err := s.members.Get(ctx, award.MemberID)
	if err != nil {
		return err
	}
	if member.PayoutAccountID == nil {
		return ErrNoPayoutAccount
	}

	tr, err := s.payments.Transfer(ctx, payments.TransferRequest{
		DestinationAccount: *member.PayoutAccountID,
		AmountCents:        award.AmountCents,
		Currency:           award.Currency,
		TransferGroup:      "tournament_" + award.TournamentID,
		Description:        fmt.Sprintf("Prize, position %d", award.Position),
		Metadata: map[string]string{
			"award_id":      award.ID,
			"tournament_id": award.TournamentID,
		},
		IdempotencyKey: payments.Key("prize-award", award.ID),
	})
	s.logAttempt(ctx, award.ID, attempt, tr, err)
	if err != nil {
		return fmt.Errorf("prize %s transfer: %w", award.ID, err)
	}

	now := s.now()
	_, err = s.awards.UpdateWhere(ctx,
		map[string]any{"status": domain.AwardPaid, "transfer_id": tr.ID, "paid_at": now},
		"id = ? AND status = ?", award.ID, domain.AwardPending)
	return err
}

func (s *tournamentService) logAttempt(ctx context.Context, awardID string, attempt int, tr *payments.Transfer, callErr error) {
	rec := &domain.TransferAttempt{
		ID:          s.newID(),
		SubjectType: "prize_award",
		SubjectID:   awardID,
		Attempt:     attempt,
		Outcome:     "succeeded",
		CreatedAt:   s.now(),
	}
	if callErr != nil {
		rec.Outcome, rec.Error = "failed", callErr.Error()
	} else {
		rec.TransferID = &tr.ID
	}
	if err := s.attempts.Create(ctx, rec); err != nil {
		s.log.Warn("could not log transfer attempt", zap.String("award_id", awardID), zap.Error(err))
	}
}
