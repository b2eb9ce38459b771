package workflows

import (
	"errors"
	"time"

	"go.temporal.io/sdk/temporal"
	"go.temporal.io/sdk/workflow"

	"github.com/harborcity/citeproc/internal/model"
	"github.com/harborcity/citeproc/internal/service"
)

// Schedule is the escalation timetable, measured from the initial notice.
type Schedule struct {
	LateFee1    time.Duration
	LateFee2    time.Duration
	Hold        time.Duration
	Collections time.Duration
}

// DefaultSchedule follows the municipal code's notice periods.
var DefaultSchedule = Schedule{
	LateFee1:    30 * 24 * time.Hour,
	LateFee2:    60 * 24 * time.Hour,
	Hold:        90 * 24 * time.Hour,
	Collections: 150 * 24 * time.Hour,
}

// LifecycleInput starts a citation's lifecycle.
type LifecycleInput struct {
	CitationID     string
	CitationNumber string
	Schedule       Schedule
}

type step struct {
	after time.Duration
	name  string
	run   func(ctx workflow.Context, citationID string) error
}

func ladder(s Schedule) []step {
	return []step{
		{after: s.LateFee1, name: "late_fee_1", run: func(ctx workflow.Context, id string) error {
			if err := workflow.ExecuteActivity(ctx, ActAssessLateFee, LateFeeInput{CitationID: id, Tier: 1}).Get(ctx, nil); err != nil {
				return err
			}
			if err := mail(ctx, id, model.NoticeLate); err != nil {
				return err
			}
			return stage(ctx, id, model.StageLate)
		}},
		{after: s.LateFee2, name: "late_fee_2", run: func(ctx workflow.Context, id string) error {
			return workflow.ExecuteActivity(ctx, ActAssessLateFee, LateFeeInput{CitationID: id, Tier: 2}).Get(ctx, nil)
		}},
		{after: s.Hold, name: "registration_hold", run: func(ctx workflow.Context, id string) error {
			if err := workflow.ExecuteActivity(ctx, ActPlaceHold, id).Get(ctx, nil); err != nil {
				return err
			}
			if err := mail(ctx, id, model.NoticeHold); err != nil {
				return err
			}
			return stage(ctx, id, model.StageHold)
		}},
		{after: s.Collections, name: "collections", run: func(ctx workflow.Context, id string) error {
			if err := mail(ctx, id, model.NoticeCollections); err != nil {
				return err
			}
			if err := workflow.ExecuteActivity(ctx, ActReferCollections, id).Get(ctx, nil); err != nil {
				return err
			}
			return stage(ctx, id, model.StageCollections)
		}},
	}
}

func mail(ctx workflow.Context, citationID, kind string) error {
	return workflow.ExecuteActivity(ctx, ActMailNotice, MailNoticeInput{CitationID: citationID, Kind: kind}).Get(ctx, nil)
}

func stage(ctx workflow.Context, citationID, s string) error {
	return workflow.ExecuteActivity(ctx, ActAdvanceStage, StageInput{CitationID: citationID, Stage: s}).Get(ctx, nil)
}

// lifecycle holds the workflow's signal-driven state.
type lifecycle struct {
	in            LifecycleInput
	voided        bool
	disputed      bool
	plateChanged  bool
	balanceDirty  bool
	balance       workflow.ReceiveChannel
	disputeFiled  workflow.ReceiveChannel
	disputeClosed workflow.ReceiveChannel
	voidCh        workflow.ReceiveChannel
	plateCh       workflow.ReceiveChannel
}

// NoticeLifecycle runs a citation from first notice to payment, dismissal
// or referral to collections.
func NoticeLifecycle(ctx workflow.Context, in LifecycleInput) error {
	ctx = workflow.WithActivityOptions(ctx, workflow.ActivityOptions{
		StartToCloseTimeout: 2 * time.Minute,
		RetryPolicy: &temporal.RetryPolicy{
			InitialInterval:    15 * time.Second,
			BackoffCoefficient: 2,
			MaximumInterval:    time.Hour,
			MaximumAttempts:    25,
		},
	})
	log := workflow.GetLogger(ctx)
	lc := &lifecycle{
		in:            in,
		balance:       workflow.GetSignalChannel(ctx, service.SignalBalanceChanged),
		disputeFiled:  workflow.GetSignalChannel(ctx, service.SignalDisputeFiled),
		disputeClosed: workflow.GetSignalChannel(ctx, service.SignalDisputeResolved),
		voidCh:        workflow.GetSignalChannel(ctx, service.SignalVoided),
		plateCh:       workflow.GetSignalChannel(ctx, service.SignalPlateCorrected),
	}

	noticeKind := model.NoticeInitial
	for {
		if err := lc.notify(ctx, noticeKind); err != nil {
			var appErr *temporal.ApplicationError
			if errors.As(err, &appErr) && appErr.Type() == errTypeNoOwner {
				log.Warn("no registered owner; waiting for a plate correction", "citation", in.CitationNumber)
				if !lc.awaitPlateCorrection(ctx) {
					return nil
				}
				noticeKind = model.NoticeReissue
				continue
			}
			return err
		}

		restart, err := lc.escalate(ctx)
		if err != nil {
			return err
		}
		if !restart {
			return nil
		}
		noticeKind = model.NoticeReissue
	}
}

