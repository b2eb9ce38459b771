package disbursement

import (
	"time"

	"go.temporal.io/sdk/temporal"
	"go.temporal.io/sdk/workflow"
)

var defaultActivityOptions = workflow.ActivityOptions{
	StartToCloseTimeout: 2 * time.Minute,
	RetryPolicy: &temporal.RetryPolicy{
		InitialInterval:        5 * time.Second,
		BackoffCoefficient:     2,
		MaximumInterval:        10 * time.Minute,
		MaximumAttempts:        25,
		NonRetryableErrorTypes: []string{errInsufficientFunds},
	},
}

// DisburseGrantWorkflow pays an approved grant out in tranches.
func DisburseGrantWorkflow(ctx workflow.Context, in DisburseInput) error {
	ctx = workflow.WithActivityOptions(ctx, defaultActivityOptions)
	logger := workflow.GetLogger(ctx)

	var a *Activities
	tranches := in.Tranches
	if tranches < 1 {
		tranches = 1
	}
	per := in.AmountCents / int64(tranches)

	for t := 1; t <= tranches; t++ {
		amount := per
		if t == tranches {
			amount = in.AmountCents - per*int64(tranches-1)
		}

		var reservationID string
		if err := workflow.ExecuteActivity(ctx, a.ReserveFunds, ReserveInput{
			GrantID: in.GrantID, Tranche: t, AmountCents: amount,
		}).Get(ctx, &reservationID); err != nil {
			return err
		}

		var payout PayoutResult
		if err := workflow.ExecuteActivity(ctx, a.SubmitPayout, PayoutInput{
			GrantID: in.GrantID, OrgID: in.OrgID, Tranche: t, AmountCents: amount, Currency: "usd",
		}).Get(ctx, &payout); err != nil {
			return err
		}

		if err := workflow.ExecuteActivity(ctx, a.FinalizeTranche, FinalizeInput{
			GrantID: in.GrantID, Tranche: t, PayoutID: payout.PayoutID, AmountCents: amount,
		}).Get(ctx, nil); err != nil {
			return err
		}

		if err := workflow.ExecuteActivity(ctx, ActivityPayoutNoticeEmail, NoticeInput{
			OrgID: in.OrgID, PayoutID: payout.PayoutID, AmountCents: amount, Tranche: t,
		}).Get(ctx, nil); err != nil {
			logger.Warn("payout notice failed", "grant_id", in.GrantID, "tranche", t, "error", err)
		}

		if err := workflow.ExecuteActivity(ctx, ActivityNotifyApplicantSMS, SMSInput{
			OrgID: in.OrgID, AmountCents: amount, Reference: payout.PayoutID,
		}).Get(ctx, nil); err != nil {
			logger.Warn("applicant sms failed", "grant_id", in.GrantID, "tranche", t, "error", err)
		}

		logger.Info("tranche disbursed", "grant_id", in.GrantID, "tranche", t, "reservation", reservationID)
		if t < tranches && in.TrancheInterval > 0 {
			if err := workflow.Sleep(ctx, in.TrancheInterval); err != nil {
				return err
			}
		}
	}
	return nil
}

// EmergencyGrantWorkflow pays a one-off emergency grant filed from the ops
// console and texts the applicant.
func EmergencyGrantWorkflow(ctx workflow.Context, in EmergencyInput) (string, error) {
	ctx = workflow.WithActivityOptions(ctx, defaultActivityOptions)

	var transferID string
	if err := workflow.ExecuteActivity(ctx, ActivityIssueEmergencyPayout, in).Get(ctx, &transferID); err != nil {
		return "", err
	}
	if err := workflow.ExecuteActivity(ctx, ActivityNotifyApplicantSMS, SMSInput{
		OrgID: in.OrgID, AmountCents: in.AmountCents, Reference: in.RequestID,
	}).Get(ctx, nil); err != nil {
		workflow.GetLogger(ctx).Warn("applicant sms failed", "request_id", in.RequestID, "error", err)
	}
	return transferID, nil
}
