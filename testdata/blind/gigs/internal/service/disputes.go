package service

import (
	"context"
	"log/slog"
	"net/url"
	"strings"
	"time"

	"github.com/gigbridge/escrow/internal/ids"
	"github.com/gigbridge/escrow/internal/money"
	"github.com/gigbridge/escrow/internal/queue"
	"github.com/gigbridge/escrow/internal/store"
)

// DisputeDeps are the collaborators of DisputeService.
type DisputeDeps struct {
	DB         Runner
	Contracts  ContractRepo
	Milestones MilestoneRepo
	Escrow     EscrowRepo
	Disputes   DisputeRepo
	Ledger     LedgerRepo
	Balances   BalanceRepo
	Refunds    RefundRepo
	Funding    FundingRepo
	Queue      Enqueuer
	Notify     Notifier
	NewID      func() string
	Now        func() time.Time
	Log        *slog.Logger
}

// DisputeService implements Disputes.
type DisputeService struct {
	db         Runner
	contracts  ContractRepo
	milestones MilestoneRepo
	escrow     EscrowRepo
	disputes   DisputeRepo
	ledger     LedgerRepo
	balances   BalanceRepo
	refunds    RefundRepo
	funding    FundingRepo
	queue      Enqueuer
	notify     Notifier
	newID      func() string
	now        func() time.Time
	log        *slog.Logger
}

var _ Disputes = (*DisputeService)(nil)

func NewDisputeService(d DisputeDeps) *DisputeService {
	return &DisputeService{
		db: d.DB, contracts: d.Contracts, milestones: d.Milestones, escrow: d.Escrow, disputes: d.Disputes,
		ledger: d.Ledger, balances: d.Balances, refunds: d.Refunds, funding: d.Funding, queue: d.Queue,
		notify: d.Notify, newID: d.NewID, now: d.Now, log: d.Log.With("svc", "disputes"),
	}
}

// Open opens a dispute on a milestone and freezes its escrow. Either party
// to the contract may open one; a milestone has at most one live dispute.
func (s *DisputeService) Open(ctx context.Context, in OpenDisputeInput) (store.Dispute, error) {
	reason := strings.TrimSpace(in.Reason)
	if reason == "" {
		return store.Dispute{}, invalid("reason is required")
	}
	m, err := s.milestones.Get(ctx, s.db.Q(), in.MilestoneID)
	if err != nil {
		return store.Dispute{}, lookup(err, "milestone", in.MilestoneID)
	}
	switch m.Status {
	case store.MilestoneFunded, store.MilestoneSubmitted, store.MilestoneChangesRequested,
		store.MilestoneApproved, store.MilestoneDisputed:
	default:
		return store.Dispute{}, precondition("milestone %s is %s; nothing to dispute", m.ID, m.Status)
	}
	c, err := s.contracts.Get(ctx, s.db.Q(), m.ContractID)
	if err != nil {
		return store.Dispute{}, err
	}
	if in.OpenedBy != c.ClientID && in.OpenedBy != c.FreelancerID {
		return store.Dispute{}, permission("%s is not a party to contract %s", in.OpenedBy, c.ID)
	}

	// Both parties hear about it right away: the 72 hour response window
	// starts when the dispute is opened.
	if err := s.notify.DisputeOpened(ctx, c, m, reason); err != nil {
		return store.Dispute{}, unavailable(err, "notify parties of dispute on %s", m.ID)
	}

	var d store.Dispute
	err = s.db.WithTx(ctx, func(q Querier) error {
		acct, err := s.escrow.GetForUpdate(ctx, q, m.ID)
		if err != nil {
			return err
		}
		got, created, err := s.disputes.OpenOrGet(ctx, q, store.Dispute{
			ID:            s.newID(),
			MilestoneID:   m.ID,
			OpenedBy:      in.OpenedBy,
			Reason:        reason,
			DisputedMinor: acct.HeldMinor,
			Currency:      acct.Currency,
		})
		if err != nil {
			return err
		}
		d = got
		if !created {
			return nil
		}
		if err := s.escrow.SetFrozen(ctx, q, m.ID, true); err != nil {
			return err
		}
		return s.milestones.SetStatus(ctx, q, m.ID, store.MilestoneDisputed)
	})
	if err != nil {
		return store.Dispute{}, err
	}
	return d, nil
}

