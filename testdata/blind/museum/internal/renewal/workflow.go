// Package renewal contains the Temporal workflow that renews annual
// memberships, its activities, and the client-side starter.
package renewal

import (
	"time"

	"go.temporal.io/sdk/temporal"
	"go.temporal.io/sdk/workflow"
)

const (
	WorkflowName     = "MembershipRenewal"
	SignalAutoRenew  = "auto-renew"
	ReminderLeadTime = 14 * 24 * time.Hour
)

func WorkflowID(membershipID string) string { return "membership-renewal-" + membershipID }

type Input struct {
	MembershipID string
	// Period is the membership year currently running (1 = first year).
	Period    int
	ExpiresAt time.Time
	AutoRenew bool
}

type ChargeInput struct {
	MembershipID string
	Period       int
}

type ChargeResult struct {
	Authorised   bool
	PSPReference string
	AmountMinor  int64
	Currency     string
	Refusal      string
}

type ExtendInput struct {
	MembershipID string
	Period       int
	PSPReference string
	AmountMinor  int64
	Currency     string
}

type ExtendResult struct {
	ExpiresAt time.Time
}

type CardInput struct {
	MembershipID string
	Period       int
}

type ReminderInput struct {
	MembershipID string
	Period       int
	RenewsOn     time.Time
}

// RenewalWorkflow runs for the lifetime of an auto-renewing membership: it
// reminds the member before expiry, charges the stored card, extends the
// membership and posts a new card, then continues as new for the next year.
func RenewalWorkflow(ctx workflow.Context, in Input) error {
	logger := workflow.GetLogger(ctx)
	var a *Activities

	ctx = workflow.WithActivityOptions(ctx, workflow.ActivityOptions{
		StartToCloseTimeout: 2 * time.Minute,
		RetryPolicy: &temporal.RetryPolicy{
			InitialInterval:    30 * time.Second,
			BackoffCoefficient: 2,
			MaximumInterval:    time.Hour,
			MaximumAttempts:    25,
		},
	})

	autoRenew := in.AutoRenew
	signals := workflow.GetSignalChannel(ctx, SignalAutoRenew)
	workflow.Go(ctx, func(ctx workflow.Context) {
		for {
			var on bool
			signals.Receive(ctx, &on)
			autoRenew = on
			logger.Info("auto-renew changed", "membership_id", in.MembershipID, "enabled", on)
		}
	})

	next := in.Period + 1
	if wait := in.ExpiresAt.Add(-ReminderLeadTime).Sub(workflow.Now(ctx)); wait > 0 {
		if err := workflow.Sleep(ctx, wait); err != nil {
			return err
		}
	}
	if autoRenew {
		err := workflow.ExecuteActivity(ctx, a.SendRenewalReminder, ReminderInput{
			MembershipID: in.MembershipID, Period: next, RenewsOn: in.ExpiresAt,
		}).Get(ctx, nil)
		if err != nil {
			logger.Warn("renewal reminder failed", "error", err)
		}
	}
	if wait := in.ExpiresAt.Sub(workflow.Now(ctx)); wait > 0 {
		if err := workflow.Sleep(ctx, wait); err != nil {
			return err
		}
	}
	if !autoRenew {
		logger.Info("auto-renew off, membership will lapse", "membership_id", in.MembershipID)
		return nil
	}

	var charge ChargeResult
	if err := workflow.ExecuteActivity(ctx, a.ChargeRenewal, ChargeInput{MembershipID: in.MembershipID, Period: next}).Get(ctx, &charge); err != nil {
		return err
	}
	if !charge.Authorised {
		logger.Info("renewal refused", "membership_id", in.MembershipID, "reason", charge.Refusal)
		return nil
	}

	var extended ExtendResult
	err := workflow.ExecuteActivity(ctx, a.ExtendMembership, ExtendInput{
		MembershipID: in.MembershipID,
		Period:       next,
		PSPReference: charge.PSPReference,
		AmountMinor:  charge.AmountMinor,
		Currency:     charge.Currency,
	}).Get(ctx, &extended)
	if err != nil {
		return err
	}

	cardCtx := workflow.WithActivityOptions(ctx, workflow.ActivityOptions{
		StartToCloseTimeout: 5 * time.Minute,
		RetryPolicy: &temporal.RetryPolicy{
			InitialInterval:    time.Minute,
			BackoffCoefficient: 2,
			MaximumInterval:    6 * time.Hour,
		},
	})
	if err := workflow.ExecuteActivity(cardCtx, a.IssueMembershipCard, CardInput{MembershipID: in.MembershipID, Period: next}).Get(ctx, nil); err != nil {
		logger.Error("card issue failed", "membership_id", in.MembershipID, "error", err)
	}

	return workflow.NewContinueAsNewError(ctx, WorkflowName, Input{
		MembershipID: in.MembershipID,
		Period:       next,
		ExpiresAt:    extended.ExpiresAt,
		AutoRenew:    autoRenew,
	})
}
