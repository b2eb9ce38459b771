package service

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/google/uuid"

	"github.com/haulgrid/loadboard/internal/domain"
	"github.com/haulgrid/loadboard/internal/events"
	"github.com/haulgrid/loadboard/internal/platform/ids"
)

// TenderingService awards loads, runs the carrier's side of a tender and
// provides the operations the tender workflow's activities call.
type TenderingService struct {
	tx          Transactor
	loads       LoadStore
	bids        BidStore
	tenders     TenderStore
	attempts    AttemptStore
	assignments AssignmentStore
	workflows   TenderWorkflows
	outbox      Outbox
	now         NowFunc
	newID       NewIDFunc

	maxRounds   int
	offerWindow time.Duration
}

func NewTenderingService(
	tx Transactor,
	loads LoadStore,
	bids BidStore,
	tenders TenderStore,
	attempts AttemptStore,
	assignments AssignmentStore,
	workflows TenderWorkflows,
	outbox Outbox,
) *TenderingService {
	return &TenderingService{
		tx:          tx,
		loads:       loads,
		bids:        bids,
		tenders:     tenders,
		attempts:    attempts,
		assignments: assignments,
		workflows:   workflows,
		outbox:      outbox,
		now:         time.Now,
		newID:       uuid.NewString,
		maxRounds:   5,
		offerWindow: 30 * time.Minute,
	}
}

// AwardResult reports the workflow tendering the load.
type AwardResult struct {
	LoadID     string   `json:"load_id"`
	WorkflowID string   `json:"workflow_id"`
	BidIDs     []string `json:"bid_ids"`
}

// Award starts tendering an open load to its best bids, or to the bids the
// broker picked, in order.
func (s *TenderingService) Award(ctx context.Context, loadID, brokerID string, bidIDs []string) (*AwardResult, error) {
	load, err := s.loads.Get(ctx, loadID)
	if err != nil {
		return nil, err
	}
	if load.Status != domain.LoadOpen {
		return nil, &domain.TransitionError{Entity: "load", ID: loadID, From: string(load.Status), To: string(domain.LoadTendering)}
	}
	candidates, err := s.candidates(ctx, loadID, bidIDs)
	if err != nil {
		return nil, err
	}
	if len(candidates) == 0 {
		return nil, domain.Invalid("bid_ids", "load has no active bids to tender")
	}

	workflowID, err := s.workflows.StartTender(ctx, domain.TenderPlan{
		LoadID:      loadID,
		AwardedBy:   brokerID,
		Candidates:  candidates,
		OfferWindow: s.offerWindow,
	})
	if err != nil {
		return nil, fmt.Errorf("start tender workflow: %w", err)
	}
	if err := s.loads.StartTendering(ctx, loadID, workflowID); err != nil {
		return nil, err
	}
	res := &AwardResult{LoadID: loadID, WorkflowID: workflowID}
	for _, c := range candidates {
		res.BidIDs = append(res.BidIDs, c.BidID)
	}
	return res, nil
}

func (s *TenderingService) candidates(ctx context.Context, loadID string, bidIDs []string) ([]domain.TenderCandidate, error) {
	var bids []*domain.Bid
	if len(bidIDs) == 0 {
		ranked, err := s.bids.Ranked(ctx, loadID, s.maxRounds)
		if err != nil {
			return nil, err
		}
		bids = ranked
	} else {
		if len(bidIDs) > s.maxRounds {
			return nil, domain.Invalid("bid_ids", fmt.Sprintf("at most %d bids per award", s.maxRounds))
		}
		for _, id := range bidIDs {
			b, err := s.bids.Get(ctx, id)
			if err != nil {
				return nil, err
			}
			if b.LoadID != loadID || b.Status != domain.BidActive {
				return nil, domain.Invalid("bid_ids", "bid "+id+" is not an active bid on this load")
			}
			bids = append(bids, b)
		}
	}
	out := make([]domain.TenderCandidate, 0, len(bids))
	for _, b := range bids {
		out = append(out, domain.TenderCandidate{BidID: b.ID, CarrierID: b.CarrierID, RateCents: b.AmountCents})
	}
	return out, nil
}

// Accept records the carrier's acceptance, books the load and wakes the
// tender workflow.
func (s *TenderingService) Accept(ctx context.Context, tenderID, carrierID string) (*domain.Tender, error) {
	t, err := s.tenders.Get(ctx, tenderID)
	if err != nil {
		return nil, err
	}
	if t.CarrierID != carrierID {
		return nil, domain.ErrForbidden
	}
	now := s.now().UTC()
	err = s.tx.WithinTx(ctx, func(ctx context.Context) error {
		open, err := s.tenders.Respond(ctx, tenderID, domain.TenderAccepted, "", now)
		if err != nil {
			return err
		}
		if !open {
			return &domain.TransitionError{Entity: "tender", ID: tenderID, From: string(t.Status), To: string(domain.TenderAccepted)}
		}
		return s.outbox.Publish(ctx, events.TopicTenderAccepted, ids.Derived("tender.accepted", tenderID), events.TenderAccepted{
			TenderID:   t.ID,
			LoadID:     t.LoadID,
			CarrierID:  t.CarrierID,
			RateCents:  t.RateCents,
			WorkflowID: t.WorkflowID,
			AcceptedAt: now,
		})
	})
	if err != nil {
		return nil, err
	}
	if err := s.loads.MarkCovered(ctx, t.LoadID, t.CarrierID, t.RateCents); err != nil {
		return nil, fmt.Errorf("cover load: %w", err)
	}
	if err := s.workflows.Signal(ctx, t.WorkflowID, domain.TenderResponse{TenderID: t.ID, Accepted: true}); err != nil {
		return nil, fmt.Errorf("signal tender workflow: %w", err)
	}
	t.Status = domain.TenderAccepted
	t.RespondedAt = &now
	return t, nil
}

