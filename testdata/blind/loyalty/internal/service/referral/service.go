// Package referral rewards referrers when the people they referred make
// their first purchase.
package referral

import (
	"context"
	"errors"
	"fmt"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgtype"

	"github.com/tidewater/loyalty/internal/db"
	"github.com/tidewater/loyalty/internal/domain"
	"github.com/tidewater/loyalty/internal/platform/ids"
	"github.com/tidewater/loyalty/internal/platform/txn"
)

type Config struct {
	BonusPoints int64
}

type Service struct {
	cfg Config
	uow txn.UnitOfWork
}

func NewService(cfg Config, uow txn.UnitOfWork) *Service {
	return &Service{cfg: cfg, uow: uow}
}

// QualifyFirstPurchase pays the referral bonus when a referred member's first
// purchase arrives.
func (s *Service) QualifyFirstPurchase(ctx context.Context, evt domain.PurchaseCompleted) error {
	if !evt.FirstPurchase {
		return nil
	}
	return s.uow.Do(ctx, func(ctx context.Context, q db.Querier) error {
		referee, err := q.GetMemberByExternalRef(ctx, evt.CustomerRef)
		if errors.Is(err, pgx.ErrNoRows) {
			return nil
		}
		if err != nil {
			return err
		}
		ref, err := q.GetReferralByReferee(ctx, referee.ID)
		if errors.Is(err, pgx.ErrNoRows) {
			return nil
		}
		if err != nil {
			return err
		}

		if err := q.InsertReferralReward(ctx, db.InsertReferralRewardParams{
			ReferralID: ref.ID,
			ReferrerID: ref.ReferrerID,
			Points:     s.cfg.BonusPoints,
		}); err != nil {
			return fmt.Errorf("referral reward: %w", err)
		}
		if err := q.InsertLedgerEntry(ctx, db.InsertLedgerEntryParams{
			ID:       ids.Prefixed("led"),
			MemberID: ref.ReferrerID,
			Delta:    s.cfg.BonusPoints,
			Kind:     "referral_bonus",
			Ref:      pgtype.Text{String: "referral:" + ref.ID.String(), Valid: true},
			Note:     "referred " + referee.DisplayName,
		}); err != nil {
			return err
		}
		if _, err := q.AddMemberPoints(ctx, db.AddMemberPointsParams{ID: ref.ReferrerID, Delta: s.cfg.BonusPoints}); err != nil {
			return err
		}
		return q.SetReferralStatus(ctx, db.SetReferralStatusParams{ID: ref.ID, Status: "rewarded"})
	})
}
