package service

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"time"

	"github.com/gigbridge/escrow/internal/ids"
	"github.com/gigbridge/escrow/internal/money"
	"github.com/gigbridge/escrow/internal/queue"
	"github.com/gigbridge/escrow/internal/store"
)

// WorkDeps are the collaborators of WorkService.
type WorkDeps struct {
	DB           Runner
	Contracts    ContractRepo
	Milestones   MilestoneRepo
	Submissions  SubmissionRepo
	Escrow       EscrowRepo
	Ledger       LedgerRepo
	Releases     ReleaseRepo
	Balances     BalanceRepo
	Queue        Enqueuer
	NewID        func() string
	Now          func() time.Time
	ReviewWindow time.Duration
	Log          *slog.Logger
}

// WorkService implements Work.
type WorkService struct {
	db           Runner
	contracts    ContractRepo
	milestones   MilestoneRepo
	submissions  SubmissionRepo
	escrow       EscrowRepo
	ledger       LedgerRepo
	releases     ReleaseRepo
	balances     BalanceRepo
	queue        Enqueuer
	newID        func() string
	now          func() time.Time
	reviewWindow time.Duration
	log          *slog.Logger
}

var _ Work = (*WorkService)(nil)

func NewWorkService(d WorkDeps) *WorkService {
	if d.ReviewWindow == 0 {
		d.ReviewWindow = 14 * 24 * time.Hour
	}
	return &WorkService{
		db: d.DB, contracts: d.Contracts, milestones: d.Milestones, submissions: d.Submissions,
		escrow: d.Escrow, ledger: d.Ledger, releases: d.Releases, balances: d.Balances, queue: d.Queue,
		newID: d.NewID, now: d.Now, reviewWindow: d.ReviewWindow, log: d.Log.With("svc", "work"),
	}
}

const maxFilesPerSubmission = 50

// SubmitWork records a new revision of the freelancer's delivery and puts
// the milestone in review. A freelancer may push a newer revision while the
// previous one is still waiting for review.
func (s *WorkService) SubmitWork(ctx context.Context, in SubmitInput) (store.Submission, error) {
	if in.SubmissionRef == "" {
		return store.Submission{}, invalid("submission_ref is required")
	}
	if len(in.FileURLs) == 0 && strings.TrimSpace(in.Note) == "" {
		return store.Submission{}, invalid("a submission needs files or a note")
	}
	if len(in.FileURLs) > maxFilesPerSubmission {
		return store.Submission{}, invalid("at most %d files per submission", maxFilesPerSubmission)
	}

	var sub store.Submission
	err := s.db.WithTx(ctx, func(q Querier) error {
		m, err := s.milestones.GetForUpdate(ctx, q, in.MilestoneID)
		if err != nil {
			return lookup(err, "milestone", in.MilestoneID)
		}
		switch m.Status {
		case store.MilestoneFunded, store.MilestoneChangesRequested, store.MilestoneSubmitted:
		default:
			return precondition("milestone %s is %s; work cannot be submitted", m.ID, m.Status)
		}
		rev, err := s.submissions.NextRevision(ctx, q, m.ID)
		if err != nil {
			return err
		}
		sub = store.Submission{
			ID:            s.newID(),
			MilestoneID:   m.ID,
			SubmissionRef: in.SubmissionRef,
			Revision:      rev,
			Note:          in.Note,
			FileURLs:      in.FileURLs,
			Status:        store.SubmissionPending,
			CreatedAt:     s.now(),
		}
		if err := s.submissions.Insert(ctx, q, sub); err != nil {
			return err
		}
		if err := s.submissions.SupersedePending(ctx, q, m.ID, rev); err != nil {
			return err
		}
		return s.milestones.SetStatus(ctx, q, m.ID, store.MilestoneSubmitted)
	})
	if err != nil {
		return store.Submission{}, err
	}
	return sub, nil
}

