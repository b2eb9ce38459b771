package service

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"github.com/riverqueue/river"

	"github.com/harborcity/citeproc/internal/jobargs"
	"github.com/harborcity/citeproc/internal/model"
	"github.com/harborcity/citeproc/internal/platform/ids"
	"github.com/harborcity/citeproc/internal/provider/hearingcal"
	"github.com/harborcity/citeproc/internal/store"
)

// Dispute reason codes accepted from the portal.
var disputeReasons = map[string]bool{
	"not_my_vehicle":    true,
	"vehicle_stolen":    true,
	"sold_before_date":  true,
	"emergency_vehicle": true,
	"signage":           true,
	"equipment":         true,
	"other":             true,
}

// DisputeService files disputes and runs them through a hearing.
type DisputeService struct {
	stores    Stores
	calendar  HearingCalendar
	lifecycle Lifecycle
	jobs      Enqueuer
	newID     ids.Generator
	now       clock
	log       *slog.Logger
}

func NewDisputeService(stores Stores, calendar HearingCalendar, lifecycle Lifecycle, jobs Enqueuer, log *slog.Logger) *DisputeService {
	return &DisputeService{
		stores:    stores,
		calendar:  calendar,
		lifecycle: lifecycle,
		jobs:      jobs,
		newID:     ids.Prefixed("dsp_"),
		now:       utcNow,
		log:       log,
	}
}

// FileRequest is a dispute submitted by the owner.
type FileRequest struct {
	CitationNumber string
	ReasonCode     string
	Statement      string
	SubmittedBy    string
}

// File opens the citation's dispute. A citation has at most one dispute; a
// second filing returns the first.
func (s *DisputeService) File(ctx context.Context, req FileRequest) (*model.Dispute, bool, error) {
	if !disputeReasons[req.ReasonCode] {
		return nil, false, invalid("unknown reason code %q", req.ReasonCode)
	}
	var (
		d       *model.Dispute
		created bool
		number  string
	)
	err := s.stores.InTx(ctx, func(r store.Repos) error {
		c, err := r.Citations.GetByNumber(ctx, req.CitationNumber)
		if err != nil {
			return mapNotFound(err, "citation "+req.CitationNumber)
		}
		number = c.CitationNumber
		d, created, err = r.Disputes.Create(ctx, &model.Dispute{
			ID:          s.newID(),
			CitationID:  c.ID,
			ReasonCode:  req.ReasonCode,
			Statement:   req.Statement,
			Status:      model.DisputeOpen,
			SubmittedBy: req.SubmittedBy,
		})
		if err != nil {
			return err
		}
		if !created {
			return nil
		}
		if c.Closed() {
			return conflict("citation %s is %s", c.CitationNumber, c.Status)
		}
		if err := r.Citations.SetDisputed(ctx, c.ID, true); err != nil {
			return err
		}
		return r.Citations.AppendEvent(ctx, c.ID, "dispute_filed", req.ReasonCode, req.SubmittedBy)
	})
	if err != nil {
		return nil, false, err
	}
	if d.Status == model.DisputeOpen || d.Status == model.DisputeScheduled {
		if err := s.lifecycle.Signal(ctx, number, SignalDisputeFiled, d.ID); err != nil {
			s.log.Warn("signal dispute filed", "citation", number, "err", err)
		}
	}
	return d, created, nil
}

// ScheduleRequest picks a docket for a dispute's hearing.
type ScheduleRequest struct {
	DocketID    string
	Interpreter string
	Remote      bool
}

