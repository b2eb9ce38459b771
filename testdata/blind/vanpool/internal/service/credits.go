package service

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/google/uuid"

	"github.com/pooltrack/vanpool/internal/domain"
	"github.com/pooltrack/vanpool/internal/platform/db"
	"github.com/pooltrack/vanpool/internal/platform/money"
)

// Credits covers missed-ride credits, goodwill grants and applying credits to
// a month's deduction.
type Credits interface {
	ReportMissedRide(ctx context.Context, memberID uuid.UUID, in MissedRideInput) (*domain.Credit, error)
	GrantCredit(ctx context.Context, in GrantInput) (*domain.Credit, error)
	VoidCredit(ctx context.Context, id uuid.UUID, note string) (*domain.Credit, error)
	ApplyCredits(ctx context.Context, deductionID uuid.UUID) (*ApplyResult, error)
	ExpireCredits(ctx context.Context) (int64, error)
}

// MissedRideInput is a rider's report that the van didn't carry them.
type MissedRideInput struct {
	RideDate  string `json:"ride_date"`
	Direction string `json:"direction"` // "am", "pm" or "both"
	Reason    string `json:"reason"`
}

// GrantInput is an admin's goodwill credit.
type GrantInput struct {
	MemberID    uuid.UUID   `json:"member_id"`
	AmountCents money.Cents `json:"amount_cents"`
	Note        string      `json:"note"`
	GrantedBy   string      `json:"granted_by"`
}

// ApplyResult reports what was applied to a deduction.
type ApplyResult struct {
	DeductionID uuid.UUID   `json:"deduction_id"`
	Applied     money.Cents `json:"applied_cents"`
	Credits     int         `json:"credits"`
}

// creditLifetime is how long a credit stays usable.
const creditLifetime = 90 * 24 * time.Hour

// CreditService implements Credits.
type CreditService struct {
	pool     db.Querier
	tx       db.TxRunner
	credits  CreditStore
	riders   RiderStore
	vanpools VanpoolStore
	fares    FareStore
	log      *slog.Logger
	now      Clock
	newID    IDGen
}

// NewCreditService wires a CreditService.
func NewCreditService(pool db.Querier, tx db.TxRunner, credits CreditStore, riders RiderStore,
	vanpools VanpoolStore, fares FareStore, log *slog.Logger,
) *CreditService {
	return &CreditService{
		pool: pool, tx: tx, credits: credits, riders: riders, vanpools: vanpools, fares: fares,
		log: log.With("service", "credits"), now: SystemClock(), newID: RandomIDs(),
	}
}

// ReportMissedRide credits a rider for a ride the van didn't make (breakdown,
// driver out, route cancelled). Half a day's fare per direction.
func (s *CreditService) ReportMissedRide(ctx context.Context, memberID uuid.UUID, in MissedRideInput) (*domain.Credit, error) {
	rideDate, err := time.Parse(time.DateOnly, in.RideDate)
	if err != nil {
		return nil, fmt.Errorf("%w: ride_date: %v", domain.ErrValidation, err)
	}
	now := s.now()
	if rideDate.After(now) {
		return nil, fmt.Errorf("%w: ride_date is in the future", domain.ErrValidation)
	}
	if now.Sub(rideDate) > 45*24*time.Hour {
		return nil, fmt.Errorf("%w: missed rides must be reported within 45 days", domain.ErrValidation)
	}
	share, err := directionShare(in.Direction)
	if err != nil {
		return nil, err
	}

	rider, err := s.riders.ActiveForMember(ctx, s.pool, memberID)
	if errors.Is(err, db.ErrNotFound) {
		return nil, fmt.Errorf("%w: member has no active seat", domain.ErrInvalidState)
	}
	if err != nil {
		return nil, err
	}
	if rideDate.Before(rider.JoinedOn) {
		return nil, fmt.Errorf("%w: ride_date is before the member joined", domain.ErrValidation)
	}
	van, err := s.vanpools.Get(ctx, s.pool, rider.VanpoolID)
	if err != nil {
		return nil, err
	}
	daily, err := money.DailyRate(van.MonthlyFareCents, money.PeriodOf(rideDate))
	if err != nil {
		return nil, err
	}
	amount := daily * money.Cents(share) / 2
	if amount <= 0 {
		return nil, fmt.Errorf("%w: van has no fare to credit", domain.ErrInvalidState)
	}

	credit, err := s.credits.Insert(ctx, s.pool, domain.Credit{
		ID:          s.newID(),
		MemberID:    memberID,
		RiderID:     &rider.ID,
		Source:      domain.CreditSourceMissedRide,
		RideDate:    &rideDate,
		Direction:   in.Direction,
		AmountCents: amount,
		Note:        in.Reason,
		ExpiresAt:   now.Add(creditLifetime),
	})
	if err != nil {
		return nil, err
	}
	s.log.Info("missed ride credited", "member", memberID, "ride_date", in.RideDate, "amount", amount.String())
	return credit, nil
}

