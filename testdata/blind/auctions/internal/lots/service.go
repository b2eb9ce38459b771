// Package lots implements listing management: creating and publishing
// lots, watch lists, questions, cancellation and second-chance offers.
package lots

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"time"

	"github.com/hammerline/auctions/internal/domain"
	"github.com/hammerline/auctions/internal/notify"
	"github.com/hammerline/auctions/internal/platform/idem"
	"github.com/hammerline/auctions/internal/platform/ids"
	"github.com/hammerline/auctions/internal/platform/pgdb"
	"github.com/hammerline/auctions/internal/store"
)

// Repository is the lot persistence the service needs.
type Repository interface {
	Insert(ctx context.Context, q pgdb.Querier, l domain.Lot) error
	Get(ctx context.Context, q pgdb.Querier, id string) (domain.Lot, error)
	GetForUpdate(ctx context.Context, q pgdb.Querier, id string) (domain.Lot, error)
	ListBySeller(ctx context.Context, q pgdb.Querier, sellerID string, after pgdb.Cursor, limit int) (pgdb.Page[domain.Lot], error)
	TransitionStatus(ctx context.Context, q pgdb.Querier, id string, from, to domain.LotStatus) (bool, error)
	SetStatus(ctx context.Context, q pgdb.Querier, id string, status domain.LotStatus, reason string) error
	AddWatcher(ctx context.Context, q pgdb.Querier, lotID, userID string) error
	RemoveWatcher(ctx context.Context, q pgdb.Querier, lotID, userID string) error
	InsertQuestion(ctx context.Context, q pgdb.Querier, qs domain.Question, clientRef string) (domain.Question, error)
	UpsertOffer(ctx context.Context, q pgdb.Querier, o domain.SecondChanceOffer) (domain.SecondChanceOffer, bool, error)
	GetResult(ctx context.Context, q pgdb.Querier, lotID string) (domain.AuctionResult, error)
}

// BidRepository is the bid persistence the service needs.
type BidRepository interface {
	Ranked(ctx context.Context, q pgdb.Querier, lotID string, limit int) ([]domain.Bid, error)
	Count(ctx context.Context, q pgdb.Querier, lotID string) (int, error)
	VoidAll(ctx context.Context, q pgdb.Querier, lotID string) (int64, error)
}

// LedgerWriter appends ledger entries.
type LedgerWriter interface {
	Append(ctx context.Context, q pgdb.Querier, entries ...domain.LedgerEntry) error
}

// AccountReader loads accounts.
type AccountReader interface {
	Get(ctx context.Context, q pgdb.Querier, id string) (domain.Account, error)
}

// Scheduler starts and stops the durable auction-close process for a lot.
type Scheduler interface {
	ScheduleClose(ctx context.Context, lotID string, endsAt time.Time) error
	CancelClose(ctx context.Context, lotID, reason string) error
}

// Service is the lot management API.
type Service interface {
	Create(ctx context.Context, idemKey string, in CreateInput) (domain.Lot, error)
	Get(ctx context.Context, id string) (domain.Lot, error)
	ListBySeller(ctx context.Context, sellerID, cursor string, limit int) (pgdb.Page[domain.Lot], error)
	Publish(ctx context.Context, sellerID, lotID string) (domain.Lot, error)
	Watch(ctx context.Context, lotID, userID string) error
	Unwatch(ctx context.Context, lotID, userID string) error
	Cancel(ctx context.Context, sellerID, lotID, reason string) error
	Ask(ctx context.Context, lotID, askerID, clientRef, body string) (domain.Question, error)
	OfferSecondChance(ctx context.Context, sellerID, lotID, bidderID string) (domain.SecondChanceOffer, error)
}

// CreateInput is the payload for a new lot.
type CreateInput struct {
	SellerID       string
	Title          string
	Description    string
	Category       string
	Currency       string
	StartCents     int64
	ReserveCents   int64
	IncrementCents int64
	WeightGrams    int
	StartsAt       time.Time
	EndsAt         time.Time
}

func (in CreateInput) validate() error {
	switch {
	case in.Title == "":
		return fmt.Errorf("%w: title is required", domain.ErrInvalidInput)
	case in.StartCents <= 0:
		return fmt.Errorf("%w: start price must be positive", domain.ErrInvalidInput)
	case !in.EndsAt.After(in.StartsAt):
		return fmt.Errorf("%w: auction must end after it starts", domain.ErrInvalidInput)
	case in.EndsAt.Sub(in.StartsAt) > 30*24*time.Hour:
		return fmt.Errorf("%w: auctions run at most 30 days", domain.ErrInvalidInput)
	}
	return nil
}

