package settlement

import (
	"context"
	"fmt"
	"time"

	"github.com/jmoiron/sqlx"
	"go.temporal.io/sdk/activity"
	"gorm.io/gorm"

	"github.com/quaymile/dispatch/internal/config"
	"github.com/quaymile/dispatch/internal/domain"
	"github.com/quaymile/dispatch/internal/payouts"
	"github.com/quaymile/dispatch/internal/platform/database"
)

// Activities are registered on the worker as a struct; Temporal exposes
// each exported method as an activity.
type Activities struct {
	sqlDB      *sqlx.DB
	statements *database.Repo[domain.SettlementStatement]
	payouts    payouts.Service
	feeBps     int64
}

// NewActivities builds Activities.
func NewActivities(cfg config.Config, sqlDB *sqlx.DB, db *gorm.DB, ps payouts.Service) *Activities {
	return &Activities{
		sqlDB:      sqlDB,
		statements: database.NewRepo[domain.SettlementStatement](db),
		payouts:    ps,
		feeBps:     cfg.SettlementFeeBps,
	}
}

// LockCollections stamps the merchant's unsettled collections for the
// period with the settlement id and returns the totals of everything
// stamped with it. The merchant row lock serialises concurrent settlement
// attempts; a retry re-reads the same stamped set.
func (a *Activities) LockCollections(ctx context.Context, in SettlementInput) (CollectionSummary, error) {
	day, err := time.Parse("2006-01-02", in.PeriodDate)
	if err != nil {
		return CollectionSummary{}, err
	}
	cutoff := day.Add(24 * time.Hour)
	return database.WithTx(ctx, a.sqlDB, func(tx *sqlx.Tx) (CollectionSummary, error) {
		var currency string
		if err := tx.GetContext(ctx, &currency, `SELECT currency FROM merchants WHERE id = $1 FOR UPDATE`, in.MerchantID); err != nil {
			return CollectionSummary{}, fmt.Errorf("lock merchant: %w", err)
		}
		if _, err := tx.ExecContext(ctx, `
			UPDATE cod_collections SET settlement_id = $3, status = 'settling'
			WHERE id IN (
				SELECT id FROM cod_collections
				WHERE merchant_id = $1 AND settlement_id IS NULL AND status = 'collected' AND collected_at < $2
				FOR UPDATE
			)`, in.MerchantID, cutoff, in.SettlementID); err != nil {
			return CollectionSummary{}, err
		}
		var sum CollectionSummary
		if err := tx.GetContext(ctx, &sum, `
			SELECT count(*) AS count, coalesce(sum(amount_cents), 0) AS gross_cents, $2::text AS currency
			FROM cod_collections WHERE settlement_id = $1`, in.SettlementID, currency); err != nil {
			return CollectionSummary{}, err
		}
		activity.GetLogger(ctx).Info("collections locked", "settlement", in.SettlementID, "count", sum.Count)
		return sum, nil
	})
}

// CreateStatement writes the settlement statement.
func (a *Activities) CreateStatement(ctx context.Context, in SettlementInput, sum CollectionSummary) (StatementResult, error) {
	fee := sum.GrossCents * a.feeBps / 10_000
	stmt := &domain.SettlementStatement{
		SettlementID:    in.SettlementID,
		MerchantID:      in.MerchantID,
		PeriodDate:      in.PeriodDate,
		CollectionCount: sum.Count,
		GrossCents:      sum.GrossCents,
		FeeCents:        fee,
		NetCents:        sum.GrossCents - fee,
		Currency:        sum.Currency,
		CreatedAt:       time.Now().UTC(),
	}
	if err := a.statements.Create(ctx, stmt); err != nil {
		return StatementResult{}, fmt.Errorf("insert statement %s: %w", in.SettlementID, err)
	}
	return StatementResult{SettlementID: stmt.SettlementID, NetCents: stmt.NetCents, FeeCents: fee, Currency: stmt.Currency}, nil
}

// PayMerchant transfers the net amount and marks the collections settled.
func (a *Activities) PayMerchant(ctx context.Context, in SettlementInput, stmt StatementResult) (PayoutResult, error) {
	p, err := a.payouts.PaySettlement(ctx, payouts.SettlementPayout{
		SettlementID: in.SettlementID,
		MerchantID:   in.MerchantID,
		AmountCents:  stmt.NetCents,
		Currency:     stmt.Currency,
	})
	if err != nil {
		return PayoutResult{}, err
	}
	if _, err := a.sqlDB.ExecContext(ctx,
		`UPDATE cod_collections SET status = 'settled' WHERE settlement_id = $1 AND status = 'settling'`, in.SettlementID); err != nil {
		return PayoutResult{}, err
	}
	return PayoutResult{PayoutID: p.ID, StripeTransferID: p.StripeTransferID}, nil
}
