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
	"github.com/gigbridge/escrow/internal/provider/payments"
	"github.com/gigbridge/escrow/internal/queue"
	"github.com/gigbridge/escrow/internal/store"
)

// MilestoneDeps are the collaborators of MilestoneService.
type MilestoneDeps struct {
	DB         Runner
	Contracts  ContractRepo
	Milestones MilestoneRepo
	Escrow     EscrowRepo
	Funding    FundingRepo
	Ledger     LedgerRepo
	Refunds    RefundRepo
	Queue      Enqueuer
	Payments   PaymentsProvider
	NewID      func() string
	Now        func() time.Time
	Log        *slog.Logger
}

// MilestoneService implements Milestones.
type MilestoneService struct {
	db         Runner
	contracts  ContractRepo
	milestones MilestoneRepo
	escrow     EscrowRepo
	funding    FundingRepo
	ledger     LedgerRepo
	refunds    RefundRepo
	queue      Enqueuer
	payments   PaymentsProvider
	newID      func() string
	now        func() time.Time
	log        *slog.Logger
}

var _ Milestones = (*MilestoneService)(nil)

func NewMilestoneService(d MilestoneDeps) *MilestoneService {
	return &MilestoneService{
		db: d.DB, contracts: d.Contracts, milestones: d.Milestones, escrow: d.Escrow,
		funding: d.Funding, ledger: d.Ledger, refunds: d.Refunds, queue: d.Queue,
		payments: d.Payments, newID: d.NewID, now: d.Now, log: d.Log.With("svc", "milestones"),
	}
}

func (in NewMilestone) validate() error {
	switch {
	case in.ContractID == "":
		return invalid("contract_id is required")
	case strings.TrimSpace(in.Title) == "":
		return invalid("title is required")
	case len(in.Title) > 200:
		return invalid("title is too long")
	case in.AmountMinor <= 0:
		return invalid("amount must be positive")
	}
	return nil
}

// CreateMilestone adds a draft milestone to an active contract and opens its
// (empty) escrow account.
func (s *MilestoneService) CreateMilestone(ctx context.Context, in NewMilestone) (MilestoneView, error) {
	if err := in.validate(); err != nil {
		return MilestoneView{}, err
	}
	c, err := s.contracts.Get(ctx, s.db.Q(), in.ContractID)
	if err != nil {
		return MilestoneView{}, lookup(err, "contract", in.ContractID)
	}
	if c.Status != "active" {
		return MilestoneView{}, precondition("contract %s is %s", c.ID, c.Status)
	}
	if in.DueAt != nil && in.DueAt.Before(s.now()) {
		return MilestoneView{}, invalid("due date is in the past")
	}

	m := store.Milestone{
		ID:          s.newID(),
		ContractID:  c.ID,
		Title:       strings.TrimSpace(in.Title),
		Description: in.Description,
		AmountMinor: in.AmountMinor,
		Currency:    c.Currency,
		Status:      store.MilestoneDraft,
		DueAt:       in.DueAt,
		CreatedAt:   s.now(),
	}
	err = s.db.WithTx(ctx, func(q Querier) error {
		if err := s.milestones.Insert(ctx, q, m); err != nil {
			return err
		}
		return s.escrow.Open(ctx, q, m.ID, m.Currency)
	})
	if err != nil {
		return MilestoneView{}, err
	}
	s.log.InfoContext(ctx, "milestone created", "milestone_id", m.ID, "contract_id", c.ID, "amount", m.AmountMinor)
	return MilestoneView{Milestone: m, Escrow: store.EscrowAccount{MilestoneID: m.ID, Currency: m.Currency}}, nil
}

