package service

import (
	"context"
	"fmt"
	"time"

	"github.com/jmoiron/sqlx"
	"go.uber.org/zap"

	"github.com/trustwell/settlements/internal/domain"
	"github.com/trustwell/settlements/internal/jobs/args"
	"github.com/trustwell/settlements/internal/money"
	"github.com/trustwell/settlements/internal/platform/db"
)

// AllocationService computes claimant shares and approves distribution.
type AllocationService interface {
	Compute(ctx context.Context, settlementID string, in ComputeInput) ([]domain.Allocation, error)
	Approve(ctx context.Context, settlementID, actor string) (*ApprovalResult, error)
}

// ComputeInput tunes an allocation run.
type ComputeInput struct {
	// HoldbackBps is retained from each claimant's gross share (for example
	// an MDL common-benefit assessment) and released later.
	HoldbackBps int `json:"holdback_bps"`
}

// ApprovalResult summarises what approval scheduled.
type ApprovalResult struct {
	SettlementID    string   `json:"settlement_id"`
	Status          string   `json:"status"`
	DisbursementIDs []string `json:"disbursement_ids"`
	LienPaymentIDs  []string `json:"lien_payment_ids"`
	AlreadyApproved bool     `json:"already_approved"`
}

type allocationService struct {
	db            *sqlx.DB
	tx            db.TxManager
	settlements   SettlementRepository
	claimants     ClaimantRepository
	liens         LienRepository
	allocations   AllocationRepository
	disbursements DisbursementRepository
	holdbacks     HoldbackRepository
	lienPayments  LienPaymentRepository
	notices       NoticeRepository
	book          Poster
	queue         JobQueue
	log           *zap.Logger
	allocID       func() string
	disbID        func() string
	holdID        func() string
	lpayID        func() string
	noticeID      func() string
	now           func() time.Time
	render        statementRenderer
	fromAddress   string
}

// NewAllocationService builds the AllocationService.
func NewAllocationService(d Deps) *allocationService {
	return &allocationService{
		db:            d.DB,
		tx:            d.Tx,
		settlements:   d.Settlements,
		claimants:     d.Claimants,
		liens:         d.Liens,
		allocations:   d.Allocations,
		disbursements: d.Disbursements,
		holdbacks:     d.Holdbacks,
		lienPayments:  d.LienPayments,
		notices:       d.Notices,
		book:          d.Book,
		queue:         d.Queue,
		log:           d.Log.Named("allocations"),
		allocID:       d.IDs.Func("alc"),
		disbID:        d.IDs.Func("dsb"),
		holdID:        d.IDs.Func("hld"),
		lpayID:        d.IDs.Func("lpy"),
		noticeID:      d.IDs.Func("ntc"),
		now:           clock,
		render:        newStatementRenderer(d.Config.TrustBankName),
		fromAddress:   d.Config.FromAddress,
	}
}

// Compute recomputes the full allocation for a funded settlement. A draft
// allocation may be recomputed any number of times until it is approved;
// each run replaces the previous rows wholesale.
func (s *allocationService) Compute(ctx context.Context, settlementID string, in ComputeInput) ([]domain.Allocation, error) {
	if in.HoldbackBps < 0 || in.HoldbackBps > 2000 {
		return nil, domain.Invalid("holdback_bps", "must be between 0 and 2000")
	}
	var out []domain.Allocation
	err := s.tx.WithTx(ctx, func(ctx context.Context, tx *sqlx.Tx) error {
		st, err := s.settlements.GetForUpdate(ctx, tx, settlementID)
		if err != nil {
			return err
		}
		if st.Status != domain.SettlementFunded && st.Status != domain.SettlementAllocated {
			return domainStateErr(fmt.Sprintf("settlement is %s; allocation needs a funded settlement", st.Status))
		}
		claimants, err := s.claimants.ListBySettlement(ctx, tx, st.ID)
		if err != nil {
			return err
		}
		if len(claimants) == 0 {
			return domain.Invalid("claimants", "settlement has no claimants")
		}
		liens, err := s.liens.ListBySettlement(ctx, tx, st.ID)
		if err != nil {
			return err
		}
		version, err := s.settlements.BumpAllocationVersion(ctx, tx, st.ID)
		if err != nil {
			return err
		}
		rows, err := s.plan(st, claimants, liens, in.HoldbackBps, version)
		if err != nil {
			return err
		}
		if err := s.allocations.Replace(ctx, tx, st.ID, rows); err != nil {
			return err
		}
		out = rows
		return nil
	})
	return out, err
}