func (in CreateInput) hash() string {
	return idem.Hash(in.SellerID, in.Title, in.Description, in.Category, in.Currency,
		strconv.FormatInt(in.StartCents, 10), strconv.FormatInt(in.ReserveCents, 10),
		in.StartsAt.UTC().Format(time.RFC3339), in.EndsAt.UTC().Format(time.RFC3339))
}

// Deps groups the service's collaborators.
type Deps struct {
	DB             pgdb.DB
	Lots           Repository
	Bids           BidRepository
	Ledger         LedgerWriter
	Accounts       AccountReader
	Keys           *idem.Store
	Scheduler      Scheduler
	Notifier       notify.Sender
	CancelFeeCents int64
	Now            func() time.Time
}

type service struct {
	Deps
}

// NewService wires a Service.
func NewService(d Deps) Service {
	if d.Now == nil {
		d.Now = time.Now
	}
	return &service{Deps: d}
}

func (s *service) Create(ctx context.Context, idemKey string, in CreateInput) (domain.Lot, error) {
	if err := in.validate(); err != nil {
		return domain.Lot{}, err
	}
	if in.Currency == "" {
		in.Currency = "usd"
	}
	if in.IncrementCents == 0 {
		in.IncrementCents = defaultIncrement(in.StartCents)
	}
	scope := "lots.create:" + in.SellerID
	return pgdb.WithTx(ctx, s.DB, func(q pgdb.Querier) (domain.Lot, error) {
		claim, err := s.Keys.Claim(ctx, q, scope, idemKey, in.hash())
		if err != nil {
			return domain.Lot{}, err
		}
		if !claim.Fresh {
			return s.Lots.Get(ctx, q, claim.ResourceID)
		}
		lot := domain.Lot{
			ID:             ids.Lot(),
			SellerID:       in.SellerID,
			Title:          in.Title,
			Description:    in.Description,
			Category:       in.Category,
			Currency:       in.Currency,
			StartCents:     in.StartCents,
			ReserveCents:   in.ReserveCents,
			IncrementCents: in.IncrementCents,
			WeightGrams:    in.WeightGrams,
			Status:         domain.LotDraft,
			StartsAt:       in.StartsAt,
			EndsAt:         in.EndsAt,
		}
		if err := s.Lots.Insert(ctx, q, lot); err != nil {
			return domain.Lot{}, err
		}
		if err := s.Keys.Complete(ctx, q, scope, idemKey, lot.ID); err != nil {
			return domain.Lot{}, err
		}
		return lot, nil
	})
}

func defaultIncrement(start int64) int64 {
	switch {
	case start < 10_00:
		return 50
	case start < 100_00:
		return 1_00
	case start < 1000_00:
		return 5_00
	default:
		return 25_00
	}
}

func (s *service) Get(ctx context.Context, id string) (domain.Lot, error) {
	return s.Lots.Get(ctx, s.DB, id)
}

func (s *service) ListBySeller(ctx context.Context, sellerID, cursor string, limit int) (pgdb.Page[domain.Lot], error) {
	after, err := pgdb.DecodeCursor(cursor)
	if err != nil {
		return pgdb.Page[domain.Lot]{}, fmt.Errorf("%w: %v", domain.ErrInvalidInput, err)
	}
	if limit <= 0 || limit > 100 {
		limit = 25
	}
	return s.Lots.ListBySeller(ctx, s.DB, sellerID, after, limit)
}