// AddEvidence attaches a piece of evidence to an open dispute. The client
// generates the evidence id when the upload starts.
func (s *DisputeService) AddEvidence(ctx context.Context, in EvidenceInput) (int, error) {
	if !ids.ValidUUID(in.EvidenceID) {
		return 0, invalid("evidence_id must be a UUID")
	}
	u, err := url.Parse(in.URL)
	if err != nil || u.Scheme != "https" {
		return 0, invalid("evidence url must be https")
	}
	d, err := s.disputes.Get(ctx, s.db.Q(), in.DisputeID)
	if err != nil {
		return 0, lookup(err, "dispute", in.DisputeID)
	}
	if d.Status != store.DisputeOpen {
		return 0, precondition("dispute %s is %s; evidence is closed", d.ID, d.Status)
	}
	if _, err := s.disputes.InsertEvidence(ctx, s.db.Q(), store.Evidence{
		ID: in.EvidenceID, DisputeID: d.ID, SubmittedBy: in.SubmittedBy, URL: in.URL, Note: in.Note,
	}); err != nil {
		return 0, err
	}
	return s.disputes.CountEvidence(ctx, s.db.Q(), d.ID)
}

// Resolve records an admin's decision on how the disputed amount is split
// and schedules the split. Repeating the same decision returns the dispute
// unchanged.
func (s *DisputeService) Resolve(ctx context.Context, in ResolveInput) (store.Dispute, error) {
	if in.ClientShareBps < 0 || in.ClientShareBps > money.BpsDenominator {
		return store.Dispute{}, invalid("client_share_bps must be between 0 and %d", money.BpsDenominator)
	}
	if in.ResolvedBy == "" {
		return store.Dispute{}, invalid("resolved_by is required")
	}
	var d store.Dispute
	err := s.db.WithTx(ctx, func(q Querier) error {
		cur, err := s.disputes.GetForUpdate(ctx, q, in.DisputeID)
		if err != nil {
			return lookup(err, "dispute", in.DisputeID)
		}
		if cur.Status != store.DisputeOpen {
			if cur.ClientShareBps != nil && *cur.ClientShareBps == in.ClientShareBps {
				d = cur
				return nil
			}
			return precondition("dispute %s is already %s", cur.ID, cur.Status)
		}
		if err := s.disputes.Resolve(ctx, q, cur.ID, in.ClientShareBps, in.Note, in.ResolvedBy); err != nil {
			return err
		}
		share := in.ClientShareBps
		cur.Status = store.DisputeResolved
		cur.ClientShareBps = &share
		cur.ResolutionNote = in.Note
		cur.ResolvedBy = in.ResolvedBy
		d = cur
		return s.queue.EnqueueTx(ctx, q, queue.DisputeSplitArgs{DisputeID: cur.ID}, nil)
	})
	return d, err
}

// ApplySplit moves the disputed amount out of escrow according to the
// resolution: the client's share is refunded to their card, the rest is
// released to the freelancer without a platform fee.
func (s *DisputeService) ApplySplit(ctx context.Context, disputeID string) error {
	return s.db.WithTx(ctx, func(q Querier) error {
		d, err := s.disputes.GetForUpdate(ctx, q, disputeID)
		if err != nil {
			return lookup(err, "dispute", disputeID)
		}
		if d.ClientShareBps == nil {
			return permanent("dispute %s has no resolution", d.ID)
		}
		c, err := s.contracts.ForMilestone(ctx, q, d.MilestoneID)
		if err != nil {
			return err
		}
		refund, release := money.SplitBps(d.DisputedMinor, *d.ClientShareBps)

		if _, err := s.ledger.Post(ctx, q, d.MilestoneID, store.AccountClient, store.Credit, refund, d.Currency, "dispute_refund"); err != nil {
			return err
		}
		if _, err := s.ledger.Post(ctx, q, d.MilestoneID, store.AccountFreelancer, store.Credit, release, d.Currency, "dispute_release"); err != nil {
			return err
		}
		if err := s.escrow.ApplySplit(ctx, q, d.MilestoneID, refund, release); err != nil {
			return err
		}
		if release > 0 {
			if err := s.balances.Credit(ctx, q, c.FreelancerID, d.Currency, release); err != nil {
				return err
			}
		}
		if refund > 0 {
			intent, err := s.funding.LatestSucceeded(ctx, q, d.MilestoneID)
			if err != nil {
				return err
			}
			created, err := s.refunds.CreateIfAbsent(ctx, q, store.Refund{
				MilestoneID: d.MilestoneID, FundingIntentID: intent.ID, AmountMinor: refund, Currency: d.Currency, Status: "pending",
			})
			if err != nil {
				return err
			}
			if created {
				if err := s.queue.EnqueueTx(ctx, q, queue.RefundChargeArgs{MilestoneID: d.MilestoneID}, nil); err != nil {
					return err
				}
			}
		}
		if err := s.disputes.MarkSettled(ctx, q, d.ID); err != nil {
			return err
		}
		return s.milestones.SetStatus(ctx, q, d.MilestoneID, store.MilestoneSettled)
	})
}