// FundMilestone charges the client for a draft milestone. The caller's
// idempotency key identifies the funding attempt: the intent row is created
// once per key and its id is the charge's idempotency key at the provider.
func (s *MilestoneService) FundMilestone(ctx context.Context, in FundInput) (store.FundingIntent, error) {
	if in.IdempotencyKey == "" {
		return store.FundingIntent{}, invalid("idempotency_key is required")
	}
	if in.PaymentMethodID == "" {
		return store.FundingIntent{}, invalid("payment_method_id is required")
	}

	var (
		intent   store.FundingIntent
		contract store.Contract
	)
	err := s.db.WithTx(ctx, func(q Querier) error {
		m, err := s.milestones.GetForUpdate(ctx, q, in.MilestoneID)
		if err != nil {
			return lookup(err, "milestone", in.MilestoneID)
		}
		contract, err = s.contracts.Get(ctx, q, m.ContractID)
		if err != nil {
			return err
		}
		got, created, err := s.funding.CreateOrGet(ctx, q, store.FundingIntent{
			ID:              s.newID(),
			MilestoneID:     m.ID,
			IdempotencyKey:  in.IdempotencyKey,
			PaymentMethodID: in.PaymentMethodID,
			AmountMinor:     m.AmountMinor,
			Currency:        m.Currency,
			Status:          store.FundingPending,
		})
		if err != nil {
			return err
		}
		intent = got
		if !created {
			return nil
		}
		if m.Status != store.MilestoneDraft {
			return precondition("milestone %s is %s", m.ID, m.Status)
		}
		return s.milestones.SetStatus(ctx, q, m.ID, store.MilestoneFundingPending)
	})
	if err != nil {
		return store.FundingIntent{}, err
	}
	if intent.ProviderChargeID != "" || intent.Status != store.FundingPending {
		return intent, nil
	}

	charge, err := s.payments.CreateCharge(ctx, payments.ChargeRequest{
		AmountMinor:     intent.AmountMinor,
		Currency:        intent.Currency,
		PaymentMethodID: intent.PaymentMethodID,
		CustomerID:      contract.ClientID,
		Description:     "Escrow funding for milestone " + intent.MilestoneID,
		Metadata: map[string]string{
			"milestone_id":      intent.MilestoneID,
			"funding_intent_id": intent.ID,
		},
	}, payments.WithIdempotencyKey(ids.Derive("fund", intent.ID)))
	if err != nil {
		return intent, unavailable(err, "charge for milestone %s", intent.MilestoneID)
	}

	status := store.FundingProcessing
	if charge.Status == "failed" {
		status = store.FundingFailed
	}
	if err := s.funding.AttachCharge(ctx, s.db.Q(), intent.ID, charge.ID, status); err != nil {
		return intent, err
	}
	intent.ProviderChargeID = charge.ID
	intent.Status = status
	return intent, nil
}

// ApplyChargeOutcome applies a settled (or failed) charge to the milestone's
// escrow.
func (s *MilestoneService) ApplyChargeOutcome(ctx context.Context, out ChargeOutcome) error {
	return s.db.WithTx(ctx, func(q Querier) error {
		intent, err := s.funding.GetByCharge(ctx, q, out.ChargeID)
		if errors.Is(err, store.ErrNotFound) {
			s.log.WarnContext(ctx, "charge event for unknown charge", "charge_id", out.ChargeID)
			return nil
		}
		if err != nil {
			return err
		}
		if !out.Succeeded {
			if err := s.funding.SetStatus(ctx, q, intent.ID, store.FundingFailed, out.FailureReason); err != nil {
				return err
			}
			_, err := s.milestones.Transition(ctx, q, intent.MilestoneID, store.MilestoneDraft, store.MilestoneFundingPending)
			return err
		}
		if out.AmountMinor != intent.AmountMinor {
			s.log.WarnContext(ctx, "charge amount differs from intent", "intent_id", intent.ID,
				"intent_amount", intent.AmountMinor, "charged", out.AmountMinor)
		}
		if err := s.funding.SetStatus(ctx, q, intent.ID, store.FundingSucceeded, ""); err != nil {
			return err
		}
		if err := s.escrow.CreditFunding(ctx, q, intent.MilestoneID, out.AmountMinor); err != nil {
			return err
		}
		_, err = s.milestones.Transition(ctx, q, intent.MilestoneID, store.MilestoneFunded, store.MilestoneFundingPending)
		return err
	})
}

