// Package refunds handles refund requests and credit notes.
package refunds

import (
	"context"
	"errors"
	"fmt"
	"log/slog"

	"github.com/rs/xid"

	"github.com/lingua/academy/internal/billing"
	"github.com/lingua/academy/internal/jobs"
	"github.com/lingua/academy/internal/platform/httpx"
	"github.com/lingua/academy/internal/platform/reqctx"
	"github.com/lingua/academy/internal/store"
)

// AutoApproveLimitCents is the amount up to which front-desk refunds are
// approved without a manager.
const AutoApproveLimitCents = 30000

// Service creates refunds and credit notes.
type Service struct {
	store    store.Store
	enqueuer jobs.Enqueuer
	payments billing.PaymentGateway
	log      *slog.Logger
}

// NewService builds the refund service.
func NewService(st store.Store, enq jobs.Enqueuer, pg billing.PaymentGateway, log *slog.Logger) *Service {
	return &Service{store: st, enqueuer: enq, payments: pg, log: log}
}

// RefundInput is the body of POST /v1/refunds.
type RefundInput struct {
	EnrolmentID  string `json:"enrolment_id"`
	InstalmentID string `json:"instalment_id"`
	AmountCents  int64  `json:"amount_cents"`
	Reason       string `json:"reason"`
}

func (in *RefundInput) Validate() error {
	if in.EnrolmentID == "" || in.InstalmentID == "" {
		return errors.New("enrolment_id and instalment_id are required")
	}
	if in.AmountCents <= 0 {
		return errors.New("amount_cents must be positive")
	}
	if in.Reason == "" {
		return errors.New("reason is required")
	}
	return nil
}

// RefundView is a refund in API responses.
type RefundView struct {
	ID           string `json:"id"`
	Status       string `json:"status"`
	AmountCents  int64  `json:"amount_cents"`
	Currency     string `json:"currency"`
	CreditNoteID string `json:"credit_note_id"`
	CreditNoteNo string `json:"credit_note_number"`
}

func (RefundView) CreatedResource() bool { return true }

// RequestRefund records a refund against a paid instalment together with
// its credit note. Refunds under the auto-approve limit are sent to Stripe
// by the issue_refund job.
func (s *Service) RequestRefund(ctx context.Context, in RefundInput) (RefundView, error) {
	enr, err := s.store.GetEnrolment(ctx, in.EnrolmentID)
	if errors.Is(err, store.ErrNotFound) {
		return RefundView{}, httpx.NotFound("enrolment not found")
	}
	if err != nil {
		return RefundView{}, err
	}
	inst, err := s.store.GetInstalment(ctx, in.InstalmentID)
	if err != nil || inst.EnrolmentID != enr.ID {
		return RefundView{}, httpx.NotFound("instalment not found on this enrolment")
	}
	if inst.Status != store.InstalmentPaid {
		return RefundView{}, httpx.Conflict("only paid instalments can be refunded")
	}
	if in.AmountCents > inst.AmountCents {
		return RefundView{}, httpx.Unprocessable("refund exceeds the instalment amount")
	}

	actor := reqctx.ActorFrom(ctx)
	rf := store.Refund{
		ID:           "rf_" + xid.New().String(),
		EnrolmentID:  enr.ID,
		InstalmentID: inst.ID,
		AmountCents:  in.AmountCents,
		Currency:     inst.Currency,
		Reason:       in.Reason,
		Status:       "requested",
		RequestedBy:  actor.ID,
	}
	if in.AmountCents <= AutoApproveLimitCents {
		rf.Status = "approved"
	}
	cn := store.CreditNote{
		ID:          "cn_" + xid.New().String(),
		StudentID:   enr.StudentID,
		RefundID:    rf.ID,
		AmountCents: rf.AmountCents,
		Currency:    rf.Currency,
		Reason:      "Refund: " + in.Reason,
		IssuedBy:    actor.ID,
	}
	err = s.store.InTx(ctx, func(q store.Querier) error {
		if err := q.InsertRefund(ctx, rf); err != nil {
			return err
		}
		if cn.Number, err = q.NextCreditNoteNumber(ctx); err != nil {
			return err
		}
		if err := q.InsertCreditNote(ctx, cn); err != nil {
			return err
		}
		if rf.Status == "approved" {
			return s.enqueuer.EnqueueTx(ctx, q, jobs.IssueRefundArgs{RefundID: rf.ID})
		}
		return nil
	})
	if err != nil {
		return RefundView{}, err
	}
	return RefundView{ID: rf.ID, Status: rf.Status, AmountCents: rf.AmountCents, Currency: rf.Currency,
		CreditNoteID: cn.ID, CreditNoteNo: cn.Number}, nil
}

