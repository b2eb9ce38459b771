// Package settlement pays merchants the cash couriers collected on their
// behalf. Each merchant/day is one Temporal workflow.
package settlement

import (
	"fmt"
	"strings"
	"time"

	"go.temporal.io/sdk/temporal"
	"go.temporal.io/sdk/workflow"
)

// SettlementInput identifies one settlement.
type SettlementInput struct {
	SettlementID string `json:"settlement_id"`
	MerchantID   string `json:"merchant_id"`
	PeriodDate   string `json:"period_date"`
}

// CollectionSummary is the output of LockCollections.
type CollectionSummary struct {
	Count      int    `json:"count" db:"count"`
	GrossCents int64  `json:"gross_cents" db:"gross_cents"`
	Currency   string `json:"currency" db:"currency"`
}

// StatementResult is the output of CreateStatement.
type StatementResult struct {
	SettlementID string `json:"settlement_id"`
	NetCents     int64  `json:"net_cents"`
	FeeCents     int64  `json:"fee_cents"`
	Currency     string `json:"currency"`
}

// PayoutResult is the output of PayMerchant.
type PayoutResult struct {
	PayoutID         string `json:"payout_id"`
	StripeTransferID string `json:"stripe_transfer_id"`
}

// SettlementResult is the workflow result.
type SettlementResult struct {
	Collections int    `json:"collections"`
	NetCents    int64  `json:"net_cents"`
	PayoutID    string `json:"payout_id,omitempty"`
}

// SettlementID derives the settlement identifier for a merchant and day.
func SettlementID(merchantID, periodDate string) string {
	return fmt.Sprintf("stl_%s_%s", merchantID, strings.ReplaceAll(periodDate, "-", ""))
}

// MerchantSettlementWorkflow locks the day's collections, writes the
// statement and pays the merchant.
func MerchantSettlementWorkflow(ctx workflow.Context, in SettlementInput) (SettlementResult, error) {
	ctx = workflow.WithActivityOptions(ctx, workflow.ActivityOptions{
		StartToCloseTimeout: 2 * time.Minute,
		RetryPolicy: &temporal.RetryPolicy{
			InitialInterval:    5 * time.Second,
			BackoffCoefficient: 2,
			MaximumInterval:    5 * time.Minute,
			MaximumAttempts:    10,
		},
	})
	logger := workflow.GetLogger(ctx)

	var a *Activities
	var sum CollectionSummary
	if err := workflow.ExecuteActivity(ctx, a.LockCollections, in).Get(ctx, &sum); err != nil {
		return SettlementResult{}, err
	}
	if sum.Count == 0 {
		logger.Info("nothing to settle", "merchant", in.MerchantID, "date", in.PeriodDate)
		return SettlementResult{}, nil
	}

	var stmt StatementResult
	if err := workflow.ExecuteActivity(ctx, a.CreateStatement, in, sum).Get(ctx, &stmt); err != nil {
		return SettlementResult{}, err
	}
	res := SettlementResult{Collections: sum.Count, NetCents: stmt.NetCents}
	if stmt.NetCents <= 0 {
		return res, nil
	}

	var po PayoutResult
	if err := workflow.ExecuteActivity(ctx, a.PayMerchant, in, stmt).Get(ctx, &po); err != nil {
		return res, err
	}
	res.PayoutID = po.PayoutID
	return res, nil
}
