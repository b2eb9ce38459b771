package workflows

import (
	"time"

	"go.temporal.io/sdk/temporal"
	"go.temporal.io/sdk/workflow"

	"github.com/tidewater/loyalty/internal/platform/temporalx"
	"github.com/tidewater/loyalty/internal/provider/giftcardapi"
)

var defaultRetry = &temporal.RetryPolicy{
	InitialInterval:    2 * time.Second,
	BackoffCoefficient: 2,
	MaximumInterval:    5 * time.Minute,
	MaximumAttempts:    20,
}

func withActivityOptions(ctx workflow.Context, timeout time.Duration) workflow.Context {
	return workflow.WithActivityOptions(ctx, workflow.ActivityOptions{
		StartToCloseTimeout: timeout,
		RetryPolicy:         defaultRetry,
	})
}

// GiftCardIssuance reserves points, issues the card with the provider and
// stores it.
func GiftCardIssuance(ctx workflow.Context, requestID string) error {
	ctx = withActivityOptions(ctx, time.Minute)

	if err := workflow.ExecuteActivity(ctx, ActReserveGiftCardPoints, requestID).Get(ctx, nil); err != nil {
		return err
	}
	var card giftcardapi.Card
	if err := workflow.ExecuteActivity(ctx, ActIssueGiftCard, requestID).Get(ctx, &card); err != nil {
		return err
	}
	return workflow.ExecuteActivity(ctx, ActStoreIssuedCard, StoreCardInput{RequestID: requestID, Card: card}).Get(ctx, nil)
}

// MemberStatement generates and e-mails one member's statement.
func MemberStatement(ctx workflow.Context, in temporalx.StatementInput) error {
	ctx = withActivityOptions(ctx, 2*time.Minute)

	var statementID string
	if err := workflow.ExecuteActivity(ctx, ActGenerateStatement, in).Get(ctx, &statementID); err != nil {
		return err
	}
	return workflow.ExecuteActivity(ctx, ActSendStatementEmail, SendStatementInput{
		StatementID: statementID,
		Resend:      in.Resend,
	}).Get(ctx, nil)
}

// PointsExpiry is started nightly by a Temporal schedule.
func PointsExpiry(ctx workflow.Context, in ExpiryInput) (ExpiryProgress, error) {
	ctx = workflow.WithActivityOptions(ctx, workflow.ActivityOptions{
		StartToCloseTimeout: 2 * time.Hour,
		HeartbeatTimeout:    time.Minute,
		RetryPolicy:         defaultRetry,
	})
	if in.RunDate.IsZero() {
		in.RunDate = workflow.Now(ctx).UTC().Truncate(24 * time.Hour)
	}
	var out ExpiryProgress
	err := workflow.ExecuteActivity(ctx, ActExpirePoints, in).Get(ctx, &out)
	return out, err
}