// RequestChanges sends a pending submission back to the freelancer.
func (s *WorkService) RequestChanges(ctx context.Context, in RequestChangesInput) (store.Submission, error) {
	var sub store.Submission
	err := s.db.WithTx(ctx, func(q Querier) error {
		var err error
		sub, err = s.submissions.Get(ctx, q, in.SubmissionID)
		if err != nil {
			return lookup(err, "submission", in.SubmissionID)
		}
		changed, err := s.submissions.Transition(ctx, q, sub.ID, store.SubmissionPending, store.SubmissionChangesRequested)
		if err != nil {
			return err
		}
		if !changed {
			if sub.Status == store.SubmissionChangesRequested {
				return nil
			}
			return precondition("submission %s is %s", sub.ID, sub.Status)
		}
		sub.Status = store.SubmissionChangesRequested
		if _, err := s.submissions.InsertReview(ctx, q, store.SubmissionReview{
			SubmissionID: sub.ID, Decision: "changes_requested", Note: in.Note, ReviewerID: in.ReviewerID,
		}); err != nil {
			return err
		}
		_, err = s.milestones.Transition(ctx, q, sub.MilestoneID, store.MilestoneChangesRequested, store.MilestoneSubmitted)
		return err
	})
	return sub, err
}

// Approve accepts the submitted work and schedules the release of funds.
// Clients may approve in parts: each approval releases AmountMinor (or
// everything still held when zero).
func (s *WorkService) Approve(ctx context.Context, in ApproveInput) (ApproveResult, error) {
	if in.AmountMinor < 0 {
		return ApproveResult{}, invalid("amount must not be negative")
	}
	var res ApproveResult
	err := s.db.WithTx(ctx, func(q Querier) error {
		m, err := s.milestones.GetForUpdate(ctx, q, in.MilestoneID)
		if err != nil {
			return lookup(err, "milestone", in.MilestoneID)
		}
		switch m.Status {
		case store.MilestoneSubmitted, store.MilestoneApproved:
		default:
			return precondition("milestone %s is %s; nothing to approve", m.ID, m.Status)
		}
		acct, err := s.escrow.GetForUpdate(ctx, q, m.ID)
		if err != nil {
			return err
		}
		if acct.Frozen {
			return precondition("escrow for milestone %s is frozen by a dispute", m.ID)
		}
		amount := in.AmountMinor
		if amount == 0 {
			amount = acct.HeldMinor
		}
		if amount <= 0 || amount > acct.HeldMinor {
			return invalid("cannot release %d; %d is held", amount, acct.HeldMinor)
		}
		if m.Status == store.MilestoneSubmitted {
			if err := s.milestones.SetStatus(ctx, q, m.ID, store.MilestoneApproved); err != nil {
				return err
			}
			if latest, err := s.submissions.Latest(ctx, q, m.ID); err == nil {
				if _, err := s.submissions.Transition(ctx, q, latest.ID, store.SubmissionPending, store.SubmissionAccepted); err != nil {
					return err
				}
			} else if !errors.Is(err, store.ErrNotFound) {
				return err
			}
			m.Status = store.MilestoneApproved
		}
		res = ApproveResult{Milestone: m, ScheduledMinor: amount}
		return s.queue.EnqueueTx(ctx, q, queue.NewRelease(m.ID, amount, "client_approval"), nil)
	})
	if err != nil {
		return ApproveResult{}, err
	}
	s.log.InfoContext(ctx, "milestone approved", "milestone_id", in.MilestoneID, "approver", in.ApproverID, "release", res.ScheduledMinor)
	return res, nil
}

var errSkip = errors.New("skip")

