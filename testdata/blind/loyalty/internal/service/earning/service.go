// Package earning credits and claws back points for purchase events.
package earning

import (
	"context"
	"errors"
	"fmt"
	"log/slog"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgtype"

	"github.com/tidewater/loyalty/internal/db"
	"github.com/tidewater/loyalty/internal/domain"
	"github.com/tidewater/loyalty/internal/platform/ids"
	"github.com/tidewater/loyalty/internal/platform/txn"
)

const consumerName = "earning"

type Service struct {
	uow    txn.UnitOfWork
	policy domain.TierPolicy
	log    *slog.Logger
}

func NewService(uow txn.UnitOfWork, policy domain.TierPolicy, log *slog.Logger) *Service {
	return &Service{uow: uow, policy: policy, log: log}
}

// Credit applies the points earned by a completed purchase. The purchase id
// is claimed in the processed_messages inbox inside the same transaction as
// the ledger entry and balance update.
func (s *Service) Credit(ctx context.Context, evt domain.PurchaseCompleted) (int64, error) {
	var credited int64
	err := s.uow.Do(ctx, func(ctx context.Context, q db.Querier) error {
		claimed, err := q.InsertProcessedMessage(ctx, db.InsertProcessedMessageParams{
			Consumer:  consumerName,
			MessageID: "purchase:" + evt.PurchaseID,
		})
		if err != nil {
			return fmt.Errorf("claim purchase: %w", err)
		}
		if claimed == 0 {
			s.log.DebugContext(ctx, "purchase already credited", "purchase_id", evt.PurchaseID)
			return nil
		}

		member, err := q.GetMemberByExternalRefForUpdate(ctx, evt.CustomerRef)
		if errors.Is(err, pgx.ErrNoRows) {
			// Guest checkout: nothing to credit, but keep the claim so the
			// event is not reconsidered.
			return nil
		}
		if err != nil {
			return err
		}

		points := domain.EarnedPoints(evt.AmountCents, s.policy.Multiplier(domain.Tier(member.Tier)))
		if points == 0 {
			return nil
		}
		if err := q.InsertLedgerEntry(ctx, db.InsertLedgerEntryParams{
			ID:       uuid.NewString(),
			MemberID: member.ID,
			Delta:    points,
			Kind:     "purchase",
			Ref:      pgtype.Text{String: "purchase:" + evt.PurchaseID, Valid: true},
			Note:     "store " + evt.StoreID,
		}); err != nil {
			return fmt.Errorf("ledger: %w", err)
		}
		if _, err := q.AddMemberPoints(ctx, db.AddMemberPointsParams{ID: member.ID, Delta: points}); err != nil {
			return err
		}
		credited = points
		return nil
	})
	return credited, err
}

// Clawback removes the points earned on the refunded share of a purchase.
func (s *Service) Clawback(ctx context.Context, evt domain.PurchaseRefunded) error {
	return s.uow.Do(ctx, func(ctx context.Context, q db.Querier) error {
		member, err := q.GetMemberByExternalRefForUpdate(ctx, evt.CustomerRef)
		if errors.Is(err, pgx.ErrNoRows) {
			return nil
		}
		if err != nil {
			return err
		}
		original, err := q.GetLedgerEntryByRef(ctx, pgtype.Text{String: "purchase:" + evt.PurchaseID, Valid: true})
		if errors.Is(err, pgx.ErrNoRows) {
			s.log.WarnContext(ctx, "refund for purchase with no earn entry", "purchase_id", evt.PurchaseID)
			return nil
		}
		if err != nil {
			return err
		}

		points := domain.ClawbackPoints(original.Delta, evt.RefundedCents, evt.PurchasedCents)
		if points > member.PointsBalance {
			points = member.PointsBalance
		}
		if points == 0 {
			return nil
		}
		// Partial refunds of one purchase are legitimate and repeated, so
		// these entries carry no ref.
		if err := q.InsertLedgerEntry(ctx, db.InsertLedgerEntryParams{
			ID:       ids.New(),
			MemberID: member.ID,
			Delta:    -points,
			Kind:     "purchase_refund",
			Note:     "refund of purchase " + evt.PurchaseID,
		}); err != nil {
			return fmt.Errorf("ledger: %w", err)
		}
		_, err = q.AddMemberPoints(ctx, db.AddMemberPointsParams{ID: member.ID, Delta: -points})
		return err
	})
}