// Decline records the carrier's refusal. The workflow is told through the
// TenderDeclined event. Declining twice returns the declined tender.
func (s *TenderingService) Decline(ctx context.Context, tenderID, carrierID, reason string) (*domain.Tender, error) {
	t, err := s.tenders.Get(ctx, tenderID)
	if err != nil {
		return nil, err
	}
	if t.CarrierID != carrierID {
		return nil, domain.ErrForbidden
	}
	now := s.now().UTC()
	err = s.tx.WithinTx(ctx, func(ctx context.Context) error {
		open, err := s.tenders.Respond(ctx, tenderID, domain.TenderDeclined, reason, now)
		if err != nil {
			return err
		}
		if !open {
			cur, err := s.tenders.Get(ctx, tenderID)
			if err != nil {
				return err
			}
			if cur.Status == domain.TenderDeclined {
				t = cur
				return nil
			}
			return &domain.TransitionError{Entity: "tender", ID: tenderID, From: string(cur.Status), To: string(domain.TenderDeclined)}
		}
		t.Status, t.RespondedAt, t.DeclineReason = domain.TenderDeclined, &now, reason
		return s.outbox.Publish(ctx, events.TopicTenderDeclined, ids.Derived("tender.declined", tenderID), events.TenderDeclined{
			TenderID:   t.ID,
			LoadID:     t.LoadID,
			CarrierID:  t.CarrierID,
			WorkflowID: t.WorkflowID,
			Reason:     reason,
			DeclinedAt: now,
		})
	})
	if err != nil {
		return nil, err
	}
	return t, nil
}

// ForwardDecline passes a decline to the tender workflow. The workflow
// matches responses on tender ID and ignores ones for tenders it is no
// longer waiting on.
func (s *TenderingService) ForwardDecline(ctx context.Context, evt events.TenderDeclined) error {
	return s.workflows.Signal(ctx, evt.WorkflowID, domain.TenderResponse{
		TenderID: evt.TenderID,
		Accepted: false,
		Reason:   evt.Reason,
	})
}

// StopForCancelledLoad cancels the tender workflow of a cancelled load.
func (s *TenderingService) StopForCancelledLoad(ctx context.Context, evt events.LoadCancelled) error {
	load, err := s.loads.Get(ctx, evt.LoadID)
	if err != nil {
		if errors.Is(err, domain.ErrNotFound) {
			return nil
		}
		return err
	}
	if load.TenderWorkflowID == "" {
		return nil
	}
	return s.workflows.Cancel(ctx, load.TenderWorkflowID, "load cancelled: "+evt.Reason)
}

// OfferInput describes one offer round.
type OfferInput struct {
	LoadID     string
	WorkflowID string
	Candidate  domain.TenderCandidate
	Window     time.Duration
}

// Offer creates the tender for a round. There is one tender per (load, bid),
// so a repeated call returns the tender created the first time.
func (s *TenderingService) Offer(ctx context.Context, in OfferInput) (*domain.Tender, error) {
	now := s.now().UTC()
	t, _, err := s.tenders.Offer(ctx, &domain.Tender{
		ID:         s.newID(),
		LoadID:     in.LoadID,
		BidID:      in.Candidate.BidID,
		CarrierID:  in.Candidate.CarrierID,
		RateCents:  in.Candidate.RateCents,
		WorkflowID: in.WorkflowID,
		OfferedAt:  now,
		ExpiresAt:  now.Add(in.Window),
	})
	return t, err
}

// Expire closes a tender whose window passed without an answer. It reports
// whether the tender was still open.
func (s *TenderingService) Expire(ctx context.Context, tenderID string) (bool, error) {
	return s.tenders.Expire(ctx, tenderID)
}

// RecordAttempt appends to the tender attempt log.
func (s *TenderingService) RecordAttempt(ctx context.Context, a domain.TenderAttempt) error {
	a.ID = ids.Short()
	a.RecordedAt = s.now().UTC()
	return s.attempts.Append(ctx, &a)
}

// BookInput identifies the accepted tender to book.
type BookInput struct {
	LoadID   string
	TenderID string
}

// Book records the assignment for an accepted tender and closes out the
// losing bids.
func (s *TenderingService) Book(ctx context.Context, in BookInput) (*domain.Assignment, error) {
	t, err := s.tenders.Get(ctx, in.TenderID)
	if err != nil {
		return nil, err
	}
	if t.Status != domain.TenderAccepted {
		return nil, &domain.TransitionError{Entity: "tender", ID: t.ID, From: string(t.Status), To: "booked"}
	}
	ranked, err := s.bids.Ranked(ctx, in.LoadID, 100)
	if err != nil {
		return nil, err
	}
	var losing []string
	for _, b := range ranked {
		if b.ID != t.BidID {
			losing = append(losing, b.ID)
		}
	}
	a := &domain.Assignment{
		LoadID:    in.LoadID,
		TenderID:  t.ID,
		CarrierID: t.CarrierID,
	}
	err = s.tx.WithinTx(ctx, func(ctx context.Context) error {
		if err := s.bids.SetStatus(ctx, domain.BidAwarded, t.BidID); err != nil {
			return err
		}
		if err := s.bids.SetStatus(ctx, domain.BidLost, losing...); err != nil {
			return err
		}
		return s.assignments.Create(ctx, a)
	})
	if err != nil {
		return nil, err
	}
	return a, nil
}

// Reopen puts a load whose tender rounds all failed back on the board.
func (s *TenderingService) Reopen(ctx context.Context, loadID string) (bool, error) {
	return s.loads.Transition(ctx, loadID, domain.LoadOpen, domain.LoadTendering)
}