// AutoApproveOverdue approves milestones whose review window lapsed without
// a decision from the client and schedules a full release for each.
func (s *WorkService) AutoApproveOverdue(ctx context.Context, now time.Time) (int, error) {
	due, err := s.milestones.ListSubmittedBefore(ctx, s.db.Q(), now.Add(-s.reviewWindow), 200)
	if err != nil {
		return 0, err
	}
	approved := 0
	for _, m := range due {
		var held int64
		err := s.db.WithTx(ctx, func(q Querier) error {
			acct, err := s.escrow.GetForUpdate(ctx, q, m.ID)
			if err != nil {
				return err
			}
			if acct.Frozen {
				return errSkip
			}
			ok, err := s.milestones.Transition(ctx, q, m.ID, store.MilestoneApproved, store.MilestoneSubmitted)
			if err != nil {
				return err
			}
			if !ok {
				return errSkip
			}
			held = acct.HeldMinor
			return nil
		})
		if errors.Is(err, errSkip) {
			continue
		}
		if err != nil {
			return approved, fmt.Errorf("auto-approve %s: %w", m.ID, err)
		}
		if held > 0 {
			release := queue.ReleaseFundsArgs{
				ReleaseID:   ids.Derive("auto", m.ID),
				MilestoneID: m.ID,
				GrossMinor:  held,
				Source:      "auto_approval",
			}
			if err := s.queue.Enqueue(ctx, release, nil); err != nil {
				return approved, fmt.Errorf("auto-approve %s: schedule release: %w", m.ID, err)
			}
		}
		approved++
		s.log.InfoContext(ctx, "milestone auto-approved", "milestone_id", m.ID, "held", held)
	}
	return approved, nil
}

// ReleaseFunds applies one release: held escrow moves to the freelancer's
// balance, less the platform fee. Each ReleaseID is applied once.
func (s *WorkService) ReleaseFunds(ctx context.Context, o ReleaseOrder) error {
	return s.db.WithTx(ctx, func(q Querier) error {
		m, err := s.milestones.GetForUpdate(ctx, q, o.MilestoneID)
		if err != nil {
			return lookup(err, "milestone", o.MilestoneID)
		}
		c, err := s.contracts.Get(ctx, q, m.ContractID)
		if err != nil {
			return err
		}
		fee, net := money.FeeBps(o.GrossMinor, c.FeeBps)
		created, err := s.releases.InsertIfAbsent(ctx, q, store.Release{
			ID:           o.ReleaseID,
			MilestoneID:  m.ID,
			FreelancerID: c.FreelancerID,
			GrossMinor:   o.GrossMinor,
			FeeMinor:     fee,
			NetMinor:     net,
			Currency:     m.Currency,
			Source:       o.Source,
		})
		if err != nil {
			return err
		}
		if !created {
			return nil
		}

		acct, err := s.escrow.GetForUpdate(ctx, q, m.ID)
		if err != nil {
			return err
		}
		if acct.Frozen {
			return fmt.Errorf("release %s: escrow frozen", o.ReleaseID)
		}
		if acct.HeldMinor < o.GrossMinor {
			return permanent("release %s: %d requested, %d held", o.ReleaseID, o.GrossMinor, acct.HeldMinor)
		}
		if err := s.escrow.MoveToReleased(ctx, q, m.ID, o.GrossMinor); err != nil {
			return err
		}
		entries := []store.LedgerEntry{
			{EntryKey: ids.Derive("release", o.ReleaseID, "escrow"), MilestoneID: m.ID, Account: store.AccountEscrow,
				Direction: store.Debit, AmountMinor: o.GrossMinor, Currency: m.Currency, Reason: "release"},
			{EntryKey: ids.Derive("release", o.ReleaseID, "freelancer"), MilestoneID: m.ID, Account: store.AccountFreelancer,
				Direction: store.Credit, AmountMinor: net, Currency: m.Currency, Reason: "release"},
		}
		if fee > 0 {
			entries = append(entries, store.LedgerEntry{EntryKey: ids.Derive("release", o.ReleaseID, "fee"), MilestoneID: m.ID,
				Account: store.AccountPlatform, Direction: store.Credit, AmountMinor: fee, Currency: m.Currency, Reason: "platform_fee"})
		}
		if _, err := s.ledger.AppendKeyed(ctx, q, entries...); err != nil {
			return err
		}
		if err := s.balances.Credit(ctx, q, c.FreelancerID, m.Currency, net); err != nil {
			return err
		}
		if acct.HeldMinor == o.GrossMinor {
			if _, err := s.milestones.Transition(ctx, q, m.ID, store.MilestoneReleased, store.MilestoneApproved); err != nil {
				return err
			}
		}
		if fee > 0 {
			return s.queue.EnqueueTx(ctx, q, queue.PlatformFeeArgs{ReleaseID: o.ReleaseID}, nil)
		}
		return nil
	})
}