// ScheduleHearing books the dispute onto a hearing docket.
func (s *DisputeService) ScheduleHearing(ctx context.Context, disputeID string, req ScheduleRequest) (*model.Hearing, error) {
	repos := s.stores.Repos(ctx)
	d, err := repos.Disputes.Get(ctx, disputeID)
	if err != nil {
		return nil, mapNotFound(err, "dispute "+disputeID)
	}
	if d.Status != model.DisputeOpen {
		return nil, conflict("dispute %s is %s", disputeID, d.Status)
	}
	c, err := repos.Citations.Get(ctx, d.CitationID)
	if err != nil {
		return nil, err
	}
	owner, err := repos.Notices.Owner(ctx, c.ID)
	party := "Registered owner"
	if err == nil {
		party = owner.FullName
	}

	booking, err := s.calendar.Book(ctx, hearingcal.BookingRequest{
		DocketID:    req.DocketID,
		CaseRef:     c.CitationNumber,
		PartyName:   party,
		Interpreter: req.Interpreter,
		Remote:      req.Remote,
	})
	if err != nil {
		return nil, fmt.Errorf("book docket %s: %w", req.DocketID, err)
	}

	h := &model.Hearing{
		ID:                s.newID(),
		DisputeID:         d.ID,
		CalendarBookingID: booking.ID,
		DocketID:          booking.DocketID,
		ScheduledAt:       booking.ScheduledAt,
		Location:          booking.Room,
	}
	err = s.stores.InTx(ctx, func(r store.Repos) error {
		if err := r.Disputes.CreateHearing(ctx, h); err != nil {
			return err
		}
		if err := r.Disputes.SetStatus(ctx, d.ID, model.DisputeScheduled, false); err != nil {
			return err
		}
		return r.Citations.AppendEvent(ctx, c.ID, "hearing_scheduled",
			booking.ScheduledAt.Format(time.RFC1123), "hearings")
	})
	if err != nil {
		return nil, err
	}
	return h, nil
}

// OutcomeRequest is the hearing officer's decision.
type OutcomeRequest struct {
	Outcome        string
	ReductionCents int64
	Notes          string
	Officer        string
}

// RecordOutcome applies a hearing decision to the citation.
func (s *DisputeService) RecordOutcome(ctx context.Context, hearingID string, req OutcomeRequest) (*model.Hearing, error) {
	repos := s.stores.Repos(ctx)
	h, err := repos.Disputes.GetHearing(ctx, hearingID)
	if err != nil {
		return nil, mapNotFound(err, "hearing "+hearingID)
	}
	if h.Outcome != nil {
		return nil, conflict("hearing %s already has outcome %s", hearingID, *h.Outcome)
	}
	d, err := repos.Disputes.Get(ctx, h.DisputeID)
	if err != nil {
		return nil, err
	}
	c, err := repos.Citations.Get(ctx, d.CitationID)
	if err != nil {
		return nil, err
	}

	var credit int64
	disputeStatus := model.DisputeUpheld
	switch req.Outcome {
	case model.OutcomeDismissed:
		credit = c.BalanceCents
		disputeStatus = model.DisputeDismissed
	case model.OutcomeReduced:
		if req.ReductionCents <= 0 || req.ReductionCents > c.BalanceCents {
			return nil, invalid("reduction must be between 1 and %d", c.BalanceCents)
		}
		credit = req.ReductionCents
	case model.OutcomeLiable, model.OutcomeNoShow:
	default:
		return nil, invalid("unknown outcome %q", req.Outcome)
	}

	if credit > 0 {
		if err := repos.Ledger.Append(ctx, c.ID, model.LedgerAdjustment, -credit, "hearing", h.ID); err != nil {
			return nil, err
		}
		if err := repos.Citations.AdjustBalance(ctx, c.ID, -credit); err != nil {
			return nil, err
		}
	}
	if req.Outcome == model.OutcomeDismissed {
		if err := repos.Citations.SetStatus(ctx, c.ID, model.CitationDismissed); err != nil {
			return nil, err
		}
		payments, err := repos.Payments.ListPayments(ctx, c.ID)
		if err != nil {
			return nil, err
		}
		for _, p := range payments {
			err := s.jobs.Enqueue(ctx, jobargs.DismissalRefund{CitationID: c.ID, PaymentID: p.ID, HearingID: h.ID},
				&river.InsertOpts{Queue: jobargs.QueuePayments, UniqueOpts: river.UniqueOpts{ByArgs: true}})
			if err != nil {
				return nil, err
			}
		}
	}
	if err := repos.Citations.SetDisputed(ctx, c.ID, false); err != nil {
		return nil, err
	}
	if err := repos.Disputes.SetStatus(ctx, d.ID, disputeStatus, true); err != nil {
		return nil, err
	}
	if err := repos.Disputes.SetHearingOutcome(ctx, h.ID, req.Outcome, req.Notes); err != nil {
		return nil, err
	}
	_ = repos.Citations.AppendEvent(ctx, c.ID, "hearing_outcome", req.Outcome, req.Officer)

	if err := s.lifecycle.Signal(ctx, c.CitationNumber, SignalDisputeResolved, req.Outcome); err != nil {
		s.log.Warn("signal dispute resolved", "citation", c.CitationNumber, "err", err)
	}
	return repos.Disputes.GetHearing(ctx, h.ID)
}