func (s *service) Publish(ctx context.Context, sellerID, lotID string) (domain.Lot, error) {
	lot, err := pgdb.WithTx(ctx, s.DB, func(q pgdb.Querier) (domain.Lot, error) {
		lot, err := s.Lots.GetForUpdate(ctx, q, lotID)
		if err != nil {
			return domain.Lot{}, err
		}
		if lot.SellerID != sellerID {
			return domain.Lot{}, domain.ErrForbidden
		}
		switch lot.Status {
		case domain.LotScheduled, domain.LotLive:
			return lot, nil
		case domain.LotDraft:
		default:
			return domain.Lot{}, fmt.Errorf("%w: lot is %s", domain.ErrConflict, lot.Status)
		}
		if !lot.EndsAt.After(s.Now()) {
			return domain.Lot{}, fmt.Errorf("%w: end time has passed", domain.ErrInvalidInput)
		}
		if _, err := s.Lots.TransitionStatus(ctx, q, lotID, domain.LotDraft, domain.LotScheduled); err != nil {
			return domain.Lot{}, err
		}
		lot.Status = domain.LotScheduled
		return lot, nil
	})
	if err != nil {
		return domain.Lot{}, err
	}
	if err := s.Scheduler.ScheduleClose(ctx, lot.ID, lot.EndsAt); err != nil {
		return domain.Lot{}, fmt.Errorf("schedule close: %w", err)
	}
	return lot, nil
}

func (s *service) Watch(ctx context.Context, lotID, userID string) error {
	if _, err := s.Lots.Get(ctx, s.DB, lotID); err != nil {
		return err
	}
	return s.Lots.AddWatcher(ctx, s.DB, lotID, userID)
}

func (s *service) Unwatch(ctx context.Context, lotID, userID string) error {
	return s.Lots.RemoveWatcher(ctx, s.DB, lotID, userID)
}

func (s *service) Ask(ctx context.Context, lotID, askerID, clientRef, body string) (domain.Question, error) {
	if body == "" || len(body) > 2000 {
		return domain.Question{}, fmt.Errorf("%w: question must be 1-2000 characters", domain.ErrInvalidInput)
	}
	lot, err := s.Lots.Get(ctx, s.DB, lotID)
	if err != nil {
		return domain.Question{}, err
	}
	if lot.SellerID == askerID {
		return domain.Question{}, fmt.Errorf("%w: sellers cannot ask on their own lots", domain.ErrInvalidInput)
	}
	q := domain.Question{ID: ids.Question(), LotID: lotID, AskerID: askerID, Body: body}
	return s.Lots.InsertQuestion(ctx, s.DB, q, clientRef)
}

// ErrNoUnderbidder is returned when a second-chance offer has no recipient.
var ErrNoUnderbidder = errors.New("bidder did not bid on this lot")

func (s *service) OfferSecondChance(ctx context.Context, sellerID, lotID, bidderID string) (domain.SecondChanceOffer, error) {
	lot, err := s.Lots.Get(ctx, s.DB, lotID)
	if err != nil {
		return domain.SecondChanceOffer{}, err
	}
	if lot.SellerID != sellerID {
		return domain.SecondChanceOffer{}, domain.ErrForbidden
	}
	if lot.Status != domain.LotSold && lot.Status != domain.LotUnsold {
		return domain.SecondChanceOffer{}, fmt.Errorf("%w: lot has not closed", domain.ErrConflict)
	}
	ranked, err := s.Bids.Ranked(ctx, s.DB, lotID, 10)
	if err != nil {
		return domain.SecondChanceOffer{}, err
	}
	var amount int64
	for _, b := range ranked {
		if b.BidderID == bidderID {
			amount = b.AmountCents
			break
		}
	}
	if amount == 0 {
		return domain.SecondChanceOffer{}, ErrNoUnderbidder
	}
	offer, _, err := s.Lots.UpsertOffer(ctx, s.DB, domain.SecondChanceOffer{
		ID: ids.Offer(), LotID: lotID, BidderID: bidderID, AmountCents: amount,
		ExpiresAt: s.Now().Add(48 * time.Hour),
	})
	if err != nil {
		return domain.SecondChanceOffer{}, err
	}
	bidder, err := s.Accounts.Get(ctx, s.DB, bidderID)
	if err != nil {
		return domain.SecondChanceOffer{}, err
	}
	msg := notify.Compose(notify.TplSecondChance).
		To(bidder.Email).
		With("lot_title", lot.Title).
		With("amount", formatCents(offer.AmountCents, lot.Currency)).
		With("offer_id", offer.ID).
		Key("second-chance/" + offer.ID).
		Build()
	if _, err := s.Notifier.Send(ctx, msg); err != nil {
		return domain.SecondChanceOffer{}, fmt.Errorf("notify underbidder: %w", err)
	}
	return offer, nil
}

func formatCents(c int64, currency string) string {
	return fmt.Sprintf("%d.%02d %s", c/100, c%100, currency)
}

var _ LedgerWriter = (*store.Ledger)(nil)