func directionShare(direction string) (int, error) {
	switch direction {
	case "am", "pm":
		return 1, nil
	case "both", "":
		return 2, nil
	default:
		return 0, fmt.Errorf("%w: direction must be am, pm or both", domain.ErrValidation)
	}
}

// GrantCredit issues a goodwill credit.
func (s *CreditService) GrantCredit(ctx context.Context, in GrantInput) (*domain.Credit, error) {
	if in.AmountCents <= 0 || in.AmountCents > 50_000 {
		return nil, fmt.Errorf("%w: amount_cents must be 1-50000", domain.ErrValidation)
	}
	if in.GrantedBy == "" {
		return nil, fmt.Errorf("%w: granted_by is required", domain.ErrValidation)
	}
	var riderID *uuid.UUID
	if rider, err := s.riders.ActiveForMember(ctx, s.pool, in.MemberID); err == nil {
		riderID = &rider.ID
	} else if !errors.Is(err, db.ErrNotFound) {
		return nil, err
	}
	return s.credits.Insert(ctx, s.pool, domain.Credit{
		ID:          s.newID(),
		MemberID:    in.MemberID,
		RiderID:     riderID,
		Source:      domain.CreditSourceGoodwill,
		AmountCents: in.AmountCents,
		Note:        fmt.Sprintf("%s (by %s)", in.Note, in.GrantedBy),
		ExpiresAt:   s.now().Add(creditLifetime),
	})
}

// VoidCredit cancels an open credit. Voiding a credit that is already void is
// not an error.
func (s *CreditService) VoidCredit(ctx context.Context, id uuid.UUID, note string) (*domain.Credit, error) {
	ok, err := s.credits.Void(ctx, s.pool, id, note)
	if err != nil {
		return nil, err
	}
	c, err := s.credits.Get(ctx, s.pool, id)
	if err != nil {
		return nil, err
	}
	if !ok && c.Status != domain.CreditVoid {
		return nil, fmt.Errorf("%w: credit is %s", domain.ErrInvalidState, c.Status)
	}
	return c, nil
}

// ApplyCredits applies a member's open credits to one of their pending
// deductions before it goes to payroll.
func (s *CreditService) ApplyCredits(ctx context.Context, deductionID uuid.UUID) (*ApplyResult, error) {
	d, err := s.fares.GetDeduction(ctx, s.pool, deductionID)
	if err != nil {
		return nil, err
	}
	if d.Status != domain.DeductionPending {
		return nil, fmt.Errorf("%w: deduction is %s", domain.ErrInvalidState, d.Status)
	}
	open, err := s.credits.ListOpen(ctx, s.pool, d.MemberID, s.now())
	if err != nil {
		return nil, err
	}
	res := &ApplyResult{DeductionID: deductionID}
	room := d.GrossCents - d.CreditCents
	var ids []uuid.UUID
	var planned money.Cents
	for _, c := range open {
		if planned+c.AmountCents > room {
			break
		}
		ids = append(ids, c.ID)
		planned += c.AmountCents
	}
	if len(ids) == 0 {
		return res, nil
	}
	applied, err := s.credits.MarkApplied(ctx, s.pool, ids, deductionID)
	if err != nil {
		return nil, err
	}
	if err := s.fares.AddCredit(ctx, s.pool, deductionID, applied); err != nil {
		return nil, err
	}
	res.Applied, res.Credits = applied, len(ids)
	s.log.Info("credits applied", "deduction", deductionID, "applied", applied.String(), "credits", len(ids))
	return res, nil
}

// ExpireCredits expires credits past their expiry. Safe to run any number of
// times: it only ever moves open credits whose time has passed.
func (s *CreditService) ExpireCredits(ctx context.Context) (int64, error) {
	n, err := s.credits.ExpireBefore(ctx, s.pool, s.now())
	if err != nil {
		return 0, err
	}
	if n > 0 {
		s.log.Info("credits expired", "count", n)
	}
	return n, nil
}