// plan splits the gross by share points, then takes fees, costs, liens and
// the holdback off each claimant's share.
func (s *allocationService) plan(st *domain.Settlement, claimants []domain.Claimant, liens []domain.Lien, holdbackBps, version int) ([]domain.Allocation, error) {
	weights := make([]int64, len(claimants))
	for i, c := range claimants {
		weights[i] = int64(c.SharePoints)
	}
	gross, err := money.Split(st.GrossAmountCents, weights)
	if err != nil {
		return nil, err
	}
	costs, err := money.Split(st.CostReimbursementCents, weights)
	if err != nil {
		return nil, err
	}
	lienBy := map[string]money.Cents{}
	for _, l := range liens {
		lienBy[l.ClaimantID] += l.Payable() - l.PaidCents
	}
	now := s.now()
	rows := make([]domain.Allocation, 0, len(claimants))
	for i, c := range claimants {
		a := domain.Allocation{
			ID:              s.allocID(),
			SettlementID:    st.ID,
			ClaimantID:      c.ID,
			Version:         version,
			GrossShareCents: gross[i],
			FeeCents:        gross[i].BasisPoints(st.FeeRateBps),
			CostCents:       costs[i],
			LienCents:       lienBy[c.ID],
			HoldbackCents:   gross[i].BasisPoints(holdbackBps),
			CreatedAt:       now,
		}
		a.NetCents = a.GrossShareCents - a.FeeCents - a.CostCents - a.LienCents - a.HoldbackCents
		if a.NetCents < 0 {
			return nil, domain.Invalid("liens", fmt.Sprintf(
				"deductions for claimant %s exceed their share by %s", c.ExternalRef, -a.NetCents))
		}
		rows = append(rows, a)
	}
	return rows, nil
}

