// Package billing implements billing runs and invoice adjustments.
package billing

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"regexp"
	"time"

	"go.temporal.io/api/enums/v1"
	"go.temporal.io/api/serviceerror"
	"go.temporal.io/sdk/client"
	"go.uber.org/fx"
	"gorm.io/gorm"

	"github.com/harborline/brokerage/internal/domain"
	"github.com/harborline/brokerage/internal/platform/config"
	"github.com/harborline/brokerage/internal/platform/ids"
	"github.com/harborline/brokerage/internal/repository"
	"github.com/harborline/brokerage/internal/service/svcerr"
	"github.com/harborline/brokerage/internal/workflows"
)

// Service is the billing use-case boundary.
type Service interface {
	StartRun(ctx context.Context, period, actor string) (*RunResult, error)
	IssueCreditNote(ctx context.Context, invoiceID, idempotencyKey string, in CreditNoteInput) (*domain.CreditNote, error)
}

// RunResult identifies a billing workflow.
type RunResult struct {
	Period     string `json:"period"`
	WorkflowID string `json:"workflow_id"`
	RunID      string `json:"run_id"`
}

// CreditNoteInput is the body of POST /admin/invoices/:id/credit-notes.
type CreditNoteInput struct {
	AmountCents int64  `json:"amount_cents" binding:"required,gt=0"`
	Reason      string `json:"reason" binding:"required"`
	IssuedBy    string `json:"issued_by" binding:"required"`
}

// Deps are the dependencies injected by fx.
type Deps struct {
	fx.In

	Tx       repository.Transactor
	Billing  repository.BillingRepository
	Idem     repository.IdempotencyRepository
	Temporal client.Client
	Config   *config.Config
	Log      *slog.Logger
}

type service struct{ Deps }

// New returns the billing service.
func New(d Deps) *service { return &service{Deps: d} }

var periodRE = regexp.MustCompile(`^\d{4}-(0[1-9]|1[0-2])$`)

// StartRun starts (or attaches to) the billing workflow for a period.
func (s *service) StartRun(ctx context.Context, period, actor string) (*RunResult, error) {
	if !periodRE.MatchString(period) {
		return nil, svcerr.Invalid("period must be YYYY-MM")
	}
	if period >= domain.Period(time.Now()) {
		return nil, svcerr.Invalid("period %s has not ended", period)
	}
	id := workflows.BillingWorkflowID(period)
	run, err := s.Temporal.ExecuteWorkflow(ctx, client.StartWorkflowOptions{
		ID:                       id,
		TaskQueue:                s.Config.BillingTaskQueue,
		WorkflowIDConflictPolicy: enums.WORKFLOW_ID_CONFLICT_POLICY_USE_EXISTING,
		WorkflowIDReusePolicy:    enums.WORKFLOW_ID_REUSE_POLICY_ALLOW_DUPLICATE_FAILED_ONLY,
	}, workflows.BillingWorkflowName, workflows.BillingRunInput{Period: period, RequestedBy: actor})
	if err != nil {
		var started *serviceerror.WorkflowExecutionAlreadyStarted
		if errors.As(err, &started) {
			return &RunResult{Period: period, WorkflowID: id, RunID: started.RunId}, nil
		}
		return nil, err
	}
	return &RunResult{Period: period, WorkflowID: run.GetID(), RunID: run.GetRunID()}, nil
}

// IssueCreditNote reduces an open or paid invoice.
func (s *service) IssueCreditNote(ctx context.Context, invoiceID, key string, in CreditNoteInput) (*domain.CreditNote, error) {
	if key == "" {
		return nil, svcerr.Invalid("Idempotency-Key header is required")
	}
	b, _ := json.Marshal(in)
	sum := sha256.Sum256(b)
	hash := hex.EncodeToString(sum[:])
	scope := "credit-notes:" + invoiceID

	stored, claimed, err := s.Idem.Claim(ctx, scope, key, hash)
	if err != nil {
		return nil, err
	}
	if !claimed {
		if stored.RequestHash != hash {
			return nil, svcerr.ErrKeyReused
		}
		var cn domain.CreditNote
		if stored.ResponseBody == nil {
			return nil, svcerr.ErrInProgress
		}
		return &cn, json.Unmarshal(stored.ResponseBody, &cn)
	}

	cn := &domain.CreditNote{
		ID:          ids.New(ids.CreditNote),
		InvoiceID:   invoiceID,
		AmountCents: in.AmountCents,
		Reason:      in.Reason,
		IssuedBy:    in.IssuedBy,
		CreatedAt:   time.Now().UTC(),
	}
	err = s.Tx.InTx(ctx, func(tx *gorm.DB) error {
		br := s.Billing.WithTx(tx)
		inv, err := br.GetInvoiceForUpdate(ctx, invoiceID)
		if err != nil {
			return svcerr.FromRepo(err)
		}
		if inv.Status == "draft" || inv.Status == "void" {
			return svcerr.Conflict("invoice is %s", inv.Status)
		}
		if in.AmountCents > inv.DueCents() && inv.Status != "paid" {
			return svcerr.Invalid("credit exceeds amount due")
		}
		if err := br.CreateCreditNote(ctx, cn); err != nil {
			return err
		}
		return br.ApplyCredit(ctx, inv.ID, cn.AmountCents)
	})
	if err != nil {
		return nil, fmt.Errorf("issue credit note: %w", err)
	}

	body, err := domain.MarshalToJSON(cn)
	if err != nil {
		return nil, err
	}
	if err := s.Idem.Complete(ctx, scope, key, 201, body); err != nil {
		s.Log.WarnContext(ctx, "store credit note response", "err", err)
	}
	return cn, nil
}
