package service

import (
	"context"
	"crypto/rand"
	"encoding/base32"
	"errors"
	"log/slog"
	"time"

	"github.com/google/uuid"
	"github.com/uptrace/bun"

	"github.com/summitline/skipass/internal/model"
	"github.com/summitline/skipass/internal/store"
)

// PointsPerRideDay is what a guest earns on any day with at least one ride.
const PointsPerRideDay = 50

type reward struct {
	Points int
	Title  string
}

var rewardCatalogue = map[string]reward{
	"HOT-CHOC":     {Points: 150, Title: "Hot chocolate at any mountain restaurant"},
	"LUNCH":        {Points: 600, Title: "Lunch voucher"},
	"SKI-SERVICE":  {Points: 900, Title: "Ski service at Summit Rentals"},
	"DAY-TICKET":   {Points: 2500, Title: "Adult day ticket"},
	"FAST-LANE-1D": {Points: 1200, Title: "One day of fast-lane access"},
}

type RedeemInput struct {
	AccountID      string
	RewardCode     string
	IdempotencyKey string
}

// LoyaltyService grants ride-day points and redeems them for rewards.
type LoyaltyService interface {
	GrantRideDay(ctx context.Context, accountID, passID string, day time.Time) (bool, error)
	CreditPoints(ctx context.Context, accountID string, points int, ref string) error
	MarkGranted(ctx context.Context, keys []store.RideDayKey) error
	Redeem(ctx context.Context, in RedeemInput) (*model.LoyaltyRedemption, error)
}

type loyaltyService struct {
	db       *bun.DB
	accounts store.Accounts
	ledger   store.Loyalty
	rideDays store.RideDays
	keys     store.Keys
	log      *slog.Logger
}

func NewLoyaltyService(db *bun.DB, accounts store.Accounts, ledger store.Loyalty, rideDays store.RideDays,
	keys store.Keys, log *slog.Logger) *loyaltyService {
	return &loyaltyService{db: db, accounts: accounts, ledger: ledger, rideDays: rideDays, keys: keys, log: log}
}

// GrantRideDay credits the once-per-day ride points. It reports whether
// points were added by this call.
func (s *loyaltyService) GrantRideDay(ctx context.Context, accountID, passID string, day time.Time) (bool, error) {
	return withTx(ctx, s.db, func(ctx context.Context, tx bun.Tx) (bool, error) {
		inserted, err := s.ledger.InsertRideDay(ctx, tx, &model.LoyaltyEntry{
			AccountID: accountID,
			RideDate:  &day,
			Points:    PointsPerRideDay,
			Ref:       passID,
		})
		if err != nil {
			return false, err
		}
		if inserted {
			if err := s.accounts.AddPoints(ctx, tx, accountID, PointsPerRideDay); err != nil {
				return false, err
			}
		}
		return inserted, s.rideDays.MarkGrantedOne(ctx, tx, accountID, day)
	})
}

// CreditPoints adds a manual or batch adjustment to the balance.
func (s *loyaltyService) CreditPoints(ctx context.Context, accountID string, points int, ref string) error {
	_, err := withTx(ctx, s.db, func(ctx context.Context, tx bun.Tx) (int, error) {
		if err := s.ledger.InsertEntry(ctx, tx, &model.LoyaltyEntry{
			AccountID: accountID,
			EntryType: model.EntryAdjustment,
			Points:    points,
			Ref:       ref,
		}); err != nil {
			return 0, err
		}
		return points, s.accounts.AddPoints(ctx, tx, accountID, points)
	})
	return err
}

func (s *loyaltyService) MarkGranted(ctx context.Context, keys []store.RideDayKey) error {
	_, err := withTx(ctx, s.db, func(ctx context.Context, tx bun.Tx) (int, error) {
		return len(keys), s.rideDays.MarkGranted(ctx, tx, keys)
	})
	return err
}

const scopeRedeem = "loyalty-redeem"

func (s *loyaltyService) Redeem(ctx context.Context, in RedeemInput) (*model.LoyaltyRedemption, error) {
	rw, ok := rewardCatalogue[in.RewardCode]
	if !ok {
		return nil, ErrInvalid
	}
	scopedKey := in.AccountID + ":" + in.IdempotencyKey
	if in.IdempotencyKey != "" {
		prior, err := s.keys.Find(ctx, s.db, scopeRedeem, scopedKey)
		switch {
		case err == nil:
			return s.ledger.GetRedemption(ctx, s.db, prior.ResourceID)
		case !errors.Is(err, store.ErrNotFound):
			return nil, err
		}
	}

	red, err := withTx(ctx, s.db, func(ctx context.Context, tx bun.Tx) (*model.LoyaltyRedemption, error) {
		ok, err := s.accounts.DebitPoints(ctx, tx, in.AccountID, rw.Points)
		if err != nil {
			return nil, err
		}
		if !ok {
			return nil, ErrInsufficient
		}
		red := &model.LoyaltyRedemption{
			ID:          uuid.NewString(),
			AccountID:   in.AccountID,
			RewardCode:  in.RewardCode,
			Points:      rw.Points,
			VoucherCode: voucherCode(),
		}
		if err := s.ledger.InsertRedemption(ctx, tx, red); err != nil {
			return nil, err
		}
		return red, s.ledger.InsertEntry(ctx, tx, &model.LoyaltyEntry{
			AccountID: in.AccountID,
			EntryType: model.EntryRedemption,
			Points:    -rw.Points,
			Ref:       red.ID,
		})
	})
	if err != nil {
		return nil, err
	}

	if in.IdempotencyKey != "" {
		if err := s.keys.Record(ctx, s.db, &model.IdempotencyKey{
			Scope:        scopeRedeem,
			Key:          scopedKey,
			ResourceID:   red.ID,
			ResponseCode: 201,
		}); err != nil {
			s.log.Error("record redemption key", "account_id", in.AccountID, "err", err)
		}
	}
	return red, nil
}

var voucherEnc = base32.StdEncoding.WithPadding(base32.NoPadding)

func voucherCode() string {
	b := make([]byte, 8)
	_, _ = rand.Read(b)
	return "SUM-" + voucherEnc.EncodeToString(b)
}

type ProfileInput struct {
	AccountID      string
	DisplayName    string
	Phone          string
	MarketingOptIn bool
}

// AccountService edits guest profiles.
type AccountService interface {
	UpdateProfile(ctx context.Context, in ProfileInput) (*model.Account, error)
}

type accountService struct {
	db       *bun.DB
	accounts store.Accounts
}

func NewAccountService(db *bun.DB, accounts store.Accounts) *accountService {
	return &accountService{db: db, accounts: accounts}
}

func (s *accountService) UpdateProfile(ctx context.Context, in ProfileInput) (*model.Account, error) {
	a := &model.Account{
		ID:             in.AccountID,
		DisplayName:    in.DisplayName,
		Phone:          in.Phone,
		MarketingOptIn: in.MarketingOptIn,
	}
	if err := s.accounts.UpdateProfile(ctx, s.db, a); err != nil {
		return nil, mapErr(err)
	}
	return s.accounts.Get(ctx, s.db, in.AccountID)
}