// Approve locks in the allocation and schedules every payout. Everything —
// the status change, the payout rows and their jobs — commits together, and
// each payout is keyed by what it pays (allocation, lien, claimant), so
// approving twice schedules nothing new.
func (s *allocationService) Approve(ctx context.Context, settlementID, actor string) (*ApprovalResult, error) {
	res := &ApprovalResult{SettlementID: settlementID}
	err := s.tx.WithTx(ctx, func(ctx context.Context, tx *sqlx.Tx) error {
		st, err := s.settlements.GetForUpdate(ctx, tx, settlementID)
		if err != nil {
			return err
		}
		switch st.Status {
		case domain.SettlementAllocated:
		case domain.SettlementApproved, domain.SettlementDisbursing, domain.SettlementDisbursed,
			domain.SettlementClosing, domain.SettlementClosed:
			res.AlreadyApproved = true
			res.Status = string(st.Status)
			return nil
		default:
			return domainStateErr(fmt.Sprintf("settlement is %s; only an allocated settlement can be approved", st.Status))
		}

		allocs, err := s.allocations.ListBySettlement(ctx, tx, st.ID)
		if err != nil {
			return err
		}
		liens, err := s.liens.ListBySettlement(ctx, tx, st.ID)
		if err != nil {
			return err
		}
		claimants, err := s.claimants.ListBySettlement(ctx, tx, st.ID)
		if err != nil {
			return err
		}
		var need money.Cents
		for _, a := range allocs {
			need += a.NetCents + a.LienCents + a.HoldbackCents
		}
		for _, l := range liens {
			if l.Status == domain.LienAsserted {
				return domainStateErr(fmt.Sprintf("lien %s (%s) is unresolved", l.ID, l.LienholderName))
			}
		}
		available, err := s.book.Available(ctx, tx, st.FundsAccount())
		if err != nil {
			return err
		}
		if available < need {
			return fmt.Errorf("%w: need %s, trust holds %s", domain.ErrInsufficientFunds, need, available)
		}
		if ok, err := s.settlements.MarkApproved(ctx, tx, st.ID, actor); err != nil {
			return err
		} else if !ok {
			return domainStateErr("settlement changed during approval")
		}

		now := s.now()
		for _, a := range allocs {
			if a.HoldbackCents > 0 {
				if err := s.holdbacks.InsertIfAbsent(ctx, tx, &domain.Holdback{
					ID: s.holdID(), SettlementID: st.ID, ClaimantID: a.ClaimantID,
					AmountCents: a.HoldbackCents, Reason: "common_benefit",
					Status: domain.HoldbackHeld, CreatedAt: now,
				}); err != nil {
					return err
				}
			}
			if a.NetCents <= 0 {
				continue
			}
			d, err := s.disbursements.InsertIfAbsent(ctx, tx, &domain.Disbursement{
				ID: s.disbID(), SettlementID: st.ID, ClaimantID: a.ClaimantID, AllocationID: a.ID,
				AmountCents: a.NetCents, Status: domain.DisbursementPending, CreatedAt: now,
			})
			if err != nil {
				return err
			}
			if _, err := s.queue.EnqueueTx(ctx, tx, args.DisburseClaimant{DisbursementID: d.ID}, nil); err != nil {
				return err
			}
			res.DisbursementIDs = append(res.DisbursementIDs, d.ID)
		}

		for _, l := range liens {
			due := l.Payable() - l.PaidCents
			if due <= 0 || l.Status != domain.LienResolved {
				continue
			}
			p, err := s.lienPayments.InsertPendingIfAbsent(ctx, tx, &domain.LienPayment{
				ID: s.lpayID(), LienID: l.ID, SettlementID: st.ID, AmountCents: due, CreatedAt: now,
			})
			if err != nil {
				return err
			}
			if err := s.liens.SetStatus(ctx, tx, l.ID, domain.LienPaying); err != nil {
				return err
			}
			if _, err := s.queue.EnqueueTx(ctx, tx, args.PayLien{LienPaymentID: p.ID}, nil); err != nil {
				return err
			}
			res.LienPaymentIDs = append(res.LienPaymentIDs, p.ID)
		}

		if err := s.queueStatements(ctx, tx, st, claimants, allocs, now); err != nil {
			return err
		}
		if _, err := s.settlements.Transition(ctx, tx, st.ID, domain.SettlementDisbursing, domain.SettlementApproved); err != nil {
			return err
		}
		res.Status = string(domain.SettlementDisbursing)
		return nil
	})
	if err != nil {
		return nil, err
	}
	if !res.AlreadyApproved {
		s.log.Info("settlement approved",
			zap.String("settlement_id", settlementID),
			zap.String("actor", actor),
			zap.Int("disbursements", len(res.DisbursementIDs)),
			zap.Int("lien_payments", len(res.LienPaymentIDs)))
	}
	return res, nil
}

// queueStatements stores one distribution statement per claimant, keyed by
// the settlement, and queues its delivery in the same transaction.
func (s *allocationService) queueStatements(ctx context.Context, tx *sqlx.Tx, st *domain.Settlement, claimants []domain.Claimant, allocs []domain.Allocation, now time.Time) error {
	byClaimant := make(map[string]domain.Allocation, len(allocs))
	for _, a := range allocs {
		byClaimant[a.ClaimantID] = a
	}
	key := "distribution:" + st.ID
	for _, c := range claimants {
		a, ok := byClaimant[c.ID]
		if !ok {
			continue
		}
		subject, body := s.render.distribution(st, &c, &a)
		n, created, err := s.notices.InsertIfAbsent(ctx, tx, &domain.Notice{
			ID: s.noticeID(), SettlementID: st.ID, ClaimantID: c.ID,
			Kind: domain.NoticeDistributionStatement, RequestKey: &key,
			ToAddress: c.Email, Subject: subject, Body: body,
			Status: domain.NoticePending, CreatedAt: now,
		})
		if err != nil {
			return err
		}
		if !created {
			continue
		}
		if _, err := s.queue.EnqueueTx(ctx, tx, args.SendNotice{NoticeID: n.ID}, nil); err != nil {
			return err
		}
	}
	return nil
}
