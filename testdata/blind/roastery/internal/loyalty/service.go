// Package loyalty runs the subscriber points programme: points are earned
// on every paid month and on delivered boxes, and redeemed for store
// vouchers.
package loyalty

import (
	"context"
	"errors"
	"fmt"
	"log/slog"

	"github.com/google/uuid"
	"gorm.io/gorm"

	"github.com/ridgeline-coffee/roastery/internal/db"
	"github.com/ridgeline-coffee/roastery/internal/ids"
	"github.com/ridgeline-coffee/roastery/internal/models"
)

// Errors returned to the API layer.
var (
	ErrInvalid            = errors.New("loyalty: invalid request")
	ErrInsufficientPoints = errors.New("loyalty: insufficient points")
	ErrNoAccount          = errors.New("loyalty: no loyalty account")
)

// Service is used by the HTTP handlers.
type Service interface {
	Balance(ctx context.Context, customerID uuid.UUID) (*models.LoyaltyAccount, error)
	Redeem(ctx context.Context, req RedeemRequest) (*models.LoyaltyRedemption, error)
}

// RedeemRequest exchanges points for a voucher.
type RedeemRequest struct {
	IdempotencyKey string    `json:"-"`
	CustomerID     uuid.UUID `json:"customer_id"`
	Points         int       `json:"points"`
}

// redemptionStep is the voucher granularity.
const redemptionStep = 100

type service struct {
	db          *gorm.DB
	accounts    *db.Repo[models.LoyaltyAccount]
	redemptions *db.Repo[models.LoyaltyRedemption]
	ledger      *db.Repo[models.LoyaltyLedgerEntry]
	log         *slog.Logger
}

// NewService returns the loyalty service.
func NewService(gdb *gorm.DB, log *slog.Logger) Service {
	return &service{
		db:          gdb,
		accounts:    db.NewRepo[models.LoyaltyAccount](gdb),
		redemptions: db.NewRepo[models.LoyaltyRedemption](gdb),
		ledger:      db.NewRepo[models.LoyaltyLedgerEntry](gdb),
		log:         log.With("component", "loyalty"),
	}
}

// Balance returns the customer's account.
func (s *service) Balance(ctx context.Context, customerID uuid.UUID) (*models.LoyaltyAccount, error) {
	acct, err := s.accounts.FindOne(ctx, "customer_id = ?", customerID)
	if errors.Is(err, db.ErrNotFound) {
		return nil, ErrNoAccount
	}
	return acct, err
}

// Redeem deducts points and issues a voucher code. A repeated
// Idempotency-Key returns the voucher already issued.
func (s *service) Redeem(ctx context.Context, req RedeemRequest) (*models.LoyaltyRedemption, error) {
	if req.IdempotencyKey == "" || req.CustomerID == uuid.Nil {
		return nil, fmt.Errorf("%w: customer_id and Idempotency-Key are required", ErrInvalid)
	}
	if req.Points <= 0 || req.Points%redemptionStep != 0 {
		return nil, fmt.Errorf("%w: points must be a positive multiple of %d", ErrInvalid, redemptionStep)
	}

	existing, err := s.redemptions.FindOne(ctx, "request_key = ?", req.IdempotencyKey)
	if err == nil {
		return existing, nil
	}
	if !errors.Is(err, db.ErrNotFound) {
		return nil, err
	}

	res := s.db.WithContext(ctx).Exec(`UPDATE loyalty_accounts
		SET balance_points = balance_points - ?, updated_at = now()
		WHERE customer_id = ? AND balance_points >= ?`, req.Points, req.CustomerID, req.Points)
	if res.Error != nil {
		return nil, res.Error
	}
	if res.RowsAffected == 0 {
		return nil, ErrInsufficientPoints
	}

	red := &models.LoyaltyRedemption{
		ID:          ids.UUID(),
		CustomerID:  req.CustomerID,
		RequestKey:  req.IdempotencyKey,
		Points:      req.Points,
		VoucherCode: ids.VoucherCode(),
	}
	if err := s.redemptions.Create(ctx, red); err != nil {
		return nil, fmt.Errorf("loyalty: record redemption: %w", err)
	}
	if err := s.ledger.Create(ctx, &models.LoyaltyLedgerEntry{
		ID:         ids.UUID(),
		CustomerID: req.CustomerID,
		Source:     models.LoyaltySourceRedemption,
		SourceID:   red.ID.String(),
		Points:     -req.Points,
	}); err != nil {
		s.log.Warn("ledger entry for redemption", "redemption_id", red.ID, "err", err)
	}
	return red, nil
}
