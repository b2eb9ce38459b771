// Package accesssync holds the Temporal workflows and activities that keep the
// door-access vendor in step with certifications, dues standing and bookings.
package accesssync

import (
	"time"

	"go.temporal.io/sdk/temporal"
	"go.temporal.io/sdk/workflow"

	"github.com/kerfhall/makerspace/internal/domain"
)

// TaskQueue is the queue the worker polls.
const TaskQueue = "access-sync"

// AccessChangeInput names the access change to push.
type AccessChangeInput struct {
	ChangeID string
}

// BookingWindowInput names the booking whose door window to open.
type BookingWindowInput struct {
	BookingID string
}

// PushResult is what the vendor answered.
type PushResult struct {
	VendorChangeID string
	State          string
}

// SyncResult is written back once the vendor has accepted a change.
type SyncResult struct {
	ChangeID       string
	MemberID       string
	Zone           string
	State          string
	VendorChangeID string
}

// AttemptInput records an attempt outcome in the audit log.
type AttemptInput struct {
	ChangeID string
	Attempt  int
	Outcome  string
	Detail   string
}

// StatusInput sets a member's status at the vendor.
type StatusInput struct {
	MemberID string
	Status   string
}

func vendorActivityOptions(ctx workflow.Context) workflow.Context {
	return workflow.WithActivityOptions(ctx, workflow.ActivityOptions{
		StartToCloseTimeout: 45 * time.Second,
		RetryPolicy: &temporal.RetryPolicy{
			InitialInterval:        5 * time.Second,
			BackoffCoefficient:     2,
			MaximumInterval:        5 * time.Minute,
			MaximumAttempts:        25,
			NonRetryableErrorTypes: []string{errVendorRejected},
		},
	})
}

func localActivityOptions(ctx workflow.Context) workflow.Context {
	return workflow.WithActivityOptions(ctx, workflow.ActivityOptions{
		StartToCloseTimeout: 15 * time.Second,
		RetryPolicy: &temporal.RetryPolicy{
			InitialInterval:    time.Second,
			BackoffCoefficient: 2,
			MaximumInterval:    time.Minute,
		},
	})
}

// AccessChangeWorkflow pushes one access change to the vendor and records the result.
func AccessChangeWorkflow(ctx workflow.Context, in AccessChangeInput) error {
	var a *Activities
	logger := workflow.GetLogger(ctx)

	var ch domain.AccessChange
	if err := workflow.ExecuteActivity(localActivityOptions(ctx), a.LoadChange, in.ChangeID).Get(ctx, &ch); err != nil {
		return err
	}
	if ch.Status == domain.ChangeApplied {
		return nil
	}

	vctx := vendorActivityOptions(ctx)
	var res PushResult
	var err error
	switch ch.Action {
	case domain.AccessGrant:
		err = workflow.ExecuteActivity(vctx, a.PushGrant, ch).Get(ctx, &res)
	case domain.AccessRevoke:
		err = workflow.ExecuteActivity(vctx, a.PushRevoke, ch).Get(ctx, &res)
	case domain.AccessSuspend:
		err = workflow.ExecuteActivity(vctx, a.SetMemberStatus, StatusInput{MemberID: ch.MemberID, Status: "suspended"}).Get(ctx, &res)
	case domain.AccessReinstate:
		err = workflow.ExecuteActivity(vctx, a.SetMemberStatus, StatusInput{MemberID: ch.MemberID, Status: "active"}).Get(ctx, &res)
	default:
		logger.Error("unknown access action", "change", ch.ID, "action", ch.Action)
		return nil
	}

	lctx := localActivityOptions(ctx)
	if err != nil {
		_ = workflow.ExecuteActivity(lctx, a.RecordSyncAttempt, AttemptInput{
			ChangeID: ch.ID, Outcome: "failed", Detail: err.Error(),
		}).Get(ctx, nil)
		return err
	}
	zone := ch.Zone
	if zone == "" {
		zone = "*"
	}
	return workflow.ExecuteActivity(lctx, a.RecordSyncResult, SyncResult{
		ChangeID:       ch.ID,
		MemberID:       ch.MemberID,
		Zone:           zone,
		State:          res.State,
		VendorChangeID: res.VendorChangeID,
	}).Get(ctx, nil)
}

// BookingWindowWorkflow opens the machine room door for the span of a booking.
func BookingWindowWorkflow(ctx workflow.Context, in BookingWindowInput) error {
	var a *Activities
	return workflow.ExecuteActivity(vendorActivityOptions(ctx), a.OpenBookingWindow, in.BookingID).Get(ctx, nil)
}

// CredentialReconcileWorkflow refreshes the local mirror of vendor credentials.
// It runs on a cron schedule.
func CredentialReconcileWorkflow(ctx workflow.Context) error {
	var a *Activities
	ctx = workflow.WithActivityOptions(ctx, workflow.ActivityOptions{
		StartToCloseTimeout: 10 * time.Minute,
		HeartbeatTimeout:    time.Minute,
	})
	return workflow.ExecuteActivity(ctx, a.ReconcileCredentials).Get(ctx, nil)
}