// CreditNoteInput is the body of POST /v1/students/:id/credit-notes.
type CreditNoteInput struct {
	StudentID   string `params:"id"`
	AmountCents int64  `json:"amount_cents"`
	Currency    string `json:"currency"`
	Reason      string `json:"reason"`
}

func (in *CreditNoteInput) Validate() error {
	if in.AmountCents <= 0 || in.AmountCents > 500000 {
		return errors.New("amount_cents must be between 1 and 500000")
	}
	if in.Reason == "" {
		return errors.New("reason is required")
	}
	if in.Currency == "" {
		in.Currency = "eur"
	}
	return nil
}

// CreditNoteView is a credit note in API responses.
type CreditNoteView struct {
	ID          string `json:"id"`
	Number      string `json:"number"`
	StudentID   string `json:"student_id"`
	AmountCents int64  `json:"amount_cents"`
	Currency    string `json:"currency"`
}

func (CreditNoteView) CreatedResource() bool { return true }

// IssueCreditNote issues a goodwill credit note (e.g. for a cancelled
// class) and credits the student's account.
func (s *Service) IssueCreditNote(ctx context.Context, in CreditNoteInput) (CreditNoteView, error) {
	if _, err := s.store.GetStudent(ctx, in.StudentID); err != nil {
		if errors.Is(err, store.ErrNotFound) {
			return CreditNoteView{}, httpx.NotFound("student not found")
		}
		return CreditNoteView{}, err
	}
	cn := store.CreditNote{
		ID:          "cn_" + xid.New().String(),
		StudentID:   in.StudentID,
		AmountCents: in.AmountCents,
		Currency:    in.Currency,
		Reason:      in.Reason,
		IssuedBy:    reqctx.ActorFrom(ctx).ID,
	}
	err := s.store.InTx(ctx, func(q store.Querier) error {
		var err error
		if cn.Number, err = q.NextCreditNoteNumber(ctx); err != nil {
			return err
		}
		if err := q.InsertCreditNote(ctx, cn); err != nil {
			return err
		}
		return q.AddAccountCredit(ctx, cn.StudentID, cn.AmountCents)
	})
	if err != nil {
		return CreditNoteView{}, err
	}
	return CreditNoteView{ID: cn.ID, Number: cn.Number, StudentID: cn.StudentID,
		AmountCents: cn.AmountCents, Currency: cn.Currency}, nil
}

// IssueApproved sends an approved refund to Stripe; it is run by the
// issue_refund job.
func (s *Service) IssueApproved(ctx context.Context, refundID string) error {
	rf, err := s.store.GetRefund(ctx, refundID)
	if err != nil {
		return err
	}
	if rf.Status != "approved" {
		return nil
	}
	inst, err := s.store.GetInstalment(ctx, rf.InstalmentID)
	if err != nil {
		return err
	}
	if inst.PaymentIntentID == "" {
		return fmt.Errorf("refund %s: instalment %s has no payment intent", rf.ID, inst.ID)
	}
	res, err := s.payments.Refund(ctx, billing.RefundRequest{
		PaymentIntentID: inst.PaymentIntentID,
		AmountCents:     rf.AmountCents,
		Reason:          "requested_by_customer",
		Metadata:        map[string]string{"refund_id": rf.ID, "enrolment_id": rf.EnrolmentID},
		IdempotencyKey:  "refund-" + rf.ID,
	})
	if err != nil {
		return err
	}
	return s.store.MarkRefundIssued(ctx, rf.ID, res.RefundID)
}