func (lc *lifecycle) notify(ctx workflow.Context, kind string) error {
	if err := workflow.ExecuteActivity(ctx, ActLookupOwner, lc.in.CitationID).Get(ctx, nil); err != nil {
		return err
	}
	if err := mail(ctx, lc.in.CitationID, kind); err != nil {
		return err
	}
	return stage(ctx, lc.in.CitationID, model.StageNoticed)
}

// escalate walks the ladder. It returns restart=true when a plate
// correction sends the citation back to the first notice.
func (lc *lifecycle) escalate(ctx workflow.Context) (restart bool, err error) {
	start := workflow.Now(ctx)
	for _, st := range ladder(lc.in.Schedule) {
		due := start.Add(st.after)
		for {
			outcome, err := lc.waitUntil(ctx, due)
			if err != nil {
				return false, err
			}
			switch outcome {
			case waitClosed:
				return false, nil
			case waitRestart:
				return true, nil
			case waitDisputed:
				// Escalation pauses while a dispute is open; the clock
				// resumes where it stopped once it is resolved.
				paused := workflow.Now(ctx)
				if !lc.awaitDisputeResolution(ctx) {
					return false, nil
				}
				due = due.Add(workflow.Now(ctx).Sub(paused))
				continue
			}
			break
		}
		if err := st.run(ctx, lc.in.CitationID); err != nil {
			return false, err
		}
	}
	return false, nil
}

type waitOutcome int

const (
	waitDue waitOutcome = iota
	waitClosed
	waitRestart
	waitDisputed
)

// waitUntil sleeps until due, waking on signals to re-read the citation.
func (lc *lifecycle) waitUntil(ctx workflow.Context, due time.Time) (waitOutcome, error) {
	for {
		remaining := due.Sub(workflow.Now(ctx))
		if remaining <= 0 {
			return lc.check(ctx)
		}
		timerCtx, cancel := workflow.WithCancel(ctx)
		timer := workflow.NewTimer(timerCtx, remaining)
		sel := workflow.NewSelector(ctx)
		fired := false
		sel.AddFuture(timer, func(workflow.Future) { fired = true })
		sel.AddReceive(lc.balance, func(c workflow.ReceiveChannel, _ bool) {
			var v int64
			c.Receive(ctx, &v)
			lc.balanceDirty = true
		})
		sel.AddReceive(lc.disputeFiled, func(c workflow.ReceiveChannel, _ bool) {
			var id string
			c.Receive(ctx, &id)
			lc.disputed = true
		})
		sel.AddReceive(lc.voidCh, func(c workflow.ReceiveChannel, _ bool) {
			var reason string
			c.Receive(ctx, &reason)
			lc.voided = true
		})
		sel.AddReceive(lc.plateCh, func(c workflow.ReceiveChannel, _ bool) {
			var plate string
			c.Receive(ctx, &plate)
			lc.plateChanged = true
		})
		sel.Select(ctx)
		cancel()

		switch {
		case lc.voided:
			return waitClosed, nil
		case lc.plateChanged:
			lc.plateChanged = false
			return waitRestart, nil
		case lc.disputed:
			return waitDisputed, nil
		case lc.balanceDirty:
			lc.balanceDirty = false
			out, err := lc.check(ctx)
			if err != nil || out != waitDue {
				return out, err
			}
		case fired:
			return lc.check(ctx)
		}
	}
}

func (lc *lifecycle) check(ctx workflow.Context) (waitOutcome, error) {
	var st service.Standing
	if err := workflow.ExecuteActivity(ctx, ActCitationStanding, lc.in.CitationID).Get(ctx, &st); err != nil {
		return waitDue, err
	}
	switch {
	case st.Closed:
		return waitClosed, nil
	case st.Disputed:
		lc.disputed = true
		return waitDisputed, nil
	}
	return waitDue, nil
}

// awaitDisputeResolution blocks until the dispute is resolved. It returns
// false when the resolution closes the citation.
func (lc *lifecycle) awaitDisputeResolution(ctx workflow.Context) bool {
	var outcome string
	sel := workflow.NewSelector(ctx)
	sel.AddReceive(lc.disputeClosed, func(c workflow.ReceiveChannel, _ bool) { c.Receive(ctx, &outcome) })
	sel.AddReceive(lc.voidCh, func(c workflow.ReceiveChannel, _ bool) {
		var reason string
		c.Receive(ctx, &reason)
		lc.voided = true
	})
	sel.Select(ctx)
	lc.disputed = false
	if lc.voided || outcome == model.OutcomeDismissed {
		return false
	}
	out, err := lc.check(ctx)
	return err == nil && out != waitClosed
}

// awaitPlateCorrection waits up to 60 days for the vendor to correct a plate
// with no registration on file.
func (lc *lifecycle) awaitPlateCorrection(ctx workflow.Context) bool {
	got := false
	sel := workflow.NewSelector(ctx)
	sel.AddReceive(lc.plateCh, func(c workflow.ReceiveChannel, _ bool) {
		var plate string
		c.Receive(ctx, &plate)
		got = true
	})
	sel.AddReceive(lc.voidCh, func(c workflow.ReceiveChannel, _ bool) {
		var reason string
		c.Receive(ctx, &reason)
	})
	sel.AddFuture(workflow.NewTimer(ctx, 60*24*time.Hour), func(workflow.Future) {})
	sel.Select(ctx)
	return got
}