// CancelMilestone cancels a milestone the freelancer has not started
// delivering on. A funded milestone's escrow is refunded to the client.
func (s *MilestoneService) CancelMilestone(ctx context.Context, milestoneID, reason string) (MilestoneView, error) {
	m, err := s.milestones.Get(ctx, s.db.Q(), milestoneID)
	if err != nil {
		return MilestoneView{}, lookup(err, "milestone", milestoneID)
	}
	switch m.Status {
	case store.MilestoneCancelled:
		return s.view(ctx, m)
	case store.MilestoneDraft:
		if _, err := s.milestones.Transition(ctx, s.db.Q(), m.ID, store.MilestoneCancelled, store.MilestoneDraft); err != nil {
			return MilestoneView{}, err
		}
		m.Status = store.MilestoneCancelled
		return s.view(ctx, m)
	case store.MilestoneFunded:
	default:
		return MilestoneView{}, precondition("milestone %s is %s and cannot be cancelled", m.ID, m.Status)
	}

	// Close the milestone first so no submission can land while the refund
	// is being arranged.
	ok, err := s.milestones.Transition(ctx, s.db.Q(), m.ID, store.MilestoneCancelled, store.MilestoneFunded)
	if err != nil {
		return MilestoneView{}, err
	}
	if !ok {
		return MilestoneView{}, precondition("milestone %s changed state, retry", m.ID)
	}

	err = s.db.WithTx(ctx, func(q Querier) error {
		acct, err := s.escrow.GetForUpdate(ctx, q, m.ID)
		if err != nil {
			return err
		}
		if acct.HeldMinor <= 0 {
			return nil
		}
		intent, err := s.funding.LatestSucceeded(ctx, q, m.ID)
		if err != nil {
			return fmt.Errorf("cancel %s: funding intent: %w", m.ID, err)
		}
		created, err := s.refunds.CreateIfAbsent(ctx, q, store.Refund{
			MilestoneID:     m.ID,
			FundingIntentID: intent.ID,
			AmountMinor:     acct.HeldMinor,
			Currency:        acct.Currency,
			Status:          "pending",
		})
		if err != nil || !created {
			return err
		}
		if err := s.escrow.MoveToRefunded(ctx, q, m.ID, acct.HeldMinor); err != nil {
			return err
		}
		if _, err := s.ledger.AppendKeyed(ctx, q,
			store.LedgerEntry{EntryKey: ids.Derive("refund", m.ID, "escrow"), MilestoneID: m.ID, Account: store.AccountEscrow,
				Direction: store.Debit, AmountMinor: acct.HeldMinor, Currency: acct.Currency, Reason: "cancel_refund"},
			store.LedgerEntry{EntryKey: ids.Derive("refund", m.ID, "client"), MilestoneID: m.ID, Account: store.AccountClient,
				Direction: store.Credit, AmountMinor: acct.HeldMinor, Currency: acct.Currency, Reason: "cancel_refund"},
		); err != nil {
			return err
		}
		return s.queue.EnqueueTx(ctx, q, queue.RefundChargeArgs{MilestoneID: m.ID}, nil)
	})
	if err != nil {
		return MilestoneView{}, err
	}
	s.log.InfoContext(ctx, "milestone cancelled", "milestone_id", m.ID, "reason", reason)
	m.Status = store.MilestoneCancelled
	return s.view(ctx, m)
}

// RefundCancelled sends the refund recorded for a cancelled milestone to the
// payments provider.
func (s *MilestoneService) RefundCancelled(ctx context.Context, milestoneID string) error {
	r, err := s.refunds.Get(ctx, s.db.Q(), milestoneID)
	if err != nil {
		return lookup(err, "refund", milestoneID)
	}
	if r.Status != "pending" {
		return nil
	}
	intent, err := s.funding.Get(ctx, s.db.Q(), r.FundingIntentID)
	if err != nil {
		return err
	}
	if intent.ProviderChargeID == "" {
		return permanent("refund %s: funding intent %s has no charge", milestoneID, intent.ID)
	}
	res, err := s.payments.Refund(ctx, payments.RefundRequest{
		ChargeID:    intent.ProviderChargeID,
		AmountMinor: r.AmountMinor,
		Reason:      "requested_by_customer",
		Metadata:    map[string]string{"milestone_id": milestoneID},
	}, payments.WithIdempotencyKey(ids.Derive("refund", milestoneID)))
	if err != nil {
		return fmt.Errorf("refund %s: %w", milestoneID, err)
	}
	return s.refunds.MarkSubmitted(ctx, s.db.Q(), milestoneID, res.ID)
}

// GetMilestone returns the milestone, its escrow account and its ledger.
func (s *MilestoneService) GetMilestone(ctx context.Context, milestoneID string) (MilestoneView, []store.LedgerEntry, error) {
	m, err := s.milestones.Get(ctx, s.db.Q(), milestoneID)
	if err != nil {
		return MilestoneView{}, nil, lookup(err, "milestone", milestoneID)
	}
	v, err := s.view(ctx, m)
	if err != nil {
		return MilestoneView{}, nil, err
	}
	entries, err := s.ledger.ForMilestone(ctx, s.db.Q(), milestoneID)
	if err != nil {
		return MilestoneView{}, nil, err
	}
	return v, entries, nil
}

func (s *MilestoneService) view(ctx context.Context, m store.Milestone) (MilestoneView, error) {
	acct, err := s.escrow.Get(ctx, s.db.Q(), m.ID)
	if err != nil && !errors.Is(err, store.ErrNotFound) {
		return MilestoneView{}, err
	}
	if acct.Currency == "" {
		acct = store.EscrowAccount{MilestoneID: m.ID, Currency: money.New(0, m.Currency).Currency}
	}
	return MilestoneView{Milestone: m, Escrow: acct}, nil
}
