package service

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/google/uuid"
	"github.com/jmoiron/sqlx"

	"github.com/brightbay/washclub/internal/domain"
	"github.com/brightbay/washclub/internal/platform"
	"github.com/brightbay/washclub/internal/tasks"
)

// LoyaltyService runs the points programme.
type LoyaltyService interface {
	// Award credits points for a completed wash.
	Award(ctx context.Context, washID uuid.UUID) error
	// Redeem exchanges points for a wash credit.
	Redeem(ctx context.Context, customerID uuid.UUID, rewardCode string) (*domain.WashCredit, error)
	Balance(ctx context.Context, customerID uuid.UUID) (*domain.LoyaltyAccount, error)
}

// PointsPolicy turns a wash into points.
type PointsPolicy struct {
	PointsPerDollar int64
	// MemberWashPoints is awarded for subscription washes, which carry no
	// price of their own.
	MemberWashPoints int64
}

// PointsFor returns the points a wash earns.
func (p PointsPolicy) PointsFor(w *domain.Wash) int64 {
	switch w.Source {
	case domain.SourceMember:
		return p.MemberWashPoints
	case domain.SourceRewash, domain.SourceFleet:
		return 0
	default:
		return w.AmountCents * p.PointsPerDollar / 100
	}
}

type loyaltyService struct {
	db        *sqlx.DB
	repo      LoyaltyRepository
	washes    WashRepository
	customers CustomerRepository
	queue     tasks.Enqueuer
	policy    PointsPolicy
	now       platform.Clock
}

// NewLoyaltyService returns the LoyaltyService.
func NewLoyaltyService(db *sqlx.DB, repo LoyaltyRepository, washes WashRepository, customers CustomerRepository,
	queue tasks.Enqueuer, policy PointsPolicy, now platform.Clock,
) LoyaltyService {
	return &loyaltyService{db: db, repo: repo, washes: washes, customers: customers, queue: queue, policy: policy, now: now}
}

func (s *loyaltyService) Award(ctx context.Context, washID uuid.UUID) error {
	wash, err := s.washes.Get(ctx, s.db, washID)
	if err != nil {
		return err
	}
	if !wash.CustomerID.Valid || wash.Status != domain.WashCompleted {
		return nil
	}
	points := s.policy.PointsFor(wash)
	if points <= 0 {
		return nil
	}
	customerID := wash.CustomerID.UUID

	err = platform.WithTx(ctx, s.db, func(tx *sqlx.Tx) error {
		if err := s.repo.EnsureAccount(ctx, tx, customerID); err != nil {
			return err
		}
		entry := &domain.LedgerEntry{
			ID:         uuid.New(),
			CustomerID: customerID,
			WashID:     uuid.NullUUID{UUID: wash.ID, Valid: true},
			Reason:     domain.LedgerEarn,
			Points:     points,
		}
		if err := s.repo.InsertLedger(ctx, tx, entry); err != nil {
			return fmt.Errorf("insert earn entry: %w", err)
		}
		return s.repo.Credit(ctx, tx, customerID, points)
	})
	if err != nil {
		return err
	}

	cust, err := s.customers.Get(ctx, s.db, customerID)
	if err != nil || !cust.Phone.Valid {
		return err
	}
	acct, err := s.repo.Account(ctx, s.db, customerID)
	if err != nil {
		return err
	}
	return tasks.Enqueue(ctx, s.queue, tasks.TypeSendSMS, tasks.SendSMSPayload{
		To:        cust.Phone.String,
		Body:      fmt.Sprintf("Thanks for washing with BrightBay! +%d points (balance %d).", points, acct.Balance),
		Reference: "points:" + wash.ID.String(),
	})
}

func (s *loyaltyService) Redeem(ctx context.Context, customerID uuid.UUID, rewardCode string) (*domain.WashCredit, error) {
	reward, ok := domain.Rewards[rewardCode]
	if !ok {
		return nil, domain.Invalid("reward", "unknown reward")
	}
	ok, err := s.repo.Debit(ctx, s.db, customerID, reward.CostPoints)
	if err != nil {
		return nil, fmt.Errorf("debit points: %w", err)
	}
	if !ok {
		return nil, domain.ErrInsufficientPoints
	}

	now := s.now()
	credit := &domain.WashCredit{
		ID:         uuid.New(),
		CustomerID: customerID,
		Source:     "loyalty",
		Program:    reward.Program,
		ExpiresAt:  now.Add(time.Duration(reward.ValidDays) * 24 * time.Hour),
		CreatedAt:  now,
	}
	if err := s.repo.IssueCredit(ctx, s.db, credit); err != nil {
		return nil, fmt.Errorf("issue credit: %w", err)
	}
	entry := &domain.LedgerEntry{
		ID:         uuid.New(),
		CustomerID: customerID,
		Reason:     domain.LedgerRedeem,
		Points:     -reward.CostPoints,
		Reference:  sql.NullString{String: "credit:" + credit.ID.String(), Valid: true},
	}
	if err := s.repo.InsertLedger(ctx, s.db, entry); err != nil {
		return nil, fmt.Errorf("ledger redeem: %w", err)
	}
	return credit, nil
}

func (s *loyaltyService) Balance(ctx context.Context, customerID uuid.UUID) (*domain.LoyaltyAccount, error) {
	acct, err := s.repo.Account(ctx, s.db, customerID)
	if errors.Is(err, domain.ErrNotFound) {
		return &domain.LoyaltyAccount{CustomerID: customerID}, nil
	}
	return acct, err
}
